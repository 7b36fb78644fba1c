import Contracts
import Foundation
import RecordingImport
import StateGateRecorder
import Testing

/// Recordings of the confirmation rule: the user's answers to a removing tap's question read back
/// as the `confirm` and `decline` steps, and the recording requires the rule.
@Suite struct ConfirmationRecordingTests {
  private func steps(_ recording: Recording) -> [String] {
    recording.lines.compactMap { line in
      if case .event(_, let action?, _) = line { return action.description }
      return nil
    }
  }

  @Test("A declined and a confirmed question read back as their steps, with the rule required")
  func answersRoundTrip() throws {
    let recorder = SessionRecorder(family: .optimisticUpdates, declaring: [.removalAsksFirst])
    recorder.loaded(["x", "y"], id: { $0 }, value: { $0 == "x" })
    recorder.tapped(record: "x")
    recorder.declined(record: "x")
    recorder.tapped(record: "x")
    recorder.confirmed(record: "x", sent: "w1")
    recorder.answered(write: "w1", with: .saved(false))
    recorder.confirmed(record: "y")
    let recording = try RecordingReader.parse(recorder.exportedData(), path: "asks.jsonl")
    #expect(
      steps(recording) == [
        "records a=on b=off", "tap a", "decline a", "tap a", "confirm a as r1",
        "respond r1 saved off", "confirm b",
      ])
    #expect(recording.capabilities.map(\.rawValue) == ["removal-asks-first"])
    #expect(recording.requirements.map(\.rawValue) == ["removal-asks-first"])
  }

  @Test("A recorder of the undo family records no answer to a question")
  func otherFamilyIgnores() throws {
    let recorder = SessionRecorder(family: .undoHistory)
    recorder.confirmed(record: "x")
    recorder.declined(record: "x")
    let recording = try RecordingReader.parse(recorder.exportedData(), path: "undo.jsonl")
    #expect(steps(recording).isEmpty)
  }
}
