import Contracts
import Foundation
import ResultSchema

/// Classifies a failure from another runner's report: exactly when stategate wrote the class
/// (its own JUnit `type`, or a `stategate[CLASS]` tag starting the failing assertion's message),
/// by conservative heuristics on the failing assertion otherwise, and `unclassified`, with the
/// reason, when unsure.
///
/// A confident wrong class is the worst outcome, so a guess needs exactly one class's clue, named
/// as code (`history.canRedo`, `(undoCount → 2)`) in the failing assertion itself: never in a log
/// line, an earlier passing line or prose such as "not a groupingLevel issue". When the failure
/// names `file:line` and the source is at hand, the assertion at that line decides.
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

  /// What a runner writes before an assertion's own message.
  private static let runnerPrefixes = [
    "failed - ", "Issue recorded (error): ", "Issue recorded: ",
  ]

  /// Classifies a failure from its `type`, `message` and text.
  ///
  /// - Parameters:
  ///   - type: The failure's `type` attribute.
  ///   - message: Its `message` attribute (or a Swift Testing issue's messages).
  ///   - text: Its element text.
  ///   - sources: Where to read the assertion a `file:line` names; `nil`: never.
  ///   - location: Where the runner says the assertion is (a Swift Testing issue's source
  ///     location), when the message does not say.
  /// - Returns: The class, whether it is exact, and why.
  public static func classify(
    type: String?, message: String?, text: String?, sources: SourceLookup? = nil,
    location: (file: String, line: Int)? = nil
  ) -> Verdict {
    if let type, let own = FailureClass(rawValue: type), message?.hasPrefix("step ") == true {
      return Verdict(
        failureClass: own, isExact: true, reason: "classified by stategate when it ran")
    }
    var assertions = FailingAssertion.extract(message: message, text: text)
    if let location, !assertions.isEmpty, assertions[0].file == nil {
      assertions[0].file = location.file
      assertions[0].line = location.line
    }
    for assertion in assertions {
      if let tagged = tag(startingAssertion: assertion.text) {
        return Verdict(
          failureClass: tagged, isExact: true, reason: "tagged by stategate's assertion helpers")
      }
    }
    if assertions.allSatisfy({ $0.text.trimmingCharacters(in: .whitespaces).isEmpty }) {
      return Verdict(
        failureClass: .unclassified, isExact: false,
        reason: "the report carries no assertion text (swift test --xunit-output writes only "
          + "'failure'); read the Swift Testing event stream or rerun with "
          + "--experimental-xunit-message-failure")
    }
    if let sources {
      for assertion in assertions {
        guard let file = assertion.file, let line = assertion.line,
          let statement = sources.assertion(file: file, line: line)
        else { continue }
        let place = "\(PathText.lastComponent(file)):\(line)"
        return verdict(
          matching: codeClues(in: statement), where: "the assertion at \(place)",
          none: "the assertion at \(place) names no history or sync state; a value assertion "
            + "can be value restoration or a group boundary; replay the sequence with stategate")
      }
    }
    let matched = assertions.flatMap { codeClues(in: $0.text) }
    return verdict(
      matching: matched, where: nil,
      none: "no clue in the assertion text; a value assertion can be value restoration or a "
        + "group boundary; replay the sequence with stategate to decide")
  }

  private static func verdict(
    matching matched: [(pattern: String, failureClass: FailureClass, why: String)],
    where place: String?, none: String
  ) -> Verdict {
    let classes = Set(matched.map(\.failureClass))
    if classes.count == 1, let clue = matched.first {
      let why = place.map { "\($0) is about \(clue.pattern)" } ?? clue.why
      return Verdict(failureClass: clue.failureClass, isExact: false, reason: "heuristic: \(why)")
    }
    if classes.count > 1 {
      var names: [String] = []
      for clue in matched where !names.contains(clue.pattern) { names.append(clue.pattern) }
      return Verdict(
        failureClass: .unclassified, isExact: false,
        reason: (place.map { "\($0) names " } ?? "the text mentions ")
          + names.joined(separator: " and ") + ", which point at different classes")
    }
    return Verdict(failureClass: .unclassified, isExact: false, reason: none)
  }

  /// The clues `text` names as code: a member (`.canRedo`), a call argument or operand
  /// (`(canRedo`, `!canRedo`, `canRedo)`, `canRedo ==`, `canRedo →`, `canRedo=`), or the whole text.
  static func codeClues(in text: String) -> [(
    pattern: String, failureClass: FailureClass, why: String
  )] {
    clues.filter { clue in
      var searchStart = text.startIndex
      while let range = text.range(of: clue.pattern, range: searchStart..<text.endIndex) {
        searchStart = range.upperBound
        let before =
          range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : nil
        let after = range.upperBound < text.endIndex ? text[range.upperBound] : nil
        if let before, before.isLetter || before.isNumber || before == "_" { continue }
        if let after, after.isLetter || after.isNumber || after == "_" { continue }
        if before == "." || before == "(" || before == "!" || before == "[" || before == "$" {
          return true
        }
        let rest = text[range.upperBound...].drop { $0 == " " }
        if after == nil || after == ")" || after == "," || after == "]" || after == "="
          || rest.hasPrefix("→") || rest.hasPrefix("==") || rest.hasPrefix("!=")
          || rest.hasPrefix(">") || rest.hasPrefix("<")
        {
          return true
        }
      }
      return false
    }
  }

  /// The class of a `stategate[CLASS]` tag that starts `assertion` (after a runner's own prefix
  /// such as `failed - `), if any.
  static func tag(startingAssertion assertion: String) -> FailureClass? {
    var text = Substring(assertion.trimmingCharacters(in: .whitespaces))
    for prefix in runnerPrefixes where text.hasPrefix(prefix) {
      text = text.dropFirst(prefix.count)
      break
    }
    guard text.hasPrefix("stategate["), let end = text.firstIndex(of: "]") else { return nil }
    return FailureClass(rawValue: String(text[text.index(text.startIndex, offsetBy: 10)..<end]))
  }
}
