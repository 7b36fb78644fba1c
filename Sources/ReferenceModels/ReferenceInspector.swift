import Contracts
import UndoKit

/// The reference undo-history subject with a selection: an inspector that edits several selected
/// items at once, built on UndoKit.
///
/// Product rules: a button adjustment, a whole drag and a load give every selected item the value;
/// an adjustment or a drag is one undo group for all the items it changed, and undoing it gives
/// each item back its own value; the inspector shows the selected items' common value, or "mixed"
/// when they differ; selecting items is not an edit. Like the reference editor, a drag that ends
/// where it began records nothing, a cancelled drag restores every item's start, Undo and Redo are
/// refused during a drag, and a load clears history. A fresh inspector holds one item, `item`, at
/// value 0, selected.
///
/// How a change of several items is recorded (``commit(from:actionName:)``), how each item's
/// inverse is registered (``registerInverse(of:restoring:)``) and how a selection is made
/// (``select(_:)``) are `open`, so a variant can change one decision.
@MainActor
open class ReferenceInspector: UndoHistorySubject {
  /// The history of every item's edits, with explicit groups (`groupsByEvent` off).
  public let undoManager: UndoManager
  /// The items' ids, in order.
  public private(set) var itemIDs: [String]
  /// The selected items' ids.
  public private(set) var selectedItemIDs: [String]
  /// Each item's value.
  public private(set) var values: [String: Int]
  /// Where each selected item was when the drag in progress began, if one is in progress.
  public private(set) var dragStarts: [ItemValue]?

  /// Creates an inspector holding `items`, the first selected.
  ///
  /// - Parameter items: The items and their values; at least one.
  public init(items: [ItemValue] = [ItemValue(id: "item", value: 0)]) {
    precondition(!items.isEmpty, "an inspector holds at least one item")
    undoManager = UndoManager()
    undoManager.groupsByEvent = false
    itemIDs = items.map(\.id)
    selectedItemIDs = [items[0].id]
    values = Dictionary(items.map { ($0.id, $0.value) }, uniquingKeysWith: { _, last in last })
  }

  /// The first selected item's value.
  public var value: Int { value(of: selectedItemIDs[0]) }
  open var dragCancelRule: DragCancelRule? { .restoreStart }
  open var undoDuringDragRule: UndoDuringDragRule? { .refused }
  open var unchangedDragRule: UnchangedDragRule? { .recordsNothing }
  open var capabilities: Set<SubjectCapability> { [.selection] }

  public func value(of id: String) -> Int { values[id] ?? 0 }

  /// The selected items' common value, or `nil` ("mixed") when they differ.
  open var inspectorValue: Int? {
    let selected = Set(selectedItemIDs.map { value(of: $0) })
    return selected.count == 1 ? selected.first : nil
  }

  /// Replaces the items and selects the first; not an edit, and it clears history.
  open func loadItems(_ items: [ItemValue]) {
    guard !items.isEmpty else { return }
    dragStarts = nil
    undoManager.removeAllActions()
    itemIDs = items.map(\.id)
    values = Dictionary(items.map { ($0.id, $0.value) }, uniquingKeysWith: { _, last in last })
    selectedItemIDs = [items[0].id]
  }

  /// Selects the known items among `ids`; nothing is recorded.
  ///
  /// Ignored during a drag, or when none of `ids` is known.
  open func select(_ ids: [String]) {
    let known = ids.filter { values[$0] != nil }
    guard dragStarts == nil, !known.isEmpty else { return }
    selectedItemIDs = known
  }

  /// A button gives every selected item the value: one group for all the items it changed.
  open func adjust(to value: Int) {
    guard dragStarts == nil else { return }
    let starts = selectedValues()
    apply(value)
    commit(from: starts, actionName: "Adjust")
  }

  open func beginDrag() {
    dragStarts = selectedValues()
  }

  /// A drag callback previews the position on every selected item; nothing is recorded yet.
  open func moveDrag(to value: Int) {
    guard dragStarts != nil else { return }
    apply(value)
  }

  /// The whole drag becomes one group, or nothing if every item ended where it began.
  open func endDrag() {
    guard let starts = dragStarts else { return }
    dragStarts = nil
    commit(from: starts, actionName: "Drag")
  }

  /// A cancelled drag gives every item back its start and records nothing.
  open func cancelDrag() {
    guard let starts = dragStarts else { return }
    dragStarts = nil
    for start in starts {
      values[start.id] = start.value
    }
  }

  /// Loads `value` into every selected item: not an edit, and it clears history.
  open func load(_ value: Int) {
    dragStarts = nil
    undoManager.removeAllActions()
    apply(value)
  }

  /// Undo, refused during a drag.
  open func undo() {
    guard dragStarts == nil, undoManager.groupingLevel == 0 else { return }
    undoManager.undo()
  }

  /// Redo, refused during a drag.
  open func redo() {
    guard dragStarts == nil, undoManager.groupingLevel == 0 else { return }
    undoManager.redo()
  }

  /// Records a finished change of the items in `starts` as one named undo group, registering the
  /// inverse of each item that changed; records nothing when none changed.
  open func commit(from starts: [ItemValue], actionName: String) {
    let changed = starts.filter { values[$0.id] != $0.value }
    guard !changed.isEmpty else { return }
    undoManager.beginUndoGrouping()
    for start in changed {
      registerInverse(of: start.id, restoring: start.value)
    }
    undoManager.setActionName(actionName)
    undoManager.endUndoGrouping()
  }

  /// Registers the inverse of a change of item `id` that replaced `previous`: a call of
  /// ``setValue(_:of:)`` that sets `previous` back, so undoing registers the redo.
  open func registerInverse(of id: String, restoring previous: Int) {
    undoManager.registerUndo(withTarget: self) { inspector in
      inspector.setValue(previous, of: id)
    }
  }

  /// Sets item `id` to `next` and registers its inverse; setting the current value registers
  /// nothing.
  public func setValue(_ next: Int, of id: String) {
    guard let previous = values[id], previous != next else { return }
    registerInverse(of: id, restoring: previous)
    values[id] = next
  }

  /// The selected items with their values now.
  public func selectedValues() -> [ItemValue] {
    selectedItemIDs.map { ItemValue(id: $0, value: value(of: $0)) }
  }

  /// Shows `value` on every selected item without recording it.
  private func apply(_ value: Int) {
    for id in selectedItemIDs {
      values[id] = value
    }
  }
}
