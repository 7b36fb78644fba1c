import Contracts
import ReferenceModels

extension Fault {
  /// "Undo in one document changes another": a switch hands the old document's history on.
  public static let historyAcrossSwitch = Fault.undoHistory(
    "history-across-switch", in: "reference editor",
    symptom: "undo in one document changes another", expectedClass: .groupBoundary
  ) { SharedHistoryEditor() }
}

/// The bug: every document opened shares the first document's undo manager, like a window-level
/// undo manager shared by documents that should each have their own; the window keeps its
/// documents open.
final class SharedHistoryEditor: ReferenceEditor {
  private var openDocuments: [EditorDocument] = []

  override func openDocument(id: String, value: Int) -> EditorDocument {
    openDocuments.append(document)
    return documentType.init(id: id, value: value, history: document.history)
  }
}
