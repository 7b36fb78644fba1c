/// A result directory that could not be created, written, finished or read.
///
/// Public, unlike the rest of this module, because `StateGateError.results` carries it.
public enum ResultDirectoryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The output directory (or the run's directory in it) could not be created.
  case cannotCreate(path: String, reason: String)
  /// A file of the run could not be written.
  case cannotWrite(path: String, reason: String)
  /// The finished directory could not be renamed into place.
  case cannotFinish(path: String, reason: String)
  /// The directory does not exist.
  case missing(path: String)
  /// The directory is not a finished run (still under its temporary name, or no manifest).
  case unfinished(path: String, reason: String)
  /// A file of the directory is not in the expected format.
  case malformed(path: String, line: Int, reason: String)

  /// The diagnostic, one line.
  public var description: String {
    switch self {
    case .cannotCreate(let path, let reason): "cannot create '\(path)': \(reason)"
    case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
    case .cannotFinish(let path, let reason): "cannot move the results into '\(path)': \(reason)"
    case .missing(let path): "'\(path)' does not exist"
    case .unfinished(let path, let reason): "'\(path)' is not a finished run: \(reason)"
    case .malformed(let path, let line, let reason):
      line > 0 ? "'\(path)':\(line): \(reason)" : "'\(path)': \(reason)"
    }
  }
}
