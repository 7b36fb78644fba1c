import Contracts
import ReferenceModels

extension Fault {
  /// "One change to two selected shapes takes two undos": every selected item's change is
  /// recorded as a group of its own.
  public static let groupPerSelectedItem = Fault.undoHistory(
    "group-per-selected-item", in: "reference inspector",
    symptom: "one change to several selected items takes one undo per item",
    expectedClass: .groupBoundary
  ) { GroupPerItemInspector() }
}

/// The bug: a change of several items is committed item by item, one group each.
final class GroupPerItemInspector: ReferenceInspector {
  override func commit(from starts: [ItemValue], actionName: String) {
    for start in starts {
      super.commit(from: [start], actionName: actionName)
    }
  }
}
