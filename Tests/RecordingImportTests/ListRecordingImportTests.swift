import Contracts
import Faults
import Foundation
import RecordingImport
import RunModel
import Runner
import StateGateRecorder
import Testing

/// Recordings with batches and refreshes, imported end to end: replayed on a faulty subject,
/// shrunk and classified, and replayed on the reference without a failure.
@MainActor
@Suite struct ListRecordingImportTests {
  private func importer(_ subject: SubjectEntry) -> RecordingImporter {
    RecordingImporter(subject: subject) { contractCase, suite in
      ContractRunner(clock: { 0 }).runCase(contractCase, of: suite, against: subject)
    }
  }

  private var favorites: SubjectEntry {
    get throws { try #require(SubjectEntry.reference.first { $0.name == "favorites" }) }
  }

  /// A bug's trigger, the fault that mishandles it, and the class the case must get.
  struct Bug: Sendable, CustomTestStringConvertible {
    var name: String
    var fault: Fault
    var failureClass: FailureClass
    var requirement: String
    var testDescription: String { name }

    var trigger: ListSession.Trigger {
      name == "rejected batch" ? .rejectedBatch : .lateRefresh
    }
  }

  nonisolated static let bugs = [
    Bug(
      name: "rejected batch", fault: .batchRejectionKeepsRest, failureClass: .rollback,
      requirement: "batches"),
    Bug(
      name: "late refresh", fault: .oldRefreshApplied, failureClass: .staleResponse,
      requirement: "refresh"),
  ]

  @Test("A long session with one field bug imports as a short case of its class", arguments: bugs)
  func importsTheBug(_ bug: Bug) throws {
    let fault = bug.fault.subject
    var session = ListSession(RecordingImportTests.optimistic(fault))
    session.run(rounds: 300, trigger: bug.trigger)
    let data = session.recorder.exportedData()
    let recording = try RecordingReader.parse(data, path: "field.jsonl")
    #expect(recording.eventCount > 800)
    #expect(recording.requirements.map(\.rawValue) == ["refresh", "batches"])
    guard
      case .failed(let imported) = try importer(fault).importRecording(
        recording, path: "field.jsonl")
    else {
      Issue.record("the \(bug.name) was not found on \(fault.name)")
      return
    }
    #expect(imported.contractCase.steps.count <= 8, "\(imported.caseText)")
    #expect(imported.failureClass == bug.failureClass, "\(imported.suiteText)")
    #expect(imported.suiteText.contains("its events need refresh, batches"))
    #expect(imported.caseText.contains("requires \(bug.requirement)"), "\(imported.caseText)")
    for id in ListSession.ids { #expect(!imported.suiteText.contains(id)) }
    // The kept case fails on the faulty model and passes on the reference.
    let suite = ContractSuite(
      id: imported.suiteID, family: .optimisticUpdates, title: "imported", source: "test",
      cases: [imported.contractCase])
    let runner = ContractRunner(clock: { 0 })
    #expect(runner.runCase(imported.contractCase, of: suite, against: fault).outcome == .failed)
    #expect(
      runner.runCase(imported.contractCase, of: suite, against: try favorites).outcome == .passed)
  }

  @Test("The same session recorded on the reference shows no bug", arguments: bugs)
  func referencePasses(_ bug: Bug) throws {
    let reference = try favorites
    var session = ListSession(RecordingImportTests.optimistic(reference))
    session.run(rounds: 300, trigger: bug.trigger)
    let recording = try RecordingReader.parse(session.recorder.exportedData(), path: "ok.jsonl")
    guard
      case .passed(let replayed) = try importer(reference).importRecording(
        recording, path: "ok.jsonl")
    else {
      Issue.record("the reference fails its own session")
      return
    }
    #expect(replayed.contractCase.steps.count > 800)
    #expect(replayed.leftOut.isEmpty, "\(replayed.leftOut.prefix(3))")
  }
}
