import Contracts
import ReferenceModels

extension Fault {
  /// "Cancelling a drag leaves an entry in the undo menu": the start is restored as an edit.
  public static let cancelRecordsHistory = Fault.undoHistory(
    "cancel-records-history", in: "reference editor",
    symptom: "cancelling a drag leaves an entry in the undo menu", expectedClass: .groupBoundary
  ) { RecordingCancelEditor() }
}

/// The bug: the cancel goes back through the editing entry point in a group.
final class RecordingCancelEditor: ReferenceEditor {
  override func cancelDrag() {
    guard let start = endGesture() else { return }
    document.history.beginUndoGrouping()
    document.setValue(start)
    document.history.endUndoGrouping()
  }
}
