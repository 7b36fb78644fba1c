import Contracts
import UndoKit

/// A correct editor that keeps a result that landed during a drag when the drag is cancelled.
///
/// A background result may land during a drag that has not moved yet, as its own undo group; the
/// drag then starts where the result left the value. The contract leaves open which start a
/// cancel restores.
@MainActor
class ResultKeepingCanvas: UndoHistorySubject {
  let undoManager = UndoManager()
  private(set) var value = 0
  private(set) var revision = 0
  private var dragStart: Int?
  private var dragMoved = false
  private var calculations: [Int: Int] = [:]

  init() {
    undoManager.groupsByEvent = false
  }

  var dragCancelRule: DragCancelRule? { .restoreStart }
  var capabilities: Set<SubjectCapability> { [.asyncResults, .dragCancelRestores] }

  func adjust(to value: Int) {
    guard dragStart == nil else { return }
    record(from: self.value, to: value)
  }

  func beginDrag() {
    dragStart = value
    dragMoved = false
  }

  func moveDrag(to value: Int) {
    guard dragStart != nil else { return }
    self.value = value
    dragMoved = true
  }

  func endDrag() {
    guard let start = dragStart else { return }
    dragStart = nil
    let final = value
    value = start
    record(from: start, to: final)
  }

  func cancelDrag() {
    guard let start = dragStart else { return }
    dragStart = nil
    value = start
  }

  func load(_ value: Int) {
    dragStart = nil
    undoManager.removeAllActions()
    self.value = value
    revision += 1
  }

  func undo() {
    guard dragStart == nil else { return }
    undoManager.undo()
  }

  func redo() {
    guard dragStart == nil else { return }
    undoManager.redo()
  }

  func startCalculation(id: Int) {
    calculations[id] = revision
  }

  func deliverCalculation(id: Int, result: Int) {
    guard let started = calculations.removeValue(forKey: id), started == revision,
      !dragMoved || dragStart == nil
    else { return }
    record(from: value, to: result)
    if dragStart != nil {
      dragStart = result
    }
  }

  /// Sets `new` as one undo group whose undo restores `old`; nothing when they are equal.
  private func record(from old: Int, to new: Int) {
    guard old != new else { return }
    undoManager.beginUndoGrouping()
    set(new, inverse: old)
    undoManager.endUndoGrouping()
  }

  /// Sets `new` and registers its inverse in the group open now (one of its own, or the one an
  /// undo or redo opened).
  private func set(_ new: Int, inverse old: Int) {
    value = new
    if changesRevision {
      revision += 1
    }
    undoManager.registerUndo(withTarget: self) { $0.set(old, inverse: new) }
  }

  /// Whether the change being made now makes earlier calculations stale.
  var changesRevision: Bool { true }
}

/// One bug: undo and redo do not count as edits, so a result computed before an undo still
/// applies after it.
final class ResultKeepingCanvasIgnoringUndoForResults: ResultKeepingCanvas {
  override var changesRevision: Bool { !undoManager.isUndoing && !undoManager.isRedoing }
}
