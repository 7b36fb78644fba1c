import Contracts
import Faults
import Foundation
import RecordingImport
import RunModel
import Runner
import StateGateRecorder
import Testing

/// Undo-history recordings with selections and time passing, imported end to end.
@MainActor
@Suite struct UndoRecordingImportTests {
  private func importer(_ subject: SubjectEntry) -> RecordingImporter {
    RecordingImporter(subject: subject) { contractCase, suite in
      ContractRunner(clock: { 0 }).runCase(contractCase, of: suite, against: subject)
    }
  }

  private func reference(_ name: String) throws -> SubjectEntry {
    try #require(SubjectEntry.reference.first { $0.name == name })
  }

  /// An inspector session: three shapes loaded, selections changed, several edited at once,
  /// undone and redone.
  private func selectionRecording() throws -> Recording {
    let recorder = SessionRecorder(family: .undoHistory)
    let shapes = ["shape-private-1", "shape-private-2", "shape-private-3"]
    recorder.itemsLoaded(shapes, id: { $0 }, value: { _ in 10 })
    for round in 0..<60 {
      recorder.selected([shapes[round % 3]])
      recorder.adjusted(to: 20 + round)
      if round % 4 == 0 { recorder.undid() }
      if round == 30 {
        recorder.selected([shapes[0], shapes[2]])
        recorder.adjusted(to: 90)
        recorder.undid()
        recorder.redid()
      }
    }
    let data = recorder.exportedData()
    #expect(!String(decoding: data, as: UTF8.self).contains("private"))
    return try RecordingReader.parse(data, path: "inspector.jsonl")
  }

  /// A typing session: quick adjustments, a pause longer than the window, more typing, undo.
  private func typingRecording() throws -> Recording {
    let recorder = SessionRecorder(family: .undoHistory)
    for round in 0..<40 {
      recorder.adjusted(to: round * 10)
      recorder.timePassed(.milliseconds(200))
      recorder.adjusted(to: round * 10 + 5)
      recorder.timePassed(.milliseconds(1500))
      if round % 3 == 2 { recorder.undid() }
    }
    return try RecordingReader.parse(recorder.exportedData(), path: "typing.jsonl")
  }

  @Test("A selection session imports as a group-boundary case on the faulty inspector")
  func selectionBug() throws {
    let recording = try selectionRecording()
    #expect(recording.requirements == [.selection])
    let fault = Fault.groupPerSelectedItem.subject
    guard
      case .failed(let imported) = try importer(fault).importRecording(
        recording, path: "inspector.jsonl")
    else {
      Issue.record("the group per selected item was not found")
      return
    }
    #expect(imported.failureClass == .groupBoundary, "\(imported.suiteText)")
    #expect(imported.contractCase.steps.count <= 6, "\(imported.caseText)")
    #expect(imported.caseText.contains("select a,c"), "\(imported.caseText)")
    guard
      case .passed = try importer(try reference("selection-editor")).importRecording(
        recording, path: "inspector.jsonl")
    else {
      Issue.record("the session fails on the reference inspector")
      return
    }
  }

  @Test(
    "A typing session with pauses imports as a group-boundary case on a window that never closes")
  func coalescingBug() throws {
    let recording = try typingRecording()
    #expect(recording.requirements == [.coalescingWindow])
    let fault = Fault.windowNeverCloses.subject
    guard
      case .failed(let imported) = try importer(fault).importRecording(
        recording, path: "typing.jsonl")
    else {
      Issue.record("the window that never closes was not found")
      return
    }
    #expect(imported.failureClass == .groupBoundary, "\(imported.suiteText)")
    #expect(imported.caseText.contains("wait 1500ms"), "\(imported.caseText)")
    guard
      case .passed = try importer(try reference("typing-editor")).importRecording(
        recording, path: "typing.jsonl")
    else {
      Issue.record("the session fails on the reference typing editor")
      return
    }
  }
}
