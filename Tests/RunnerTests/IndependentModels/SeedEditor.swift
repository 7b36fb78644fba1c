import Contracts
import UndoKit

/// The seed article's `PositionEditor`, unchanged, behind an adapter of the article's own pattern.
///
/// The adapter opens the group when a drag begins and closes it when the drag ends, registering
/// every move. It declares the rules that pattern implies: Undo is refused while the group is
/// open (the protocol's default Undo does that), and a drag back to its start is one group.
@MainActor
final class SeedEditor: UndoHistorySubject {
  private(set) var position = 0
  let history = UndoManager()

  init() {
    history.groupsByEvent = false
  }

  func setPosition(_ next: Int) {
    guard next != position else { return }
    let previous = position
    history.registerUndo(withTarget: self) { target in
      target.setPosition(previous)
    }
    position = next
  }

  var undoManager: UndoManager { history }
  var value: Int { position }
  var undoDuringDragRule: UndoDuringDragRule? { .refused }
  var unchangedDragRule: UnchangedDragRule? { .recordsGroup }

  func adjust(to value: Int) {
    guard history.groupingLevel == 0, value != position else { return }
    history.beginUndoGrouping()
    setPosition(value)
    history.endUndoGrouping()
  }

  func beginDrag() {
    history.beginUndoGrouping()
  }

  func moveDrag(to value: Int) {
    guard history.groupingLevel > 0 else { return }
    setPosition(value)
  }

  func endDrag() {
    guard history.groupingLevel > 0 else { return }
    history.endUndoGrouping()
  }

  /// Undo, refused while a drag holds its group open (the declared rule).
  func undo() {
    guard history.groupingLevel == 0 else { return }
    history.undo()
  }

  /// Redo, refused while a drag holds its group open (the declared rule).
  func redo() {
    guard history.groupingLevel == 0 else { return }
    history.redo()
  }

  func load(_ value: Int) {
    history.removeAllActions()
    position = value
  }
}
