import Contracts
import PhotoModels
import UndoKit

/// The adapter that lets stategate drive `BrightnessEditor` through the undo-history contract.
@MainActor
final class BrightnessSubject: UndoHistorySubject {
  let editor: BrightnessEditor

  /// Creates the adapter over `editor` (a fresh, unrecorded one by default).
  init(editor: BrightnessEditor = BrightnessEditor()) {
    self.editor = editor
  }

  var undoManager: UndoManager { editor.history }
  var value: Int { editor.brightness }
  var dragCancelRule: DragCancelRule? { .restoreStart }
  var undoDuringDragRule: UndoDuringDragRule? { .refused }
  var unchangedDragRule: UnchangedDragRule? { .recordsNothing }

  func adjust(to value: Int) { editor.step(to: value) }
  func beginDrag() { editor.sliderBegan() }
  func moveDrag(to value: Int) { editor.sliderChanged(to: value) }
  func endDrag() { editor.sliderEnded() }
  func cancelDrag() { editor.sliderCancelled() }
  func load(_ value: Int) { editor.open(brightness: value) }
  func undo() { editor.undo() }
  func redo() { editor.redo() }
}
