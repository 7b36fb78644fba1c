import Contracts
import ReferenceModels

extension Fault {
  /// "Switching tabs loses my redo": a document switched back to comes back without its future.
  public static let switchBackDropsRedo = Fault.undoHistory(
    "switch-back-drops-redo", in: "tabbed editor",
    symptom: "after switching to another tab and back, Redo is gone",
    expectedClass: .redoAvailability
  ) {
    TabbedEditor(store: SnapshotStore(reopen: { $0.future.removeAll() }))
  }
}
