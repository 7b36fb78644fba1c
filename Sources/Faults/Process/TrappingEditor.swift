import Contracts
import ReferenceModels

extension Fault {
  /// A subject that traps on Undo, as a `precondition` in a user's model does.
  public static let traps = Fault.undoHistory(
    "traps", in: "reference editor", symptom: "the app crashes on Undo (a failed precondition)",
    expectedClass: .crashed
  ) { TrappingEditor() }.requiringIsolation()
}

/// Traps on Undo.
final class TrappingEditor: ReferenceEditor {
  override func undo() {
    preconditionFailure("the history is not in the state this model assumed")
  }
}
