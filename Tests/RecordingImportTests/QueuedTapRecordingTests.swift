import Contracts
import Faults
import Foundation
import RecordingImport
import ReferenceModels
import RunModel
import Runner
import StateGateRecorder
import Testing

/// Sessions of an app that queues a tap behind a pending write (the queue-latest rule): recorded
/// with ``SessionRecorder/tapped(record:queued:)``, read back as `tap a as q1`, and imported with
/// each answer to a queued write bound to the step that sent it (the answer to the write before).
@MainActor
@Suite struct QueuedTapRecordingTests {
  /// Two records; on `a` a queued tap behind each of two writes in turn.
  private func session() throws -> Recording {
    let recorder = SessionRecorder(family: .optimisticUpdates)
    recorder.loaded(["a", "b"], id: { $0 }, value: { _ in false })
    recorder.tapped(record: "a", sent: "w1")
    recorder.tapped(record: "a", queued: "w2")
    recorder.tapped(record: "b", sent: "w3")
    recorder.answered(write: "w1", with: .saved(true))
    recorder.answered(write: "w3", with: .saved(true))
    recorder.tapped(record: "a", queued: "w4")
    recorder.answered(write: "w2", with: .saved(false))
    recorder.answered(write: "w4", with: .saved(true))
    return try RecordingReader.parse(recorder.exportedData(), path: "queued.jsonl")
  }

  private func importer(_ subject: SubjectEntry) -> RecordingImporter {
    RecordingImporter(subject: subject) { contractCase, suite in
      ContractRunner(clock: { 0 }).runCase(contractCase, of: suite, against: subject)
    }
  }

  private func reference(_ name: String) throws -> SubjectEntry {
    try #require(SubjectEntry.reference.first { $0.name == name })
  }

  @Test("A queued tap reads back as 'tap a as q1' and the recording requires the rule")
  func queuedTapsReadBack() throws {
    let recording = try session()
    let steps = recording.lines.compactMap { line -> String? in
      if case .event(_, let action?, _) = line { return action.description }
      return nil
    }
    #expect(
      steps == [
        "records a=off b=off", "tap a as r1", "tap a as q1", "tap b as r2", "respond r1 saved on",
        "respond r2 saved on", "tap a as q2", "respond q1 saved off", "respond q2 saved on",
      ])
    #expect(recording.requirements.map(\.rawValue) == ["latest-tap-queued"])
    #expect(recording.requirements(missingFrom: try reference("favorites")).count == 1)
    #expect(recording.requirements(missingFrom: try reference("favorites-queue-latest")).isEmpty)
  }

  @Test("The queue-latest reference replays the session as no bug")
  func correctModelPasses() throws {
    let outcome = try importer(try reference("favorites-queue-latest"))
      .importRecording(try session(), path: "queued.jsonl")
    guard case .passed? = outcome else {
      Issue.record(
        "a correct queue-latest model failed its own session: \(String(describing: outcome))")
      return
    }
  }

  /// An app that sends nothing for a queued value the answer has just confirmed (the contract
  /// allows that and sending it again), then a new tap.
  private func sessionWithoutResend() throws -> Recording {
    let recorder = SessionRecorder(family: .optimisticUpdates)
    recorder.loaded(["a"], id: { $0 }, value: { _ in false })
    recorder.tapped(record: "a", sent: "w1")
    recorder.tapped(record: "a", queued: "w2")
    recorder.tapped(record: "a", queued: "w3")
    recorder.answered(write: "w1", with: .saved(true))
    recorder.tapped(record: "a", sent: "w4")
    recorder.answered(write: "w4", with: .saved(false))
    return try RecordingReader.parse(recorder.exportedData(), path: "nosend.jsonl")
  }

  @Test("A subject that resends where the app did not is named, with the line, not the file blamed")
  func otherAllowedChoiceIsNamed() throws {
    do {
      _ = try importer(try reference("favorites-queue-latest"))
        .importRecording(try sessionWithoutResend(), path: "nosend.jsonl")
      Issue.record("a session the subject cannot replay in full was judged")
    } catch let error as RecordingReadError {
      #expect(error.kind == .diverged)
      #expect(error.line > 1)
      #expect(
        error.description.hasPrefix("nosend.jsonl:\(error.line): the session does not replay"))
      #expect(error.reason.contains("it answers the request of step 6 'tap a as r2'"))
      #expect(!error.description.contains("malformed"))
    }
  }

  @Test(
    "A queued tap recorded with nothing pending, or its write answered before it was sent, is refused naming the step and line",
    arguments: [
      (
        "no write pending",
        "step 2 'tap a as q1': it queues a tap while no write of its record is pending"
      ),
      (
        "answered early",
        "step 4 'respond q1 saved on': request 'q1' is answered before the app sent it"
      ),
    ])
  func miswiredQueuedTaps(scenario: String, words: String) throws {
    let recorder = SessionRecorder(family: .optimisticUpdates)
    recorder.loaded(["a"], id: { $0 }, value: { _ in false })
    if scenario == "no write pending" {
      recorder.tapped(record: "a", queued: "w1")
      recorder.answered(write: "w1", with: .saved(true))
    } else {
      recorder.tapped(record: "a", sent: "w1")
      recorder.tapped(record: "a", queued: "w2")
      recorder.answered(write: "w2", with: .saved(true))
      recorder.answered(write: "w1", with: .saved(true))
    }
    let recording = try RecordingReader.parse(recorder.exportedData(), path: "q.jsonl")
    do {
      _ = try importer(try reference("favorites-queue-latest"))
        .importRecording(recording, path: "q.jsonl")
      Issue.record("a mis-wired queued tap was imported")
    } catch let error as RecordingReadError {
      #expect(error.kind == .malformed)
      #expect(error.line > 1, "\(error)")
      #expect(error.reason.contains(words), "\(error)")
    }
  }

  @Test("A model that drops the queued tap gives a short in-flight-gate case")
  func droppedQueuedTapIsFound() throws {
    let fault = Fault.queueLatestDropsQueued.subject
    guard
      case .failed(let imported)? = try importer(fault).importRecording(try session(), path: "q")
    else {
      Issue.record("the dropped queued tap was not found")
      return
    }
    #expect(imported.failureClass == .inFlightGate)
    #expect(imported.suiteText.contains("tap a as q1"))
    #expect(imported.contractCase.steps.count <= 5)
  }
}
