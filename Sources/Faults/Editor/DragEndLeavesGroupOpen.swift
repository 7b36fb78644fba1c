import Contracts
import ReferenceModels

extension Fault {
  /// A drag that ends where it began leaves its group open, so the next edit joins it.
  public static let dragEndLeavesGroupOpen = Fault.undoHistory(
    "drag-end-leaves-group-open", in: "reference editor",
    symptom: "after a drag that ends where it began, the next edit is undone together with it",
    expectedClass: .groupBoundary
  ) { DragEndLeavesGroupOpenEditor() }
}

/// The bug: the end of the drag opens its group before the early return for "nothing moved".
final class DragEndLeavesGroupOpenEditor: ReferenceEditor {
  override func endDrag() {
    guard let start = endGesture() else { return }
    document.history.beginUndoGrouping()
    guard document.value != start else { return }
    document.registerInverse(restoring: start)
    document.history.setActionName("Drag")
    document.history.endUndoGrouping()
  }
}
