// The README's first own model, shown there verbatim from the line after this comment's blank
// line to the end: DocumentationTests checks that the README holds this text and that the model
// passes every built-in undo-history case it is eligible for.

import Contracts
import UndoKit

@MainActor
final class PositionEditor: UndoHistorySubject {
  let undoManager = UndoManager()
  private(set) var value = 0
  var undoDuringDragRule: UndoDuringDragRule? { .refused }  // product rules are declared
  var unchangedDragRule: UnchangedDragRule? { .recordsGroup }

  init() { undoManager.groupsByEvent = false }

  func set(_ next: Int) {  // every change registers its inverse, as the undo/redo article does
    guard next != value else { return }
    let previous = value
    undoManager.registerUndo(withTarget: self) { $0.set(previous) }
    value = next
  }

  func adjust(to next: Int) {  // a button: one group
    guard undoManager.groupingLevel == 0, next != value else { return }
    undoManager.beginUndoGrouping()
    set(next)
    undoManager.endUndoGrouping()
  }

  func beginDrag() { undoManager.beginUndoGrouping() }  // a drag: one group while it lasts
  func moveDrag(to next: Int) { if undoManager.groupingLevel > 0 { set(next) } }
  func endDrag() { if undoManager.groupingLevel > 0 { undoManager.endUndoGrouping() } }
  func undo() { if undoManager.groupingLevel == 0 { undoManager.undo() } }  // refused in a drag
  func redo() { if undoManager.groupingLevel == 0 { undoManager.redo() } }
  func load(_ next: Int) {  // programmatic: not undoable
    undoManager.removeAllActions()
    value = next
  }
}
