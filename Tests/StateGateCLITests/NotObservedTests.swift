import Contracts
import Foundation
import ResultFiles
import ResultSchema
import Testing
import UndoKit

@testable import StateGateCLI

/// A subject without a UI layer of its own: every ui-binding check would pass by construction,
/// so every output says that ui-binding was not checked for it.
@MainActor
@Suite("What a run cannot observe")
struct NotObservedTests {
  /// The smallest undo-history model: no UI layer, every optional part from the defaults.
  @MainActor
  final class BareModel: UndoHistorySubject {
    private(set) var value = 0
    let undoManager = UndoManager()

    init() {
      undoManager.groupsByEvent = false
    }

    func adjust(to value: Int) {
      guard value != self.value else { return }
      undoManager.beginUndoGrouping()
      set(value)
      undoManager.endUndoGrouping()
    }

    func set(_ next: Int) {
      let previous = value
      undoManager.registerUndo(withTarget: self) { $0.set(previous) }
      value = next
    }

    func beginDrag() {}
    func moveDrag(to value: Int) {}
    func endDrag() {}
    func load(_ value: Int) {
      undoManager.removeAllActions()
      self.value = value
    }
  }

  private let subjects = [
    SubjectEntry.undoHistory("bare", summary: "no UI layer") { BareModel() }
  ]
  private let note =
    "ui-binding not checked: 'bare' declares no UI layer of its own (capability ui-layer), so the "
    + "shown value and the Undo/Redo controls are read from the model"

  @Test("run, the manifest, summary.md and --format json say that ui-binding was not checked")
  func runSaysWhatWasNotObserved() throws {
    let output = freshOutput()
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["run", "--output", output, "--filter", "button-tap"], io: capture.io(),
      subjects: subjects)
    #expect(status == .success)
    #expect(capture.output.contains("  note  \(note)\n"))
    let path = (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
    let manifest = try RecordedRun.read(path).manifest
    #expect(
      manifest.notObserved == [
        Manifest.NotObserved(subject: "bare", failureClass: "ui-binding", reason: note)
      ])
    let summary = try String(
      contentsOfFile: (path as NSString).appendingPathComponent("summary.md"), encoding: .utf8)
    #expect(summary.contains("Not observed: \(note)."))
    let json = CapturedIO()
    _ = StateGate.main(
      arguments: ["run", "--output", output, "--filter", "button-tap", "--format", "json"],
      io: json.io(), subjects: subjects)
    #expect(json.output.contains("\"failureClass\" : \"ui-binding\""))
  }

  @Test("list shows what each subject declares, and the note")
  func listSaysWhatWasNotObserved() {
    let capture = CapturedIO()
    _ = StateGate.main(arguments: ["list"], io: capture.io(), subjects: subjects)
    #expect(
      capture.output.contains("  bare (undo): no UI layer\n      declares: nothing optional\n"))
    #expect(capture.output.contains("      note: \(note)\n"))
  }

  @Test("A subject with a UI layer gets no note")
  func referenceSubjectsAreObserved() throws {
    let output = freshOutput()
    let result = runStateGate("run", "--output", output, "--filter", "button-tap")
    #expect(!result.output.contains("not checked"))
    let path = (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
    #expect(try RecordedRun.read(path).manifest.notObserved == nil)
  }
}
