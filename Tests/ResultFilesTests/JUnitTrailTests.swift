import Contracts
import RunModel
import Runner
import Testing

@testable import ResultFiles
@testable import ResultWriting

/// The failure text of a case longer than the trail a result keeps.
@Suite("JUnit trail")
struct JUnitTrailTests {
  private func step(_ number: Int, failing: Bool = false) -> StepRecord {
    StepRecord(
      number: number, line: number + 1, action: .undoHistory(.adjust(number)),
      before: StateSnapshot(), after: StateSnapshot(), expectations: [],
      mismatches: failing ? [Mismatch(key: "value", expected: .int(1), actual: .int(2))] : [])
  }

  @Test("A failure past the kept trail is shown, and the steps left out are named, not lost")
  func failurePastTheTrail() {
    let result = CaseResult(
      suiteID: "s", caseID: "long", title: "A long case", subject: "editor", outcome: .failed,
      steps: (1...3).map { step($0) }, stepCount: 10, firstFailure: step(7, failing: true),
      classification: Classification(.valueRestoration, "reason"), durationSeconds: 0)
    let lines = JUnitCaseBuilder.trail(result).split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("  ok   3.") })
    #expect(lines.contains("  … steps 4-6 are in events.jsonl"))
    #expect(lines.contains { $0.hasPrefix("  FAIL 7.") })
    #expect(lines.last == "  … steps 8-10 are in events.jsonl")
  }

  @Test("A case whose every step is kept has no note of steps left out")
  func wholeTrail() {
    let result = CaseResult(
      suiteID: "s", caseID: "short", title: "A short case", subject: "editor", outcome: .failed,
      steps: [step(1), step(2, failing: true)], classification: nil, durationSeconds: 0)
    #expect(!JUnitCaseBuilder.trail(result).contains("events.jsonl"))
  }
}
