import Contracts
import ReferenceModels

extension Fault {
  /// "One drag takes ten undos": every drag callback is recorded as its own group.
  public static let dragCallbackGroups = Fault.undoHistory(
    "drag-callback-groups", in: "reference editor", symptom: "one drag takes ten undos",
    expectedClass: .groupBoundary
  ) { DragCallbackGroupsEditor() }
}

/// The bug: each position callback goes through the editing entry point in a group of its own,
/// and the end of the drag records nothing more.
final class DragCallbackGroupsEditor: ReferenceEditor {
  override func moveDrag(to value: Int) {
    guard dragStart != nil else { return }
    document.history.beginUndoGrouping()
    document.setValue(value)
    document.history.endUndoGrouping()
  }

  override func endDrag() {
    _ = endGesture()
  }
}
