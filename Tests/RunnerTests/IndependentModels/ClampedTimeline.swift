import Contracts
import UndoKit

/// A timeline scrubber written against the protocol alone, choosing differently from the
/// reference editor wherever the contract allows: it clamps positions to -100...100, opens its
/// undo group when a scrub begins and registers every move (so a scrub back to its start is one
/// group, and Undo is refused while the group is open), opens each document with an unlimited
/// history, counts only changes of the position as edits (a callback repeating the position is
/// not one), and has a view of its own refreshed after every action.
@MainActor
class ClampedTimeline: UndoHistorySubject {
  /// The positions a scrub may reach.
  static let range = -100...100

  /// One open document: a position, an edit counter and a history.
  @MainActor
  final class Document {
    let name: String
    var position: Int
    var edits = 0
    let history = UndoManager()

    init(name: String, position: Int) {
      self.name = name
      self.position = position
      history.groupsByEvent = false
    }
  }

  /// What the screen shows.
  struct View {
    var position = 0
    var undoEnabled = false
    var redoEnabled = false
  }

  private(set) var document = Document(name: "untitled", position: 0)
  var view = View()
  private(set) var scrubbing = false
  private var calculations: [Int: (document: String, edits: Int)] = [:]

  init() {}

  var undoManager: UndoManager { document.history }
  var value: Int { document.position }
  var displayedValue: Int { view.position }
  var isUndoEnabled: Bool { view.undoEnabled }
  var isRedoEnabled: Bool { view.redoEnabled }
  var undoDuringDragRule: UndoDuringDragRule? { .refused }
  var unchangedDragRule: UnchangedDragRule? { .recordsGroup }
  var capabilities: Set<SubjectCapability> { [.documents, .asyncResults, .uiLayer] }

  static func clamp(_ value: Int) -> Int {
    min(max(value, range.lowerBound), range.upperBound)
  }

  func adjust(to value: Int) {
    guard !scrubbing, Self.clamp(value) != document.position else { return }
    document.history.beginUndoGrouping()
    set(Self.clamp(value))
    document.history.endUndoGrouping()
    render()
  }

  func beginDrag() {
    guard !scrubbing else { return }
    scrubbing = true
    document.history.beginUndoGrouping()
  }

  func moveDrag(to value: Int) {
    guard scrubbing else { return }
    set(Self.clamp(value))
    render()
  }

  func endDrag() {
    guard scrubbing else { return }
    scrubbing = false
    document.history.endUndoGrouping()
    render()
  }

  func undo() {
    guard !scrubbing else { return }
    document.history.undo()
    render()
  }

  func redo() {
    guard !scrubbing else { return }
    document.history.redo()
    render()
  }

  func load(_ value: Int) {
    if scrubbing {
      scrubbing = false
      document.history.endUndoGrouping()
    }
    document.history.removeAllActions()
    document.position = Self.clamp(value)
    document.edits += 1
    render()
  }

  func switchDocument(to id: String, value: Int) {
    if scrubbing {
      scrubbing = false
      document.history.endUndoGrouping()
    }
    document = Document(name: id, position: Self.clamp(value))
    render()
  }

  func startCalculation(id: Int) {
    calculations[id] = (document.name, document.edits)
  }

  func deliverCalculation(id: Int, result: Int) {
    guard let started = calculations.removeValue(forKey: id), !scrubbing,
      started.document == document.name, started.edits == document.edits,
      Self.clamp(result) != document.position
    else { return }
    document.history.beginUndoGrouping()
    set(Self.clamp(result))
    document.history.endUndoGrouping()
    render()
  }

  /// The editing entry point: registers the inverse through itself, so undoing registers redo.
  func set(_ next: Int) {
    guard next != document.position else { return }
    let previous = document.position
    document.history.registerUndo(withTarget: document) { [unowned self] _ in self.set(previous) }
    document.position = next
    document.edits += 1
  }

  /// Refreshes the view from the model.
  func render() {
    view = View(
      position: document.position, undoEnabled: document.history.canUndo,
      redoEnabled: document.history.redoCount > 0)
  }
}

/// One bug, of a model that normalises its input: the inverse of an adjustment re-applies the
/// raw input it was given, so Redo after an out-of-range input leaves the range.
@MainActor
final class ClampedTimelineRedoingRawInput: ClampedTimeline {
  override func adjust(to value: Int) {
    guard !scrubbing, Self.clamp(value) != document.position else { return }
    document.history.beginUndoGrouping()
    setRaw(value, shown: Self.clamp(value))
    document.history.endUndoGrouping()
    render()
  }

  /// Shows `shown`, and registers an inverse whose redo re-applies `raw` unclamped.
  private func setRaw(_ raw: Int, shown: Int) {
    let previous = document.position
    document.history.registerUndo(withTarget: document) { [unowned self] _ in
      self.restore(previous, redoing: raw)
    }
    document.position = shown
    document.edits += 1
  }

  /// Undoes an adjustment to `raw`: shows `previous` and registers the redo of `raw`.
  private func restore(_ previous: Int, redoing raw: Int) {
    document.history.registerUndo(withTarget: document) { [unowned self] _ in
      self.setRaw(raw, shown: raw)
    }
    document.position = previous
    document.edits += 1
  }
}

/// One bug, at a document switch with redo pending: the switch refreshes the position and the
/// Undo button but not the Redo button ("after opening another file, Redo is still enabled").
@MainActor
final class ClampedTimelineKeepingRedoButton: ClampedTimeline {
  override func switchDocument(to id: String, value: Int) {
    let redoEnabled = view.redoEnabled
    super.switchDocument(to: id, value: value)
    view.redoEnabled = redoEnabled
  }
}
