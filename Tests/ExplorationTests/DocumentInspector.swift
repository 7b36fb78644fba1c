import Contracts
import UndoKit

/// A test-only inspector with a selection that also declares documents, asynchronous results
/// and a typing window, so the selection explorer's oracle is tested on every action it can
/// generate.
///
/// Product rules: `adjust`, a drag and `load` give every selected item the value; an adjustment
/// or a whole drag is one group for the selected items, restored by one snapshot of their values;
/// an adjustment less than the window after the previous one, with only adjustments and waits
/// between them, joins its group; a switch opens a document whose items all hold the value, keeps
/// the selection and the history limit, and clears history; a calculation captures the document
/// and the revision (which every change of an item moves on), and its result, when both still
/// match and no drag is in progress, gives every selected item the value as one group. A drag
/// that ends where it began records nothing; a cancelled drag restores every item's start; Undo
/// and Redo are refused during a drag.
///
/// The `open` members are the decisions the faulty variants in the tests change.
@MainActor
class DocumentInspector: UndoHistorySubject {
  let undoManager = UndoManager()
  private(set) var itemIDs = ["item"]
  private(set) var selectedItemIDs = ["item"]
  private(set) var values = ["item": 0]
  /// The document open now.
  var document = "d0"
  /// Moves on with every change of an item's value.
  private(set) var revision = 0
  /// What each calculation captured when it started, by id.
  private var calculations: [Int: (document: String, revision: Int)] = [:]
  private var dragStarts: [String: Int]?
  private var clock: any ContractClock = VirtualClock()
  /// When the open typing run's last adjustment happened, or `nil` when no run is open.
  private var runLastAdjusted: Duration?

  init() { undoManager.groupsByEvent = false }

  var value: Int { values[selectedItemIDs[0]] ?? 0 }
  var capabilities: Set<SubjectCapability> { [.selection, .documents, .asyncResults] }
  var coalescingWindow: Duration? { .milliseconds(500) }
  var dragCancelRule: DragCancelRule? { .restoreStart }
  var undoDuringDragRule: UndoDuringDragRule? { .refused }
  var unchangedDragRule: UnchangedDragRule? { .recordsNothing }

  func useClock(_ clock: any ContractClock) { self.clock = clock }
  func value(of id: String) -> Int { values[id] ?? 0 }

  func loadItems(_ items: [ItemValue]) {
    guard let first = items.first else { return }
    endRun()
    dragStarts = nil
    undoManager.removeAllActions()
    itemIDs = items.map(\.id)
    values = Dictionary(items.map { ($0.id, $0.value) }, uniquingKeysWith: { _, last in last })
    revision += 1
    selectedItemIDs = [first.id]
  }

  func select(_ ids: [String]) {
    endRun()
    let known = ids.filter { values[$0] != nil }
    guard dragStarts == nil, !known.isEmpty else { return }
    selectedItemIDs = known
  }

  func adjust(to value: Int) {
    guard dragStarts == nil else { return }
    let starts = selectedValues()
    guard starts.values.contains(where: { $0 != value }) else { return }
    if joinsRun() {
      set(starts.mapValues { _ in value })
    } else {
      commit(from: starts, to: starts.mapValues { _ in value })
    }
    runLastAdjusted = coalescingWindow == nil ? nil : clock.now
  }

  /// Whether an adjustment now joins the open typing run.
  func joinsRun() -> Bool {
    guard let window = coalescingWindow, let last = runLastAdjusted else { return false }
    return clock.now - last < window
  }

  func beginDrag() {
    endRun()
    dragStarts = selectedValues()
  }

  func moveDrag(to value: Int) {
    endRun()
    guard let starts = dragStarts else { return }
    set(starts.mapValues { _ in value })
  }

  func endDrag() {
    endRun()
    guard let starts = dragStarts else { return }
    dragStarts = nil
    let ends = selectedValues()
    guard ends != starts else { return }
    set(starts)
    commit(from: starts, to: ends)
  }

  func cancelDrag() {
    endRun()
    guard let starts = dragStarts else { return }
    dragStarts = nil
    set(starts)
  }

  func load(_ value: Int) {
    endRun()
    dragStarts = nil
    undoManager.removeAllActions()
    set(selectedValues().mapValues { _ in value })
  }

  func undo() {
    endRun()
    guard dragStarts == nil, undoManager.groupingLevel == 0 else { return }
    undoManager.undo()
  }

  func redo() {
    endRun()
    guard dragStarts == nil, undoManager.groupingLevel == 0 else { return }
    undoManager.redo()
  }

  func limitHistory(to levels: Int) {
    endRun()
    undoManager.levelsOfUndo = levels
  }

  /// Opens document `id` whose items all hold `value`: the selection and the limit stay.
  func switchDocument(to id: String, value: Int) {
    endRun()
    undoManager.removeAllActions()
    document = id
    set(values.mapValues { _ in value })
  }

  func startCalculation(id: Int) {
    endRun()
    calculations[id] = (document, revision)
  }

  func deliverCalculation(id: Int, result: Int) {
    endRun()
    guard let captured = calculations[id], dragStarts == nil, accepts(captured) else { return }
    let starts = selectedValues()
    commit(from: starts, to: starts.mapValues { _ in result })
  }

  /// Whether a result computed on `captured` still applies: the document and the revision match.
  func accepts(_ captured: (document: String, revision: Int)) -> Bool {
    captured.document == document && captured.revision == revision
  }

  /// Whether undoing a typing run that ended where it began registers its redo (a group whose
  /// redo changes nothing); when not, the undo leaves no redo.
  var redoesUnchangedRuns: Bool { true }

  /// Ends the open typing run: the next adjustment starts a group of its own.
  func endRun() { runLastAdjusted = nil }

  /// Records the change of the items in `starts` to `ends` as one group, or nothing when none
  /// changes.
  func commit(from starts: [String: Int], to ends: [String: Int]) {
    guard ends.contains(where: { starts[$0.key] != $0.value }) else { return }
    undoManager.beginUndoGrouping()
    restore(ends, registering: starts)
    undoManager.setActionName("Inspector")
    undoManager.endUndoGrouping()
  }

  /// Sets `snapshot`, registering the restoring of `inverse` as the undo of it.
  private func restore(_ snapshot: [String: Int], registering inverse: [String: Int]) {
    undoManager.registerUndo(withTarget: self) { inspector in
      let now = Dictionary(uniqueKeysWithValues: inverse.keys.map { ($0, inspector.value(of: $0)) })
      if now == inverse && !inspector.redoesUnchangedRuns { return }
      inspector.restore(inverse, registering: now)
    }
    set(snapshot)
  }

  /// Sets the values in `snapshot` without recording; a change moves the revision on.
  func set(_ snapshot: [String: Int]) {
    let before = values
    values.merge(snapshot) { _, new in new }
    if values != before { revision += 1 }
  }

  private func selectedValues() -> [String: Int] {
    Dictionary(
      selectedItemIDs.map { ($0, values[$0] ?? 0) }, uniquingKeysWith: { first, _ in first })
  }
}
