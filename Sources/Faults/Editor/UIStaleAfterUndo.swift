import Contracts
import ReferenceModels
import UndoKit

extension Fault {
  /// "Undo changes the document but the canvas does not move": the screen follows user edits
  /// only.
  public static let uiStaleAfterUndo = Fault.undoHistory(
    "ui-stale-after-undo", in: "reference editor",
    symptom: "undo changes the document but the canvas does not move", expectedClass: .uiBinding
  ) { ReferenceEditor(screen: EditOnlyScreen()) }
}

/// The bug: the screen ignores undo and redo — neither their notifications nor the value
/// changes they cause.
final class EditOnlyScreen: EditorScreen {
  override var refreshNotifications: [Notification.Name] {
    [.NSUndoManagerCheckpoint, .NSUndoManagerDidCloseUndoGroup]
  }

  override func documentDidChange() {
    if let history = document?.history, history.isUndoing || history.isRedoing {
      return
    }
    super.documentDidChange()
  }
}
