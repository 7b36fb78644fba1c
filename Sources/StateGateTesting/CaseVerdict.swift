import Contracts
import ResultSchema
import ResultWriting
import RunModel

/// What a test reports for one finished contract case: nothing, a failure at the suite line, or
/// a skip that must never read as a pass.
///
/// Deciding is kept apart from reporting (``ContractTestCase/check(sourceLocation:)`` and
/// ``ContractTests/check(_:suites:filter:resultsIn:relativeTo:sourceLocation:)`` report), so the
/// text and the place are tested without Swift Testing recording anything.
enum CaseVerdict: Equatable {
  /// Every step held.
  case passed
  /// A step did not hold (or the case stopped early): the text and where it points.
  case failed(text: String, place: SuitePlace?)
  /// The subject lacks what the case needs; nothing was verified.
  case skipped(reason: String)

  /// The verdict on `result`, a case of `suite`.
  ///
  /// A failure's text starts with a `stategate[CLASS]` tag (which `stategate triage` reads back
  /// exactly from a Swift Testing event stream, JUnit or `.xcresult`), then `SUITE/CASE
  /// [SUBJECT]` and the first failing step as ``FailureWriter`` words it for every other output:
  /// the headline on the tag's line, its details (where the step is, what else it changed, what
  /// to run next) under it, indented; then the class and the experiment's reason and the step
  /// trail, from the same functions `junit.xml` uses.
  ///
  /// - Parameters:
  ///   - result: The finished case.
  ///   - suite: The suite it belongs to, for the file and line of the failing step.
  /// - Returns: The verdict; a failure in a suite file carries that file and the step's line,
  ///   one in a built-in suite names `builtin:FILE:LINE` in its text instead.
  static func of(_ result: CaseResult, in suite: ContractSuite) -> CaseVerdict {
    switch result.outcome {
    case .passed:
      return .passed
    case .skipped(let reason):
      return .skipped(reason: reason)
    case .failed, .interrupted:
      let failureClass =
        result.outcome == .interrupted
        ? "interrupted" : (result.classification?.failureClass ?? .unclassified).rawValue
      let line =
        result.firstFailure?.line
        ?? suite.cases.first { $0.id == result.caseID }?.line ?? 0
      let place = SuitePlace(source: suite.source, line: line)
      let failure = result.outcome == .failed ? result.failureMessage(source: suite.source) : nil
      var lines = [
        "stategate[\(failureClass)] \(result.suiteID)/\(result.caseID) [\(result.subject)]: "
          + (failure?.headline ?? "interrupted after step \(result.stepCount)")
          + (place == nil ? " (\(suite.source):\(line))" : "")
      ]
      lines += body(of: result, failure: failure)
      return .failed(text: lines.joined(separator: "\n") + "\n", place: place)
    }
  }

  /// The lines of an issue after its headline: the failure's details as ``FailureWriter`` words
  /// them, indented, then the class and the experiment's reason, a blank line and the step trail.
  ///
  /// - Parameters:
  ///   - result: The failed case.
  ///   - failure: Its failure message, or `nil` for a case that stopped without a failing step.
  /// - Returns: The lines, without newlines.
  static func body(of result: CaseResult, failure: FailureMessage?) -> [String] {
    (failure?.details ?? []).map { "  " + $0 } + JUnitCaseBuilder.classification(result) + [""]
      + JUnitCaseBuilder.steps(result)
  }
}
