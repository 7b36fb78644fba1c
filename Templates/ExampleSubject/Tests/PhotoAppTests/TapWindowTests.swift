import Contracts
import PhotoModels
import StateGateCLI
import Testing
import UndoKit

@testable import PhotoAdapters

/// The brightness stepper's tap window, against the built-in cases and `stategate explore`.
@MainActor
@Suite struct TapWindowTests {
  @Test("The brightness editor passes the built-in cases about its tap window")
  func tapWindowPasses() throws {
    let stategate = try InProcessStateGate()
    defer { stategate.removeFolder() }
    let status = stategate.run(
      ["run", "--suite", "undo-history", "--subject", "brightness", "--no-isolation"],
      subjects: SubjectEntry.photoApp)
    #expect(status == .success, "\(stategate.output)\(stategate.error)")
    #expect(stategate.output.contains("pass  typing-one-group"), "\(stategate.output)")
    #expect(stategate.output.contains("pass  wait-window-splits"), "\(stategate.output)")
  }

  @Test("An adapter that keeps the runner's clock from the editor is found and classified")
  func clocklessAdapterIsFound() throws {
    let stategate = try InProcessStateGate()
    defer { stategate.removeFolder() }
    let planted = SubjectEntry.undoHistory("brightness-without-clock", summary: "planted bug") {
      ClocklessBrightness()
    }
    let status = stategate.run(
      [
        "explore", "--subject", "brightness-without-clock", "--seed", "1", "--cases", "300",
        "--no-isolation", "--corpus", stategate.folder.appendingPathComponent("corpus").path,
      ],
      subjects: [planted])
    #expect(status == .contractFailures, "\(stategate.output)\(stategate.error)")
    #expect(stategate.output.contains("group-boundary"), "\(stategate.output)")
    #expect(
      stategate.output.contains("coalesced into the group before it"), "\(stategate.output)")
  }
}

/// The planted bug: the adapter declares the editor's tap window but never hands it the runner's
/// clock, so the editor reads real time, in which a `wait` step takes no time at all.
@MainActor
final class ClocklessBrightness: UndoHistorySubject {
  let editor = BrightnessEditor(tapWindow: .milliseconds(500))

  var undoManager: UndoManager { editor.history }
  var value: Int { editor.brightness }
  var dragCancelRule: DragCancelRule? { .restoreStart }
  var undoDuringDragRule: UndoDuringDragRule? { .refused }
  var unchangedDragRule: UnchangedDragRule? { .recordsNothing }
  var coalescingWindow: Duration? { editor.tapWindow }

  func adjust(to value: Int) { editor.step(to: value) }
  func beginDrag() { editor.sliderBegan() }
  func moveDrag(to value: Int) { editor.sliderChanged(to: value) }
  func endDrag() { editor.sliderEnded() }
  func cancelDrag() { editor.sliderCancelled() }
  func load(_ value: Int) { editor.open(brightness: value) }
  func undo() { editor.undo() }
  func redo() { editor.redo() }
  func limitHistory(to levels: Int) { editor.limitHistory(to: levels) }
}
