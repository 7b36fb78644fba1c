import Contracts
import UndoKit

/// A canvas editor written the way the README tells a team to.
///
/// A shape's x position, nudge buttons, and a drag recorded once, when it ends. It has no UI
/// layer of its own and takes Undo and Redo from the protocol's defaults; it declares no rule for
/// Undo during a drag.
@MainActor
class CanvasEditor: UndoHistorySubject {
  private(set) var x = 0
  let history = UndoManager()
  private(set) var dragOrigin: Int?

  init() {
    history.groupsByEvent = false
  }

  var undoManager: UndoManager { history }
  var value: Int { x }
  /// Declared here (not left to the protocol's default) so a subclass can override it.
  var undoDuringDragRule: UndoDuringDragRule? { nil }

  func adjust(to value: Int) {
    guard dragOrigin == nil, value != x else { return }
    history.beginUndoGrouping()
    move(to: value)
    history.endUndoGrouping()
  }

  func beginDrag() {
    dragOrigin = x
  }

  func moveDrag(to value: Int) {
    guard dragOrigin != nil else { return }
    x = value
  }

  func endDrag() {
    guard let origin = dragOrigin else { return }
    dragOrigin = nil
    let final = x
    guard final != origin else { return }
    x = origin
    history.beginUndoGrouping()
    move(to: final)
    history.endUndoGrouping()
  }

  func load(_ value: Int) {
    dragOrigin = nil
    history.removeAllActions()
    x = value
  }

  /// The editing entry point: registers its inverse through itself.
  func move(to next: Int) {
    guard next != x else { return }
    let previous = x
    history.registerUndo(withTarget: self) { $0.move(to: previous) }
    x = next
  }

  /// Sets the position without recording it, for bugs that bypass the entry point.
  func place(at next: Int) {
    x = next
  }
}

/// One bug: every drag callback is recorded as its own group ("one drag takes ten undos").
@MainActor
final class CanvasEditorRecordingEveryMove: CanvasEditor {
  override func moveDrag(to value: Int) {
    guard dragOrigin != nil else { return }
    history.beginUndoGrouping()
    move(to: value)
    history.endUndoGrouping()
  }

  override func endDrag() {
    beginDrag()
    super.endDrag()
  }
}

/// One bug: the undo handler assigns the position instead of calling the entry point, so no
/// redo is registered ("undo works but redo is gone").
@MainActor
final class CanvasEditorAssigningInverse: CanvasEditor {
  override func move(to next: Int) {
    guard next != x else { return }
    let previous = x
    history.registerUndo(withTarget: self) { $0.place(at: previous) }
    place(at: next)
  }
}

/// One bug: the product declares that Undo is refused during a drag, but the adapter keeps the
/// protocol's default Undo, which calls the undo manager as a plain Undo button does — and this
/// editor opens no group until the drag ends, so Undo pops the group before the drag.
@MainActor
final class CanvasEditorClaimingRefusal: CanvasEditor {
  override var undoDuringDragRule: UndoDuringDragRule? { .refused }
}
