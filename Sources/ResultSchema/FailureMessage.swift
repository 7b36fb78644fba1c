/// A failing step as a person reads it: one headline, then the lines that explain it.
///
/// ``FailureWriter`` makes every one; each output only lays the lines out (the console indents
/// them, `summary.md` joins them with `<br>`, JUnit puts the headline in the `message` attribute
/// and every line in the body), so a failure reads the same wherever it is shown.
package struct FailureMessage: Equatable, Sendable {
  /// What went wrong, as one line: `step 12 'drag ended': expected undos=1, got 10`.
  package var headline: String
  /// Where the step is, what else it changed, its notes and what to run next, one line each.
  package var details: [String]

  /// Creates a message.
  package init(headline: String, details: [String]) {
    self.headline = headline
    self.details = details
  }

  /// The headline, then the details.
  package var lines: [String] { [headline] + details }

  /// The message as text: the headline, then each detail on its own line after `indent`.
  ///
  /// - Parameter indent: What each detail line starts with.
  /// - Returns: The lines, without a trailing newline.
  package func text(indent: String = "  ") -> String {
    ([headline] + details.map { indent + $0 }).joined(separator: "\n")
  }
}
