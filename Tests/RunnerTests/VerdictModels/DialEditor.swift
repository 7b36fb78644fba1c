import Contracts
import UndoKit

/// A volume dial written for the verdict set against the protocol alone.
///
/// It records a drag once, when it ends; a cancelled drag goes back to its start; Undo and Redo
/// are refused while a drag is in progress; a drag back to its start records nothing. Each
/// document has its own history; calculations capture the document and a revision that every
/// change of the value bumps; a panel (the UI layer) is refreshed by `refresh()`.
@MainActor
class DialEditor: UndoHistorySubject {
  /// What the panel shows.
  struct Panel {
    var level = 0
    var undoLit = false
    var redoLit = false
  }

  var level = 0
  var history = UndoManager()
  var documentName = "untitled"
  var revision = 0
  var grabbedAt: Int?
  var panel = Panel()
  var pending: [Int: (document: String, revision: Int)] = [:]

  init() {
    history.groupsByEvent = false
  }

  var undoManager: UndoManager { history }
  var value: Int { level }
  var displayedValue: Int { panel.level }
  var isUndoEnabled: Bool { panel.undoLit }
  var isRedoEnabled: Bool { panel.redoLit }
  var dragCancelRule: DragCancelRule? { .restoreStart }
  var undoDuringDragRule: UndoDuringDragRule? { .refused }
  var unchangedDragRule: UnchangedDragRule? { .recordsNothing }
  var capabilities: Set<SubjectCapability> { [.documents, .asyncResults, .uiLayer] }

  func adjust(to value: Int) {
    guard grabbedAt == nil else { return }
    record(value)
  }

  func beginDrag() {
    grabbedAt = level
  }

  func moveDrag(to value: Int) {
    guard grabbedAt != nil else { return }
    show(value)
  }

  func endDrag() {
    guard let start = grabbedAt else { return }
    grabbedAt = nil
    let end = level
    show(start)
    record(end)
  }

  func cancelDrag() {
    guard let start = grabbedAt else { return }
    grabbedAt = nil
    show(start)
  }

  func undo() {
    guard grabbedAt == nil else { return }
    history.undo()
    refresh()
  }

  func redo() {
    guard grabbedAt == nil else { return }
    history.redo()
    refresh()
  }

  func limitHistory(to levels: Int) {
    history.levelsOfUndo = levels
  }

  func load(_ value: Int) {
    grabbedAt = nil
    history.removeAllActions()
    show(value)
  }

  func switchDocument(to id: String, value: Int) {
    grabbedAt = nil
    let levels = history.levelsOfUndo
    history = UndoManager()
    history.groupsByEvent = false
    history.levelsOfUndo = levels
    documentName = id
    show(value)
  }

  func startCalculation(id: Int) {
    pending[id] = (documentName, revision)
  }

  func deliverCalculation(id: Int, result: Int) {
    guard let started = pending.removeValue(forKey: id), isCurrent(started) else { return }
    record(result)
  }

  /// Whether a calculation started at `started` may still apply.
  func isCurrent(_ started: (document: String, revision: Int)) -> Bool {
    started.document == documentName && started.revision == revision && grabbedAt == nil
  }

  /// One user action: one group, if the value changes.
  func record(_ next: Int) {
    guard next != level else { return }
    history.beginUndoGrouping()
    turn(to: next)
    history.endUndoGrouping()
    refresh()
  }

  /// The editing entry point: registers its inverse through itself.
  func turn(to next: Int) {
    guard next != level else { return }
    let previous = level
    history.registerUndo(withTarget: self) { $0.turn(to: previous) }
    show(next)
  }

  /// Sets the level without history, bumping the revision.
  func show(_ next: Int) {
    if next != level { revision += 1 }
    level = next
    refresh()
  }

  /// Refreshes the panel from the model.
  func refresh() {
    panel = Panel(level: level, undoLit: history.canUndo, redoLit: history.redoCount > 0)
  }
}

/// A correct dial that chooses differently: a cancelled drag keeps its position as one action,
/// and Undo during a drag cancels the drag.
@MainActor
final class DialEditorKeepingCancels: DialEditor {
  override var dragCancelRule: DragCancelRule? { .keepCurrent }
  override var undoDuringDragRule: UndoDuringDragRule? { .cancelsDrag }
  override var capabilities: Set<SubjectCapability> { [.documents, .uiLayer] }

  override func cancelDrag() {
    endDrag()
  }

  override func undo() {
    if grabbedAt != nil {
      super.cancelDrag()
      return
    }
    super.undo()
  }

  override func redo() {
    if grabbedAt != nil {
      super.cancelDrag()
      return
    }
    super.redo()
  }
}

/// One bug: the inverse restores a "previous level" field that is updated only after it was
/// captured, so one undo brings back the level from before the edit before.
@MainActor
final class DialRestoringOlderLevel: DialEditor {
  private var previousLevel = 0

  override func turn(to next: Int) {
    guard next != level else { return }
    let restore = previousLevel
    previousLevel = level
    history.registerUndo(withTarget: self) { $0.turn(to: restore) }
    show(next)
  }
}

/// One bug: an adjustment records one group per selected item — the dial and its linked label,
/// whose group changes nothing the dial shows.
@MainActor
final class DialRecordingPerItem: DialEditor {
  override func adjust(to value: Int) {
    guard grabbedAt == nil, value != level else { return }
    record(value)
    history.beginUndoGrouping()
    history.registerUndo(withTarget: self) { _ in }
    history.endUndoGrouping()
    refresh()
  }
}

/// One bug: a load reverts by undoing everything before it sets the level, so the whole history
/// waits on the redo stack.
@MainActor
final class DialRevertingByUndo: DialEditor {
  override func load(_ value: Int) {
    grabbedAt = nil
    while history.canUndo { history.undo() }
    show(value)
  }
}

/// One bug: a drag is recorded as a group every three callbacks; a cancel restores the start of
/// the last group only.
@MainActor
final class DialChunkingDrag: DialEditor {
  private var moves = 0

  override func beginDrag() {
    super.beginDrag()
    moves = 0
  }

  override func moveDrag(to value: Int) {
    guard grabbedAt != nil else { return }
    moves += 1
    if moves % 3 == 0, let start = grabbedAt {
      let end = value
      show(start)
      history.beginUndoGrouping()
      turn(to: end)
      history.endUndoGrouping()
      grabbedAt = end
      refresh()
    } else {
      show(value)
    }
  }
}

/// One bug: the panel's level is not refreshed after a redo.
@MainActor
final class DialStaleAfterRedo: DialEditor {
  override func redo() {
    guard grabbedAt == nil else { return }
    let shown = panel.level
    history.redo()
    refresh()
    panel.level = shown
  }
}

/// A correct dial that chooses differently: a new document's history starts unlimited, whatever
/// limit the user set on the document before (the contract leaves a limit across a switch to the
/// product).
@MainActor
final class DialStartingUnlimitedOnSwitch: DialEditor {
  override func switchDocument(to id: String, value: Int) {
    grabbedAt = nil
    history = UndoManager()
    history.groupsByEvent = false
    documentName = id
    show(value)
  }
}

/// One bug: the history limit is kept by hand, emptying history whenever it is exceeded.
@MainActor
final class DialLimitingByHand: DialEditor {
  private var limit = 0

  override func limitHistory(to levels: Int) {
    limit = levels
  }

  override func record(_ next: Int) {
    super.record(next)
    if limit > 0, history.undoCount > limit {
      history.removeAllActions()
      refresh()
    }
  }
}

/// One bug: calculations check the document but not the revision, so an undo does not make a
/// result stale.
@MainActor
final class DialIgnoringRevision: DialEditor {
  override func isCurrent(_ started: (document: String, revision: Int)) -> Bool {
    started.document == documentName && grabbedAt == nil
  }
}

/// One bug: a result is applied without being recorded.
@MainActor
final class DialApplyingResultsUnrecorded: DialEditor {
  override func deliverCalculation(id: Int, result: Int) {
    guard let started = pending.removeValue(forKey: id), isCurrent(started) else { return }
    show(result)
  }
}

/// One bug: a cancelled drag is recorded like an ended one, then set back without history.
@MainActor
final class DialRecordingCancels: DialEditor {
  override func cancelDrag() {
    guard let start = grabbedAt else { return }
    endDrag()
    show(start)
  }
}

/// One bug: the Redo light is refreshed only by undo and redo, so it stays lit after an edit.
@MainActor
final class DialKeepingRedoLit: DialEditor {
  override func record(_ next: Int) {
    let lit = panel.redoLit
    super.record(next)
    panel.redoLit = lit
  }
}

/// One bug: a drag back to its start records a group, although the product declares it records
/// nothing.
@MainActor
final class DialRecordingStillDrags: DialEditor {
  override func endDrag() {
    guard let start = grabbedAt, level == start else {
      super.endDrag()
      return
    }
    grabbedAt = nil
    history.beginUndoGrouping()
    history.registerUndo(withTarget: self) { _ in }
    history.endUndoGrouping()
    refresh()
  }
}

/// One bug: Undo during a drag is not refused; it undoes the group before the drag.
@MainActor
final class DialUndoingDuringDrag: DialEditor {
  override func undo() {
    history.undo()
    refresh()
  }
}

/// One bug: a document switch rolls the old document back by undoing everything and keeps the
/// same history, so the old document's redo stack is offered in the new one.
@MainActor
final class DialSwitchKeepingRedo: DialEditor {
  override func switchDocument(to id: String, value: Int) {
    grabbedAt = nil
    while history.canUndo { history.undo() }
    documentName = id
    show(value)
  }
}

/// One bug: the dial keeps one redo — each undo first removes the redo the undo before it left,
/// so a second undo drops the first undo's redo.
@MainActor
final class DialKeepingOneRedo: DialEditor {
  /// The target of the inverses registered while undoing, so they can be removed together.
  private final class RedoSlot {}
  private let redoSlot = RedoSlot()

  override func undo() {
    guard grabbedAt == nil else { return }
    history.removeAllActions(withTarget: redoSlot)
    super.undo()
  }

  override func turn(to next: Int) {
    guard history.isUndoing, next != level else { return super.turn(to: next) }
    let previous = level
    history.registerUndo(withTarget: redoSlot) { [unowned self] _ in self.turn(to: previous) }
    show(next)
  }
}
