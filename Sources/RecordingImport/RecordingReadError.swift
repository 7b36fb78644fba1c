/// A recording that cannot be imported: missing, or not a whole, unaltered recording of a known
/// version.
///
/// Import fails closed: such a file is never turned into a case. Public, unlike the rest of this
/// module, because `StateGateError.recording` carries it; its initialiser is the package's own.
public struct RecordingReadError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, broadly.
  public enum Kind: String, Sendable {
    /// There is no file at the path.
    case missing
    /// The file ends early: no trailer, or fewer lines than the trailer counts.
    case truncated
    /// Sequence numbers go backwards, repeat or skip.
    case reordered
    /// The lines do not match the trailer's count and checksum.
    case tampered
    /// The header or a line carries a version this stategate does not read.
    case unknownVersion = "unknown version"
    /// A line is not what the format allows.
    case malformed
    /// The recording is whole, but the app called the recorder where another call belongs (its
    /// own read recorded as a sync), so its session cannot be replayed.
    case miswired = "mis-wired recorder"
    /// The recording is sound, but the subject chosen cannot replay its session in full: it
    /// behaved otherwise than the app did, so a later recorded step does not apply to it.
    case diverged = "does not replay on this subject"
  }

  /// The file.
  public var path: String
  /// The line (from 1), or 0 for the whole file.
  public var line: Int
  /// What is wrong, broadly.
  public var kind: Kind
  /// What is wrong, exactly.
  public var reason: String

  /// Creates an error.
  package init(path: String, line: Int, kind: Kind, reason: String) {
    self.path = path
    self.line = line
    self.kind = kind
    self.reason = reason
  }

  /// One line: `'PATH' is not a recording stategate can import (KIND): REASON`; for a
  /// mis-wired recorder or a session the subject cannot replay in full `PATH:LINE: REASON`,
  /// since the file itself is sound.
  public var description: String {
    switch kind {
    case .missing: return "no recording at '\(path)'"
    case .miswired, .diverged: return "\(path):\(line > 0 ? "\(line):" : "") \(reason)"
    case .truncated, .reordered, .tampered, .unknownVersion, .malformed: break
    }
    let place = line > 0 ? "line \(line): " : ""
    return "'\(path)' is not a recording stategate can import (\(kind.rawValue)): \(place)\(reason)"
  }
}
