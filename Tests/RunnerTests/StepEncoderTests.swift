import Contracts
import Faults
import Foundation
import ResultSchema
import Testing

@testable import RunModel
@testable import Runner

/// Step records written by ``StepEncoder``: the bytes `JSONEncoder` writes, however the steps
/// before them looked.
@Suite("Step encoder")
@MainActor
struct StepEncoderTests {
  /// Every step of every built-in case on a reference subject and on two faulty ones, in order.
  private func steps() throws -> [(suite: String, case: String, subject: String, step: StepRecord)]
  {
    var steps: [(String, String, String, StepRecord)] = []
    let subjects = SubjectEntry.builtIn.filter {
      ["editor", "favorites", "fault:drag-callback-groups", "fault:success-copies-intent"]
        .contains($0.name)
    }
    let plan = RunPlan(suites: try BuiltInSuites.load(), subjects: subjects)
    _ = ContractRunner(
      clock: { 0 },
      onEvent: { event in
        if case .stepFinished(let suite, let caseID, let subject, let step) = event {
          steps.append((suite, caseID, subject, step))
        }
      }
    ).run(plan)
    return steps
  }

  @Test("One encoder over a whole run writes what JSONEncoder writes, step after step")
  func sameBytesAsJSONEncoder() throws {
    let all = try steps()
    #expect(all.count > 300)
    #expect(all.contains { !$0.step.passed }, "failing steps, with mismatches, are covered")
    let encoder = StepEncoder()
    for (index, entry) in all.enumerated() {
      let record = EventRecord.Step(
        entry.step, seq: index + 1, suite: entry.suite, case: entry.case, subject: entry.subject)
      let expected = Array(try EventRecord.step(record).jsonLine().utf8)
      let written = encoder.bytes(
        of: entry.step, seq: index + 1, suite: entry.suite, case: entry.case,
        subject: entry.subject)
      #expect(written == expected, "step \(index + 1) of \(entry.case) on \(entry.subject)")
      if written != expected { return }
    }
  }

  @Test("A state with other keys, or the same keys and other values, is written afresh")
  func remembersNothingStale() {
    let encoder = StepEncoder()
    func step(_ before: [(String, StateValue)], _ after: [(String, StateValue)]) -> StepRecord {
      StepRecord(
        number: 1, line: 1, action: .undoHistory(.undo),
        before: StateSnapshot(before.map { .init(key: $0.0, value: $0.1) }),
        after: StateSnapshot(after.map { .init(key: $0.0, value: $0.1) }), expectations: [],
        mismatches: [])
    }
    let steps = [
      step([("b", .int(1)), ("a", .int(2))], [("b", .int(1)), ("a", .int(3))]),
      step([("b", .int(1)), ("a", .int(3))], [("a", .int(3)), ("b", .int(1))]),
      step([("a", .int(3)), ("b", .int(1))], [("a", .int(3)), ("c", .text("x\"y"))]),
      step([("a", .int(3)), ("c", .text("x\"y"))], [("a", .int(3)), ("c", .text("x\"y"))]),
      step([], [("a", .list(["p", "q"]))]),
    ]
    for step in steps {
      #expect(
        encoder.bytes(of: step, seq: 1, suite: "s", case: "c", subject: "x")
          == step.eventBytes(seq: 1, suite: "s", case: "c", subject: "x"))
      #expect(
        step.eventBytes(seq: 1, suite: "s", case: "c", subject: "x")
          == EventRecord.Step(step, seq: 1, suite: "s", case: "c", subject: "x").jsonBytes())
    }
  }
}
