import Contracts
import ReferenceModels

extension Fault {
  /// Opening a document sets its stored value through the editing entry point.
  public static let openingIsUndoable = Fault.undoHistory(
    "opening-is-undoable", in: "reference editor",
    symptom: "undo right after opening a document empties it", expectedClass: .groupBoundary
  ) { UndoableOpeningEditor() }
}

/// The bug: the new document starts empty and receives its stored value as an edit.
final class UndoableOpeningEditor: ReferenceEditor {
  override func openDocument(id: String, value: Int) -> EditorDocument {
    let next = super.openDocument(id: id, value: 0)
    next.history.beginUndoGrouping()
    next.setValue(value)
    next.history.endUndoGrouping()
    return next
  }
}
