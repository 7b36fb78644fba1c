import Contracts
import ResultSchema
import XCResult

/// Triages an `.xcresult` bundle, or the JSON `xcresulttool` wrote of one, exactly as a JUnit
/// file or an event stream: the same classifier (`StateGateXCTest` tags, `--source-root`), the
/// same counts, the same fail-closed rule.
///
/// A case's last attempt decides when attempts are retries (a pass after a failure is flaky:
/// counted passed and flaky), its worst attempt when they are fixed repetitions; an expected
/// failure is a pass. A bundle that cannot be read completely (unknown version, missing or
/// truncated object, corrupt frame, encoding that does not parse, database without its tables,
/// the two stores disagreeing) is `malformed`; one whose run did not finish is `incomplete`.
enum XCResultTriage {
  static func triage(
    _ path: String, kind: TriageInputKind, collectOutcomes: Bool, sources: SourceLookup?
  ) -> TriagedInput {
    var input = TriagedInput(path: path, kind: kind, status: .complete)
    let report: XCResultReport
    do {
      report =
        kind == .xcresultJSON ? try XCResultJSON.read(path) : try XCResultBundle.read(path)
    } catch {
      input.status = .unreadable
      input.damage(error.description)
      input.isMissing = error.kind == .missing
      return input
    }
    if let unfinished = report.unfinished {
      input.status = .unfinished
      input.notes.append(unfinished)
    }
    for problem in report.problems {
      input.damage(problem)
    }
    input.notes += report.notes
    if !report.devices.isEmpty {
      input.notes.append("device: " + report.devices.joined(separator: "; "))
    }
    if !report.configurations.isEmpty {
      input.notes.append(
        "test plan configuration: " + report.configurations.joined(separator: "; "))
    }
    if report.cases.isEmpty && report.unfinished == nil {
      input.notes.append("'\(path)': the bundle records no test")
    }
    for testCase in report.cases {
      settle(testCase, into: &input, collectOutcomes: collectOutcomes, sources: sources)
    }
    return input
  }

  private static func settle(
    _ testCase: XCResultCase, into input: inout TriagedInput, collectOutcomes: Bool,
    sources: SourceLookup?
  ) {
    let outcome: TriageOutcome =
      switch testCase.outcome {
      case .passed, .expectedFailure: .passed
      case .failed: .failed
      case .skipped: .skipped
      case .unfinished: .unfinished
      }
    input.counts.add(outcome)
    if testCase.isFlaky { input.counts.flaky += 1 }
    if collectOutcomes {
      input.outcomes[CaseIdentity.of(suite: testCase.suite, name: testCase.name, subject: nil)] =
        outcome
    }
    guard outcome == .failed || outcome == .unfinished else { return }
    let issues = testCase.decidingAttempt?.issues ?? []
    var verdict: ForeignFailureClassifier.Verdict
    if let first = issues.first {
      let location = first.file.flatMap { file in first.line.map { (file: file, line: $0) } }
      verdict = ForeignFailureClassifier.classify(
        type: nil, message: first.message, text: nil, sources: sources, location: location)
    } else if outcome == .unfinished {
      verdict = ForeignFailureClassifier.Verdict(
        failureClass: .unclassified, isExact: false,
        reason: "the test never finished (or its result is not one stategate knows)")
    } else {
      verdict = ForeignFailureClassifier.Verdict(
        failureClass: .unclassified, isExact: false,
        reason: "the bundle records the failure without a message")
    }
    if issues.count > 1 {
      verdict.reason += " (\(issues.count) failures in the attempt that decides)"
    }
    if testCase.attempts.count > 1 {
      verdict.reason +=
        testCase.isRetried
        ? " (\(testCase.attempts.count) attempts; the last one failed)"
        : " (\(testCase.attempts.count) repetitions; one failed)"
    }
    input.record(
      TriagedFailure(
        suite: testCase.suite, name: testCase.name, subject: nil, outcome: outcome,
        failureClass: verdict.failureClass, isExact: verdict.isExact, reason: verdict.reason,
        firstStep: ArchiveTriage.firstLine(issues.first?.located),
        displayName: testCase.displayName))
  }
}
