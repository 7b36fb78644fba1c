import Contracts
import PhotoModels
import UndoKit

/// The adapter that lets stategate drive `BrightnessEditor` through the undo-history contract.
@MainActor
final class BrightnessSubject: UndoHistorySubject {
  let editor: BrightnessEditor

  /// Creates the adapter over `editor` (by default a fresh, unrecorded one whose stepper taps
  /// less than 500 ms apart are one group).
  init(editor: BrightnessEditor = BrightnessEditor(tapWindow: .milliseconds(500))) {
    self.editor = editor
  }

  var undoManager: UndoManager { editor.history }
  var value: Int { editor.brightness }
  var dragCancelRule: DragCancelRule? { .restoreStart }
  var undoDuringDragRule: UndoDuringDragRule? { .refused }
  var unchangedDragRule: UnchangedDragRule? { .recordsNothing }
  var coalescingWindow: Duration? { editor.tapWindow }

  /// The editor reads the runner's clock, so stategate lets time pass without sleeping.
  func useClock(_ clock: any ContractClock) {
    editor.now = { clock.now }
  }

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
