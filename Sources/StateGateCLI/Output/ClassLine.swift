import Contracts
import RunModel

/// The lines that name a failing case's class and give its reason on a terminal, one wording for
/// `run` and `explore`.
enum ClassLine {
  /// The class line of a confident verdict: `NAME: REASON` in English; in another language the
  /// class's one line in that language after the name, and the reason in that language under it
  /// (the observed values it quotes as they are).
  ///
  /// - Parameters:
  ///   - classification: The verdict.
  ///   - name: The class's name as shown (painted on a terminal that shows colour).
  ///   - language: The language a person reads.
  /// - Returns: The lines, indented, without line ends.
  static func lines(_ classification: Classification, name: String, language: Language)
    -> [String]
  {
    let reason = TerminalText.line(classification.reason(in: language))
    guard language != .english else { return ["        \(name): \(reason)"] }
    let summary = classification.failureClass.text(in: language).summary
    return ["        \(name): \(summary)", "          \(reason)"]
  }
}
