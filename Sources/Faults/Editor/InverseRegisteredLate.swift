import Contracts
import ReferenceModels
import UndoKit

extension Fault {
  /// "Redo is greyed out right after undo": the inverse is registered after the undo is over.
  public static let inverseRegisteredLate = Fault.undoHistory(
    "inverse-registered-late", in: "reference editor",
    symptom: "redo is greyed out right after undo", expectedClass: .redoAvailability
  ) { ReferenceEditor(documentType: LateRegisteringDocument.self) }
}

/// The bug: while undoing, the handler defers its registration until the undo manager reports
/// that the undo finished — as an asynchronous task would — so it lands outside the undo phase.
final class LateRegisteringDocument: EditorDocument {
  private var observer: (any NSObjectProtocol)?

  override func registerInverse(restoring previous: Int) {
    guard history.isUndoing else {
      super.registerInverse(restoring: previous)
      return
    }
    observer = history.notificationCenter.addObserver(
      forName: .NSUndoManagerDidUndoChange, object: history, queue: nil
    ) { [weak self] _ in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.observer.map(self.history.notificationCenter.removeObserver)
        self.observer = nil
        self.history.registerUndo(withTarget: self) { $0.setValue(previous) }
      }
    }
  }
}
