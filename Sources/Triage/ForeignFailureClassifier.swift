import Contracts
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
package enum ForeignFailureClassifier {
  /// The result of classifying one failure.
  package struct Verdict: Equatable, Sendable {
    /// The class.
    package var failureClass: FailureClass
    /// Whether it came from a tag or stategate's own verdict.
    package var isExact: Bool
    /// Why.
    package var reason: String
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
  package static func classify(
    type: String?, message: String?, text: String?, sources: SourceLookup? = nil,
    location: (file: String, line: Int)? = nil
  ) -> Verdict {
    if let own = ownVerdict(type: type, message: message) { return own }
    return classify(
      FailingAssertion.extract(message: message, text: text), sources: sources, location: location)
  }

  /// The verdict stategate wrote itself: its own class as the `type` of a failure whose message
  /// names the step.
  static func ownVerdict(type: String?, message: String?) -> Verdict? {
    guard let type, let own = FailureClass(rawValue: type),
      message.map({ FailureText.hasPrefix($0[...], "step ") }) == true
    else { return nil }
    return Verdict(failureClass: own, isExact: true, reason: "classified by stategate when it ran")
  }

  /// Classifies a failure from its failing assertions, as ``FailingAssertion/extract(message:text:)``
  /// found them.
  static func classify(
    _ extracted: [FailingAssertion], sources: SourceLookup?,
    location: (file: String, line: Int)? = nil
  ) -> Verdict {
    var assertions = extracted
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
    if assertions.allSatisfy({ FailureText.trimmed($0.text[...]).isEmpty }) {
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
  ///
  /// The search runs on the text's bytes; a clue touching a letter, digit, `_` or combining mark
  /// is part of a longer name, never a clue.
  static func codeClues(in text: String) -> [(
    pattern: String, failureClass: FailureClass, why: String
  )] {
    let text = text[...]
    let bytes = text.utf8
    let scalars = text.unicodeScalars
    return clues.filter { clue in
      var searchStart = text.startIndex
      while let range = bytePattern(clue.pattern, in: text, from: searchStart) {
        searchStart = range.upperBound
        let before =
          range.lowerBound > text.startIndex
          ? scalars[scalars.index(before: range.lowerBound)] : nil
        let after = range.upperBound < text.endIndex ? scalars[range.upperBound] : nil
        if let before, continuesName(before) { continue }
        if let after, continuesName(after) { continue }
        if before == "." || before == "(" || before == "!" || before == "[" || before == "$" {
          return true
        }
        let rest = bytes[range.upperBound...].drop { $0 == UInt8(ascii: " ") }
        if after == nil || after == ")" || after == "," || after == "]" || after == "="
          || rest.starts(with: "→".utf8) || rest.starts(with: "==".utf8)
          || rest.starts(with: "!=".utf8) || rest.first == UInt8(ascii: ">")
          || rest.first == UInt8(ascii: "<")
        {
          return true
        }
      }
      return false
    }
  }

  /// Where the ASCII `pattern` first occurs in `text` from `start`, byte by byte.
  private static func bytePattern(_ pattern: String, in text: Substring, from start: String.Index)
    -> Range<String.Index>?
  {
    var pattern = pattern
    return pattern.withUTF8 { FailureText.range(of: $0, in: text, from: start) }
  }

  /// Whether `scalar` continues an identifier: a letter, a digit, `_`, or a combining mark.
  private static func continuesName(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let value = UInt8(scalar.value)
      return (value >= 0x30 && value <= 0x39) || (value | 0x20 >= 0x61 && value | 0x20 <= 0x7A)
        || value == UInt8(ascii: "_")
    }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return properties.isAlphabetic || properties.numericType != nil
    }
  }

  /// The class of a `stategate[CLASS]` tag that starts `assertion` (after a runner's own prefix
  /// such as `failed - `), if any.
  static func tag(startingAssertion assertion: String) -> FailureClass? {
    var text = FailureText.trimmed(assertion[...])
    for prefix in runnerPrefixes where text.utf8.starts(with: prefix.utf8) {
      text = text[text.utf8.index(text.startIndex, offsetBy: prefix.utf8.count)...]
      break
    }
    guard FailureText.hasPrefix(text, "stategate["),
      let end = text.utf8.firstIndex(of: UInt8(ascii: "]"))
    else { return nil }
    return FailureClass(
      rawValue: String(text[text.utf8.index(text.startIndex, offsetBy: 10)..<end]))
  }
}
