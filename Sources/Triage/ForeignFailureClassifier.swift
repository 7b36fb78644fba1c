import Contracts
import Foundation

/// Classifies a failure from another runner's report: exactly when the text carries a stategate
/// tag (or the file is stategate's own JUnit), by conservative heuristics on the assertion text
/// otherwise, and `unclassified`, with the reason, when unsure.
///
/// A confident wrong class is the worst outcome, so a heuristic applies only when exactly one
/// class's clue appears.
public enum ForeignFailureClassifier {
  /// The result of classifying one failure.
  public struct Verdict: Equatable, Sendable {
    /// The class.
    public var failureClass: FailureClass
    /// Whether it came from a tag or stategate's own verdict.
    public var isExact: Bool
    /// Why.
    public var reason: String
  }

  /// The clues the heuristics look for: an identifier in the assertion and the class it points at.
  static let clues: [(pattern: String, failureClass: FailureClass, why: String)] = [
    ("canRedo", .redoAvailability, "the assertion is about canRedo"),
    ("redoCount", .redoAvailability, "the assertion is about redoCount"),
    ("groupingLevel", .groupBoundary, "the assertion is about groupingLevel"),
    ("undoCount", .groupBoundary, "the assertion is about undoCount"),
    ("canUndo", .groupBoundary, "the assertion is about canUndo (a group too many or too few)"),
    ("levelsOfUndo", .groupBoundary, "the assertion is about levelsOfUndo"),
    ("needsSync", .unknownOutcome, "the assertion is about needsSync"),
  ]

  /// Classifies a failure from its `type`, `message` and text.
  public static func classify(type: String?, message: String?, text: String?) -> Verdict {
    let combined = [message, text].compactMap { $0 }.joined(separator: "\n")
    if let tagged = tag(in: combined) {
      return Verdict(
        failureClass: tagged, isExact: true, reason: "tagged by stategate's assertion helpers")
    }
    if let type, let own = FailureClass(rawValue: type), message?.hasPrefix("step ") == true {
      return Verdict(
        failureClass: own, isExact: true, reason: "classified by stategate when it ran")
    }
    let trimmed = combined.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.isEmpty || trimmed == "failure" {
      return Verdict(
        failureClass: .unclassified, isExact: false,
        reason: "the report carries no assertion text (swift test --xunit-output writes only "
          + "'failure'); read the Swift Testing event stream or rerun with "
          + "--experimental-xunit-message-failure")
    }
    let bytes = Array(combined.utf8)
    let matched = clues.filter { contains(bytes, $0.pattern) }
    let classes = Set(matched.map(\.failureClass))
    if classes.count == 1, let clue = matched.first {
      return Verdict(
        failureClass: clue.failureClass, isExact: false, reason: "heuristic: \(clue.why)")
    }
    if classes.count > 1 {
      return Verdict(
        failureClass: .unclassified, isExact: false,
        reason: "the text mentions " + matched.map(\.pattern).joined(separator: " and ")
          + ", which point at different classes")
    }
    return Verdict(
      failureClass: .unclassified, isExact: false,
      reason: "no clue in the assertion text; a value assertion can be value restoration or a "
        + "group boundary; replay the sequence with stategate to decide")
  }

  /// The class named by a `stategate[CLASS]` tag, if the text carries a valid one.
  static func tag(in text: String) -> FailureClass? {
    let bytes = Array(text.utf8)
    guard let start = firstIndex(of: Array("stategate[".utf8), in: bytes) else { return nil }
    let rest = bytes[(start + 10)...]
    guard let end = rest.firstIndex(of: UInt8(ascii: "]")) else { return nil }
    return FailureClass(rawValue: String(decoding: rest[..<end], as: UTF8.self))
  }

  /// Whether `haystack` contains `needle`'s UTF-8 bytes (a plain byte search: no Foundation
  /// bridging on the hot path of large reports).
  static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
    firstIndex(of: Array(needle.utf8), in: haystack) != nil
  }

  private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard !needle.isEmpty, haystack.count >= needle.count, let first = needle.first else {
      return nil
    }
    var index = 0
    while index <= haystack.count - needle.count {
      if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle)
      {
        return index
      }
      index += 1
    }
    return nil
  }
}
