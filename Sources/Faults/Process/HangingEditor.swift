import Contracts
import ReferenceModels

extension Fault {
  /// A subject that never returns from Undo.
  public static let hangs = Fault.undoHistory(
    "hangs", in: "reference editor", symptom: "the app freezes on Undo", expectedClass: .timedOut
  ) { HangingEditor() }.requiringIsolation()
}

/// Spins forever on Undo, waiting for a state nothing will change.
final class HangingEditor: ReferenceEditor {
  override func undo() {
    var spins = 0
    while dragStart == nil {
      spins &+= 1
    }
    _ = spins
  }
}
