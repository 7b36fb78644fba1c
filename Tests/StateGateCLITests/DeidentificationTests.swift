import Contracts
import Foundation
import ResultSchema
import RunModel
import Runner
import Testing

@testable import StateGateCLI

/// The steps and case endings a runner emitted, as `events.jsonl` would hold them.
@MainActor
private final class EmittedRecords {
  var steps: [[UInt8]] = []
  var endings: [String] = []

  func record(_ event: RunEvent) {
    switch event {
    case .stepFinished(let suiteID, let caseID, let subject, let step):
      steps.append(
        EventRecord.Step(step, seq: 0, suite: suiteID, case: caseID, subject: subject).jsonBytes())
    case .stepEncoded(_, _, _, let step):
      steps.append(step.record)
    case .caseFinished(let result):
      let failing =
        result.firstFailure.map { step in
          "\(step.number) "
            + step.after.fields.map { "\($0.key)=\($0.value.spelled(for: $0.key))" }.sorted()
            .joined(separator: " ")
        } ?? "-"
      endings.append(
        "\(result.caseID) \(result.outcome.name) \(failing) "
          + "\(result.classification?.reason ?? "-")")
    default:
      return
    }
  }
}

@Suite("De-identification")
@MainActor
struct DeidentificationTests {
  /// A de-identifier that learned no suite, so every id and name becomes a token.
  private static let salt: [UInt8] = Array(0..<32)

  private func plan() throws -> RunPlan {
    let names: Set = ["favorites", "fault:success-copies-intent", "fault:drag-callback-groups"]
    return RunPlan(
      suites: try BuiltInSuites.load(),
      subjects: StateGate.builtInSubjects.filter { names.contains($0.name) },
      filter: CaseFilter([]))
  }

  @Test("Workers make the same tokens as the run's own process, in every step and every reason")
  func workersMatchInProcess() throws {
    let plan = try plan()
    let inProcess = EmittedRecords()
    _ = ContractRunner(
      clock: { 0 }, deidentifier: Deidentifier(salt: Self.salt), onEvent: inProcess.record
    ).run(plan)
    let isolated = EmittedRecords()
    let configuration = IsolatedRunner.Configuration(
      executable: try stategateExecutable(),
      environment: ProcessInfo.processInfo.environment, jobs: 2, stepTimeout: 30,
      caseTimeout: 300)
    _ = try IsolatedRunner(
      configuration: configuration, clock: { ProcessInfo.processInfo.systemUptime },
      deidentifier: Deidentifier(salt: Self.salt), onEvent: isolated.record
    ).run(plan)
    #expect(inProcess.steps.count > 100)
    #expect(isolated.steps.count == inProcess.steps.count)
    let tokened = inProcess.steps.filter { String(decoding: $0, as: UTF8.self).contains("\"id-") }
    #expect(tokened.count > 100, "the subjects' ids were replaced")
    for (index, pair) in zip(isolated.steps, inProcess.steps).enumerated() where pair.0 != pair.1 {
      let worker = String(decoding: pair.0, as: UTF8.self)
      let own = String(decoding: pair.1, as: UTF8.self)
      Issue.record("step record \(index) differs:\n\(worker)\n\(own)")
      break
    }
    #expect(isolated.endings == inProcess.endings)
    #expect(inProcess.endings.contains { $0.contains("failed") && $0.contains("id-") })
  }

  @Test("Values a suite typed stay in clear; a value typed nowhere is the same token each time")
  func typedStayClear() throws {
    let suites = try BuiltInSuites.load()
    let deidentifier = Deidentifier(salt: Self.salt)
    deidentifier.learn(suites)
    #expect(deidentifier.scrub(StateValue.list(["a", "b"])) == .list(["a", "b"]))
    let token = deidentifier.token(for: "user-4711")
    #expect(deidentifier.scrub(StateValue.list(["a", "user-4711"])) == .list(["a", token]))
    #expect(deidentifier.scrub(text: "got user-4711, expected a") == "got \(token), expected a")
    #expect(deidentifier.scrub(StateValue.int(4711)) == .int(4711))
    #expect(
      deidentifier.scrub(StateValue.text("registrationWithoutGroup,endWithoutBegin"))
        == .text("registrationWithoutGroup,endWithoutBegin"), "the undo manager's own words")
    #expect(deidentifier.scrub(StateValue.text("a,user-4711")) == .text("a,\(token)"))
  }
}
