import Contracts
import ResultRecording
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
  /// [SUBJECT]` and the first failing step as the JUnit report phrases it, then the class and the
  /// experiment's reason and the step trail, from the same functions `junit.xml` uses.
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
      var text =
        "stategate[\(failureClass)] \(result.suiteID)/\(result.caseID) [\(result.subject)]: "
        + (result.outcome == .interrupted
          ? "interrupted after step \(result.stepCount)" : JUnitCaseBuilder.message(result))
      if place == nil {
        text += " (\(suite.source):\(line))"
      }
      text += "\n" + JUnitCaseBuilder.trail(result)
      return .failed(text: text, place: place)
    }
  }
}
