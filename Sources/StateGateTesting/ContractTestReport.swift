/// What ``ContractTests/check(_:suites:filter:resultsIn:relativeTo:sourceLocation:)`` ran: its
/// counts and where its result directory is.
public struct ContractTestReport: Sendable, Equatable {
  /// Cases whose every step held.
  public var passed: Int
  /// Cases that failed; each recorded one issue.
  public var failed: Int
  /// Cases the subjects lack a capability for; each recorded a warning, none is verified.
  public var skipped: Int
  /// The result directory, in the layout `stategate run` writes (`stategate triage` reads it);
  /// `nil` when it could not be written (an issue says why).
  public var resultDirectory: String?

  /// Creates a report.
  public init(passed: Int, failed: Int, skipped: Int, resultDirectory: String?) {
    self.passed = passed
    self.failed = failed
    self.skipped = skipped
    self.resultDirectory = resultDirectory
  }
}
