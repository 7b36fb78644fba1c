import Contracts
import ReferenceModels

extension Fault {
  /// "Undoing my next edit also undid the calculation": a result's group is never closed.
  public static let resultGroupLeftOpen = Fault.undoHistory(
    "result-group-left-open", in: "reference editor",
    symptom: "undoing my next edit also undid the calculation", expectedClass: .groupBoundary
  ) { OpenResultGroupEditor() }
}

/// The bug: the result opens a group and returns without closing it.
final class OpenResultGroupEditor: ReferenceEditor {
  override func applyResult(_ result: Int) {
    document.history.beginUndoGrouping()
    document.setValue(result)
  }
}
