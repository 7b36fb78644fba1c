import Contracts
import Foundation
import ReferenceModels

extension Fault {
  /// A subject that never returns from Undo.
  public static let hangs = Fault.undoHistory(
    "hangs", in: "reference editor", symptom: "the app freezes on Undo", expectedClass: .timedOut
  ) { HangingEditor() }.requiringIsolation()
}

/// Spins forever on Undo, as a busy loop waiting for a state nothing will change does.
///
/// Each turn yields the processor, a call the optimiser must keep, so a release build hangs as a
/// debug one does.
final class HangingEditor: ReferenceEditor {
  override func undo() {
    while dragStart == nil {
      sched_yield()
    }
  }
}
