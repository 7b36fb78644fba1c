import Contracts
import ReferenceModels

extension Fault {
  /// "Redo brings back an edit I had replaced": the snapshot store keeps its future on a new edit.
  public static let editKeepsFuture = Fault.undoHistory(
    "edit-keeps-future", in: "snapshot editor",
    symptom: "after undo and a new edit, redo brings back the edit I had replaced",
    expectedClass: .redoAvailability
  ) {
    SnapshotEditor(store: SnapshotStore(record: recordKeepingFuture))
  }
}

/// The bug: the reducer pushes the present into the past but never empties the future, as a
/// hand-written redux-undo reducer that forgets `future: []` on a new action does.
private func recordKeepingFuture(_ history: inout SnapshotHistory, _ next: Int) {
  guard next != history.present else { return }
  history.past.append(history.present)
  history.present = next
  if history.limit > 0, history.past.count > history.limit {
    history.past.removeFirst(history.past.count - history.limit)
  }
}
