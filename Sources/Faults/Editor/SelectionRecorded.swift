import Contracts
import ReferenceModels

extension Fault {
  /// "Undo after clicking another shape only changes the selection back": selecting is recorded
  /// in history as an undoable action.
  public static let selectionRecorded = Fault.undoHistory(
    "selection-recorded", in: "reference inspector",
    symptom: "Undo after selecting other items changes the selection back instead of the last edit",
    expectedClass: .groupBoundary
  ) { SelectionRecordingInspector() }
}

/// The bug: every selection change registers its inverse, as an edit does.
final class SelectionRecordingInspector: ReferenceInspector {
  override func select(_ ids: [String]) {
    let previous = selectedItemIDs
    super.select(ids)
    guard selectedItemIDs != previous else { return }
    undoManager.beginUndoGrouping()
    undoManager.registerUndo(withTarget: self) { inspector in
      inspector.select(previous)
    }
    undoManager.setActionName("Select")
    undoManager.endUndoGrouping()
  }
}
