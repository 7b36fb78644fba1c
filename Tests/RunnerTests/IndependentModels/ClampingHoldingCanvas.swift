import Contracts
import UndoKit

/// A correct editor on a bounded scale (-100...100) that holds a result arriving during a drag,
/// whenever its calculation was requested, and applies it, clamped to the scale, as an undo group
/// of its own once the gesture is over.
///
/// Everything it shows is clamped: a drag past the end stops at it, and so does a result. So a
/// result held through a cancelled drag can land on exactly the value the drag showed last; the
/// undo/redo article's rule still holds (the result is applied as its own group, on the value it
/// was computed for), and a judge that expects the drag's start with nothing to undo is wrong.
@MainActor
final class ClampingHoldingCanvas: UndoHistorySubject {
  static let scale = -100...100
  let undoManager = UndoManager()
  private(set) var value = 0
  /// Bumped by every change the history records and by a load: a result computed at another
  /// revision is stale.
  private var revision = 0
  private var gestureStart: Int?
  private var requestedAt: [Int: Int] = [:]
  /// The latest valid result that arrived during the gesture, and whether it was requested
  /// during it (one requested before the gesture is stale once the gesture commits a change).
  private var heldResult: (value: Int, requestedDuringGesture: Bool)?
  private var requestedDuringGesture: Set<Int> = []

  init() {
    undoManager.groupsByEvent = false
  }

  var dragCancelRule: DragCancelRule? { .restoreStart }
  var unchangedDragRule: UnchangedDragRule? { .recordsNothing }
  var capabilities: Set<SubjectCapability> {
    [.asyncResults, .documents, .dragCancelRestores, .dragBackRecordsNothing]
  }

  private static func clamped(_ value: Int) -> Int {
    min(max(value, scale.lowerBound), scale.upperBound)
  }

  func adjust(to value: Int) {
    guard gestureStart == nil else { return }
    change(from: self.value, to: Self.clamped(value))
  }

  func beginDrag() {
    guard gestureStart == nil else { return }
    gestureStart = value
    requestedDuringGesture = []
  }

  func moveDrag(to value: Int) {
    guard gestureStart != nil else { return }
    self.value = Self.clamped(value)
  }

  func endDrag() {
    guard let start = gestureStart else { return }
    gestureStart = nil
    let shown = value
    value = start
    change(from: start, to: shown)
    if shown != start, heldResult?.requestedDuringGesture == false { heldResult = nil }
    applyHeldResult()
  }

  func cancelDrag() {
    guard let start = gestureStart else { return }
    gestureStart = nil
    value = start
    applyHeldResult()
  }

  func load(_ value: Int) {
    gestureStart = nil
    heldResult = nil
    undoManager.removeAllActions()
    self.value = Self.clamped(value)
    revision += 1
  }

  func switchDocument(to document: String, value: Int) {
    load(value)
  }

  func undo() {
    guard gestureStart == nil else { return }
    undoManager.undo()
  }

  func redo() {
    guard gestureStart == nil else { return }
    undoManager.redo()
  }

  func startCalculation(id: Int) {
    requestedAt[id] = revision
    if gestureStart != nil { requestedDuringGesture.insert(id) }
  }

  func deliverCalculation(id: Int, result: Int) {
    guard let revision = requestedAt.removeValue(forKey: id), revision == self.revision else {
      return
    }
    if gestureStart != nil {
      heldResult = (Self.clamped(result), requestedDuringGesture.contains(id))
    } else {
      change(from: value, to: Self.clamped(result))
    }
  }

  private func applyHeldResult() {
    guard let held = heldResult else { return }
    heldResult = nil
    change(from: value, to: held.value)
  }

  /// Shows `new` as one undo group whose undo shows `old` again; nothing when they are equal.
  private func change(from old: Int, to new: Int) {
    guard old != new else { return }
    undoManager.beginUndoGrouping()
    show(new, undoingTo: old)
    undoManager.endUndoGrouping()
  }

  private func show(_ new: Int, undoingTo old: Int) {
    value = new
    revision += 1
    undoManager.registerUndo(withTarget: self) { $0.show(old, undoingTo: new) }
  }
}
