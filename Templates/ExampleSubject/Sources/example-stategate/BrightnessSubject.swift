import Contracts
import PhotoModels
import UndoKit

/// The adapter that lets stategate drive `BrightnessEditor` through the undo-history contract.
@MainActor
final class BrightnessSubject: UndoHistorySubject {
  let editor = BrightnessEditor()

  var undoManager: UndoManager { editor.history }
  var value: Int { editor.brightness }
  var dragCancelRule: DragCancelRule? { .restoreStart }

  func adjust(to value: Int) { editor.step(to: value) }
  func dragBegan() { editor.sliderBegan() }
  func dragMoved(to value: Int) { editor.sliderChanged(to: value) }
  func dragEnded() { editor.sliderEnded() }
  func dragCancelled() { editor.sliderCancelled() }
  func load(_ value: Int) { editor.open(brightness: value) }
  func undo() { editor.undo() }
  func redo() { editor.redo() }
}
