import ResultFiles
import ResultSchema

/// The `crashed` manifest, encoded once and filled in per case by replacing marked values, so
/// keeping the crash record current costs a few copies per case instead of an encoding.
struct CrashRecordTemplate {
  /// A part of the template: bytes to copy, or a value to fill in.
  private enum Part {
    case bytes([UInt8])
    case count(Int)
    case classes
    case suite
    case caseID
    case subject
    case step
  }

  private let parts: [Part]

  /// The numbers the template holds where counts go: unlikely values, found textually.
  private static let countMarkers = (1...5).map { 9_876_000_001 + $0 }
  /// The number the template holds where the step goes; the crash handler writes the real one.
  private static let stepMarker = 9_876_000_100
  private static let classesMarker = "\u{1}classes"
  private static let suiteMarker = "\u{1}suite"
  private static let caseMarker = "\u{1}case"
  private static let subjectMarker = "\u{1}subject"

  /// Prepares the template from `manifest` (its counts, classes and crash are replaced).
  ///
  /// - Parameters:
  ///   - manifest: The manifest of the run, status `crashed`.
  ///   - namesCase: Whether the template names a running case (`crash`), or none.
  ///   - encode: How a manifest is encoded.
  init?(_ manifest: Manifest, namesCase: Bool, encode: (Manifest) throws -> [UInt8]) {
    var marked = manifest
    let markers = Self.countMarkers
    marked.counts = Manifest.Counts(
      passed: markers[0], failed: markers[1], skipped: markers[2], interrupted: markers[3],
      notRun: markers[4])
    marked.failuresByClass = [Self.classesMarker: 0]
    marked.crash =
      namesCase
      ? Manifest.Crash(
        suite: Self.suiteMarker, case: Self.caseMarker, subject: Self.subjectMarker,
        lastCompletedStep: Self.stepMarker) : nil
    guard let bytes = try? encode(marked) else { return nil }
    var pieces: [(marker: [UInt8], part: Part)] = markers.enumerated().map {
      (Array(String($0.element).utf8), .count($0.offset))
    }
    pieces.append((Array("\"\\u0001classes\" : 0".utf8), .classes))
    if namesCase {
      pieces += [
        (Array("\"\\u0001suite\"".utf8), .suite), (Array("\"\\u0001case\"".utf8), .caseID),
        (Array("\"\\u0001subject\"".utf8), .subject),
        (Array(String(Self.stepMarker).utf8), .step),
      ]
    }
    var located: [(range: Range<Int>, part: Part)] = []
    for piece in pieces {
      guard let range = bytes.firstRange(of: piece.marker) else { return nil }
      located.append((range, piece.part))
    }
    located.sort { $0.range.lowerBound < $1.range.lowerBound }
    var parts: [Part] = []
    var position = 0
    for (range, part) in located {
      parts.append(.bytes(Array(bytes[position..<range.lowerBound])))
      parts.append(part)
      position = range.upperBound
    }
    parts.append(.bytes(Array(bytes[position...])))
    self.parts = parts
  }

  /// The manifest's bytes for these counts and classes, and the case that is running (whose
  /// last step the crash handler writes): the bytes before the step, and after it (empty for a
  /// template that names no case).
  func fill(
    counts: Manifest.Counts, classes: [String: Int],
    running: (suite: String, case: String, subject: String)?
  ) -> (head: [UInt8], tail: [UInt8]) {
    var head: [UInt8] = []
    var tail: [UInt8] = []
    var afterStep = false
    let numbers = [counts.passed, counts.failed, counts.skipped, counts.interrupted, counts.notRun]
    for part in parts {
      var piece: [UInt8]
      switch part {
      case .bytes(let bytes): piece = bytes
      case .count(let index): piece = Array(String(numbers[index]).utf8)
      case .classes:
        piece = Array(
          classes.keys.sorted().map { "\(Self.quoted($0)) : \(classes[$0] ?? 0)" }
            .joined(separator: ", ").utf8)
      case .suite: piece = Array(Self.quoted(running?.suite ?? "").utf8)
      case .caseID: piece = Array(Self.quoted(running?.case ?? "").utf8)
      case .subject: piece = Array(Self.quoted(running?.subject ?? "").utf8)
      case .step:
        afterStep = true
        continue
      }
      if afterStep {
        tail += piece
      } else {
        head += piece
      }
    }
    return (head, tail)
  }

  private static func quoted(_ text: String) -> String {
    JSONText.quoted(text)
  }
}
