import Contracts
import Runner

/// Turns a case result into a JUnit test case: the failure's `type` is its class, its `message`
/// one line with the step number, action, expected and actual values; the body is the step trail.
enum JUnitCaseBuilder {
  static func testCase(_ result: CaseResult) -> JUnitReport.Case {
    JUnitReport.Case(
      className: result.suiteID, name: result.caseID, timeSeconds: result.durationSeconds,
      result: junitResult(result))
  }

  private static func junitResult(_ result: CaseResult) -> JUnitReport.Result {
    switch result.outcome {
    case .passed:
      return .passed
    case .skipped(let reason):
      return .skipped(message: reason)
    case .interrupted:
      return .error(
        type: "interrupted",
        message: "the run was interrupted after step \(result.steps.count)",
        body: trail(result))
    case .failed:
      let failureClass = result.classification?.failureClass ?? .unclassified
      return .failure(type: failureClass.rawValue, message: message(result), body: trail(result))
    }
  }

  /// `step 12 'drag ended': expected undos=1, got 10`.
  static func message(_ result: CaseResult) -> String {
    guard let step = result.firstFailure else { return "failed" }
    let mismatches = step.mismatches.summary
    return "step \(step.number) '\(step.action)': \(mismatches)"
  }

  /// The class and reason, then every step with its verdict.
  static func trail(_ result: CaseResult) -> String {
    var lines: [String] = []
    if let classification = result.classification {
      lines.append("\(classification.failureClass): \(classification.reason)")
      lines.append("")
    }
    lines.append("\(result.title)")
    for step in result.steps {
      let expectations = step.expectations.map(\.description).joined(separator: " ")
      let stated = expectations.isEmpty ? "" : " => \(expectations)"
      lines.append(
        "  \(step.passed ? "ok  " : "FAIL") \(step.number). \(step.action)\(stated)  (line \(step.line))"
      )
      for mismatch in step.mismatches {
        lines.append("         \(mismatch)")
      }
      for note in step.notes {
        lines.append("         note: \(note)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
