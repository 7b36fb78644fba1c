import Contracts
import ReferenceModels

extension Fault {
  /// "Undo is enabled although nothing changed": a button opens its group before the same-value
  /// guard, and Apple's undo manager keeps empty groups.
  public static let emptyGroupOnSameValue = Fault.undoHistory(
    "empty-group-on-same-value", in: "reference editor",
    symptom: "Undo is enabled although nothing changed", expectedClass: .groupBoundary
  ) { EmptyGroupEditor() }
}

/// The bug: the group is opened and closed whether or not the value changes.
final class EmptyGroupEditor: ReferenceEditor {
  override func adjust(to value: Int) {
    guard dragStart == nil else { return }
    document.history.beginUndoGrouping()
    document.setValue(value)
    document.history.setActionName("Adjust")
    document.history.endUndoGrouping()
  }
}
