import Contracts
import ReferenceModels

extension Fault {
  /// "Redo brings back something I had already replaced": the app keeps a redo of its own.
  public static let redoSurvivesEdits = Fault.undoHistory(
    "redo-survives-edits", in: "reference editor",
    symptom: "redo brings back something I had already replaced",
    expectedClass: .redoAvailability
  ) { CachedRedoEditor() }
}

/// The bug: undo caches the value it replaced, and Redo replays that cache when the undo manager
/// has nothing to redo — nothing ever clears it on a new edit.
final class CachedRedoEditor: ReferenceEditor {
  private var lastUndone: Int?

  override var isRedoEnabled: Bool { super.isRedoEnabled || lastUndone != nil }

  override func undo() {
    if dragStart == nil, undoManager.canUndo {
      lastUndone = document.value
    }
    super.undo()
  }

  override func redo() {
    guard dragStart == nil, undoManager.groupingLevel == 0 else { return }
    if undoManager.redoCount == 0, let cached = lastUndone {
      lastUndone = nil
      adjust(to: cached)
      return
    }
    lastUndone = nil
    super.redo()
  }
}
