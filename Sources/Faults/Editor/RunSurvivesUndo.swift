import Contracts
import ReferenceModels

extension Fault {
  /// "After an undo, what I type next cannot be undone, and Redo brings back the old text":
  /// Undo does not end the typing run, so the next adjustment joins the undone group.
  public static let runSurvivesUndo = Fault.undoHistory(
    "run-survives-undo", in: "reference editor with a typing window",
    symptom: "typing right after an undo cannot be undone, and Redo brings back the undone text",
    expectedClass: .groupBoundary
  ) { RunSurvivingUndoEditor(coalescingWindow: .typingWindow) }
}

/// The bug: Undo leaves the typing run open.
final class RunSurvivingUndoEditor: ReferenceEditor {
  override func undo() {
    guard dragStart == nil, undoManager.groupingLevel == 0 else { return }
    undoManager.undo()
  }
}
