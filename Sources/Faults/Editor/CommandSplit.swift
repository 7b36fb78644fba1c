import Contracts
import ReferenceModels

extension Fault {
  /// "The first undo after a button tap does nothing visible": the button's label change is
  /// recorded as a second group.
  public static let commandSplit = Fault.undoHistory(
    "command-split", in: "reference editor",
    symptom: "the first undo after a button tap does nothing visible",
    expectedClass: .groupBoundary
  ) { SplitCommandEditor() }
}

/// The bug: the handler closes its group after the change and opens another for the action
/// name, so one tap is two groups, the second one empty.
final class SplitCommandEditor: ReferenceEditor {
  override func adjust(to value: Int) {
    guard dragStart == nil, value != document.value else { return }
    document.history.beginUndoGrouping()
    document.setValue(value)
    document.history.endUndoGrouping()
    document.history.beginUndoGrouping()
    document.history.setActionName("Adjust")
    document.history.endUndoGrouping()
  }
}
