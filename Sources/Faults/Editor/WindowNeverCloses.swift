import Contracts
import ReferenceModels

extension Fault {
  /// "Typing after a pause undoes together with what I typed before": the typing window is
  /// never closed by time, only by another action.
  public static let windowNeverCloses = Fault.undoHistory(
    "window-never-closes", in: "reference editor with a typing window",
    symptom: "typing after a pause undoes together with what was typed before",
    expectedClass: .groupBoundary
  ) { NeverClosingWindowEditor(coalescingWindow: .typingWindow) }
}

/// The bug: an adjustment joins the open run however long ago its last adjustment was.
final class NeverClosingWindowEditor: ReferenceEditor {
  override func joinsTypingRun() -> Bool {
    coalescingWindow != nil && typingRunLastAdjusted != nil
  }
}
