import Contracts
import ResultFiles
import ResultSchema
import RunModel

/// Turns a case result into a JUnit test case: the failure's `type` is its class, its `message`
/// one line with the step number, action, expected and actual values; the body is the step trail.
///
/// The case is named `CASE [SUBJECT]` under the suite's class name, so every (suite, subject,
/// case) has its own identity; `file` and `line` point at the suite file's first failing step
/// (for a crashed or timed-out case, the step its worker did not finish), or at the case's header.
package enum JUnitCaseBuilder {
  /// Where a case lives and what to attach to it.
  package struct Place {
    /// The suite file as the CI system shows it.
    var file: String?
    /// The suite's source as the manifest records it (a path, or `builtin:FILE`), for the
    /// failure's message.
    var source: String?
    /// The line of the case's header.
    var caseLine: Int?
    /// The attachments of a failing case.
    var attachments: [String] = []
  }

  package static func testCase(_ result: CaseResult, place: Place = Place()) -> JUnitReport.Case {
    JUnitReport.Case(
      className: result.suiteID, name: result.caseID, subject: result.subject, file: place.file,
      line: result.outcome == .failed
        ? result.firstFailure?.line ?? place.caseLine : place.caseLine,
      attachments: place.attachments, timeSeconds: result.durationSeconds,
      result: junitResult(result, source: place.source))
  }

  private static func junitResult(_ result: CaseResult, source: String?) -> JUnitReport.Result {
    switch result.outcome {
    case .passed:
      return .passed
    case .skipped(let reason):
      return .skipped(message: reason)
    case .interrupted:
      return .error(
        type: "interrupted",
        message: "the run was interrupted after step \(result.stepCount)",
        body: trail(result, source: source))
    case .failed:
      let failureClass = result.classification?.failureClass ?? .unclassified
      var message = message(result, source: source)
      if let classification = result.classification, !classification.alternatives.isEmpty {
        message += " (not confident: \(classification.rankedNames))"
      }
      return .failure(
        type: failureClass.rawValue, message: message, body: trail(result, source: source))
    }
  }

  /// The headline of the case's failure as ``FailureWriter`` words it: `step 12 'drag ended':
  /// expected undos=1, got 10`; for a step that did not finish (its worker crashed or was killed
  /// past a time limit), `step 3 'undo' did not finish within 10s: the subject hung`.
  package static func message(_ result: CaseResult, source: String? = nil) -> String {
    result.failureMessage(source: source)?.headline ?? "failed"
  }

  /// The class and reason, the failure as ``FailureWriter`` words it, then every step with its
  /// verdict.
  package static func trail(_ result: CaseResult, source: String? = nil) -> String {
    var lines = classification(result)
    if !lines.isEmpty { lines.append("") }
    if result.outcome == .failed, let failure = result.failureMessage(source: source) {
      lines.append(failure.text())
      lines.append("")
    }
    lines += steps(result)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The case's class and the experiment's reason, `CLASS: REASON`, then each alternative of a
  /// verdict that is not confident, `or CLASS: REASON`; nothing when the case was not classified.
  package static func classification(_ result: CaseResult) -> [String] {
    guard let classification = result.classification else { return [] }
    return ["\(classification.failureClass): \(classification.reason)"]
      + classification.alternatives.map { "or \($0.failureClass): \($0.reason)" }
  }

  /// The case's title, then every recorded step with its verdict and what it expected, as the
  /// suite states it with captured values resolved (`value=20 (end)`), each mismatch phrased as
  /// ``FailureWriter`` phrases it.
  package static func steps(_ result: CaseResult) -> [String] {
    var lines = ["\(result.title)"]
    var shown = result.steps
    if let failing = result.firstFailure, failing.number > (shown.last?.number ?? 0) {
      shown.append(failing)
    }
    var captured: [String: String] = [:]
    for (index, step) in shown.enumerated() {
      if index > 0, step.number > shown[index - 1].number + 1 {
        lines.append(
          "  … steps \(shown[index - 1].number + 1)-\(step.number - 1) are in events.jsonl")
        // A capture the left-out steps took is not known here: its name is shown instead.
      }
      let record = EventRecord.Step(step, seq: 0, suite: "", case: "", subject: "")
      let expectations = record.expectations.map { FailureWriter.stated($0, captured: captured) }
        .joined(separator: " ")
      FailureWriter.remember(record, in: &captured)
      let stated = expectations.isEmpty ? "" : " => \(expectations)"
      lines.append(
        "  \(step.passed && step != result.firstFailure ? "ok  " : "FAIL") \(step.number). \(step.action)\(stated)  (line \(step.line))"
      )
      for phrase in FailureWriter.phrases(record.mismatches) {
        lines.append("         \(phrase)")
      }
      for note in step.notes {
        lines.append("         note: \(note)")
      }
    }
    if let last = shown.last?.number, result.stepCount > last {
      lines.append("  … steps \(last + 1)-\(result.stepCount) are in events.jsonl")
    }
    return lines
  }
}
