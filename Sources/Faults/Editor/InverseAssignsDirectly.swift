import Contracts
import ReferenceModels

extension Fault {
  /// "Undo works but redo is gone": the inverse assigns the value instead of calling the entry
  /// point, so undoing registers no redo.
  public static let inverseAssignsDirectly = Fault.undoHistory(
    "inverse-assigns-directly", in: "reference editor", symptom: "undo works but redo is gone",
    expectedClass: .redoAvailability
  ) { ReferenceEditor(documentType: AssigningInverseDocument.self) }
}

/// The bug: the undo handler assigns the previous value directly, "to avoid recursion".
final class AssigningInverseDocument: EditorDocument {
  override func registerInverse(restoring previous: Int) {
    history.registerUndo(withTarget: self) { document in
      document.apply(previous)
    }
  }
}
