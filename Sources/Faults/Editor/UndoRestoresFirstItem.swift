import Contracts
import ReferenceModels

extension Fault {
  /// "Undo after editing two shapes gives both the first one's old size": the inverse restores
  /// every item to the first changed item's previous value.
  public static let undoRestoresFirstItem = Fault.undoHistory(
    "undo-restores-first-item", in: "reference inspector",
    symptom: "undoing a change to several selected items gives them all the first item's old value",
    expectedClass: .valueRestoration
  ) { FirstItemRestoringInspector() }
}

/// The bug: one previous value, the first item's, is registered as every item's inverse.
final class FirstItemRestoringInspector: ReferenceInspector {
  override func commit(from starts: [ItemValue], actionName: String) {
    let changed = starts.filter { values[$0.id] != $0.value }
    guard let first = changed.first else { return }
    super.commit(
      from: changed.map { ItemValue(id: $0.id, value: first.value) }, actionName: actionName)
  }
}
