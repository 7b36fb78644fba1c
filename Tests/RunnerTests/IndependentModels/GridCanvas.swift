import Contracts
import UndoKit

/// A second editor that chooses differently from the reference wherever the contract allows: it
/// snaps every position to a grid of 8, keeps a cancelled drag's position as one action, lets
/// Undo during a drag cancel the drag, has documents, background calculations checked by an edit
/// counter, and a view refreshed by explicit `render()` calls.
@MainActor
class GridCanvas: UndoHistorySubject {
  /// The grid positions snap to.
  static let grid = 8

  /// One open document with its own history.
  @MainActor
  final class Document {
    let name: String
    var x: Int
    var edits = 0
    let history = UndoManager()

    init(name: String, x: Int) {
      self.name = name
      self.x = x
      history.groupsByEvent = false
    }
  }

  /// What the screen shows.
  struct View {
    var x = 0
    var undoEnabled = false
    var redoEnabled = false
  }

  private(set) var document = Document(name: "untitled", x: 0)
  private(set) var view = View()
  private(set) var dragOrigin: Int?
  private var calculations: [Int: (document: String, edits: Int)] = [:]

  init() {}

  var undoManager: UndoManager { document.history }
  var value: Int { document.x }
  var displayedValue: Int { view.x }
  var isUndoEnabled: Bool { view.undoEnabled }
  var isRedoEnabled: Bool { view.redoEnabled }
  var dragCancelRule: DragCancelRule? { .keepCurrent }
  var undoDuringDragRule: UndoDuringDragRule? { .cancelsDrag }
  var unchangedDragRule: UnchangedDragRule? { .recordsNothing }
  var capabilities: Set<SubjectCapability> { [.documents, .asyncResults, .uiLayer] }

  static func snap(_ value: Int) -> Int {
    Int((Double(value) / Double(grid)).rounded()) * grid
  }

  func adjust(to value: Int) {
    guard dragOrigin == nil else { return }
    commit(to: Self.snap(value))
  }

  func beginDrag() {
    dragOrigin = document.x
  }

  func moveDrag(to value: Int) {
    guard dragOrigin != nil else { return }
    document.x = Self.snap(value)
    render()
  }

  func endDrag() {
    guard let origin = dragOrigin else { return }
    dragOrigin = nil
    let final = document.x
    document.x = origin
    commit(to: final)
  }

  func cancelDrag() {
    endDrag()
  }

  func load(_ value: Int) {
    dragOrigin = nil
    document.history.removeAllActions()
    document.x = Self.snap(value)
    document.edits += 1
    render()
  }

  func undo() {
    if dragOrigin != nil {
      abandonDrag()
      return
    }
    document.history.undo()
    render()
  }

  func redo() {
    if dragOrigin != nil {
      abandonDrag()
      return
    }
    document.history.redo()
    render()
  }

  func switchDocument(to id: String, value: Int) {
    dragOrigin = nil
    let levels = document.history.levelsOfUndo
    document = Document(name: id, x: Self.snap(value))
    document.history.levelsOfUndo = levels
    render()
  }

  func startCalculation(id: Int) {
    calculations[id] = (document.name, document.edits)
  }

  func deliverCalculation(id: Int, result: Int) {
    guard let started = calculations.removeValue(forKey: id), accepts(started),
      dragOrigin == nil || !holdsResultsDuringDrag
    else { return }
    commit(to: Self.snap(result))
  }

  /// Whether results wait for the drag in progress to end (they are dropped until then).
  var holdsResultsDuringDrag: Bool { true }

  /// Whether a result started at `started` may still be applied.
  func accepts(_ started: (document: String, edits: Int)) -> Bool {
    started.document == document.name && started.edits == document.edits
  }

  /// Drops the drag in progress: back to its origin, nothing recorded.
  func abandonDrag() {
    guard let origin = dragOrigin else { return }
    dragOrigin = nil
    document.x = origin
    render()
  }

  /// One user action: a group holding one change, if the value changes.
  func commit(to next: Int) {
    guard next != document.x else {
      render()
      return
    }
    document.history.beginUndoGrouping()
    set(next)
    document.history.endUndoGrouping()
    render()
  }

  /// The editing entry point: changes the value and registers its inverse through itself.
  func set(_ next: Int) {
    guard next != document.x else { return }
    let previous = document.x
    let target = document
    document.history.registerUndo(withTarget: target) { [unowned self] _ in self.set(previous) }
    document.x = next
    document.edits += 1
    render()
  }

  /// Refreshes the view from the model.
  func render() {
    view = View(
      x: document.x, undoEnabled: document.history.canUndo,
      redoEnabled: document.history.redoCount > 0)
  }
}

/// One bug: the inverse reads a "last position" field at undo time instead of capturing it.
@MainActor
final class GridCanvasReadingLastPosition: GridCanvas {
  private var lastPosition = 0

  override func set(_ next: Int) {
    guard next != document.x else { return }
    lastPosition = document.x
    let target = document
    document.history.registerUndo(withTarget: target) { [unowned self] _ in
      self.set(self.lastPosition)
    }
    document.x = next
    document.edits += 1
    render()
  }
}

/// One bug: background results are applied without checking the edit counter.
@MainActor
final class GridCanvasApplyingStaleResults: GridCanvas {
  override func accepts(_ started: (document: String, edits: Int)) -> Bool {
    started.document == document.name
  }
}

/// One bug: Undo during a drag pops the previous group instead of cancelling the drag.
@MainActor
final class GridCanvasUndoingDuringDrag: GridCanvas {
  override func undo() {
    document.history.undo()
    render()
  }
}

/// One bug: the view is not refreshed after Undo.
@MainActor
final class GridCanvasStaleAfterUndo: GridCanvas {
  override func undo() {
    if dragOrigin != nil {
      abandonDrag()
      return
    }
    document.history.undo()
  }

  override func set(_ next: Int) {
    guard next != document.x else { return }
    let previous = document.x
    let target = document
    document.history.registerUndo(withTarget: target) { [unowned self] _ in self.set(previous) }
    document.x = next
    document.edits += 1
    if !document.history.isUndoing {
      render()
    }
  }
}

/// One bug: a load replaces the value but keeps the history.
@MainActor
final class GridCanvasKeepingHistoryOnLoad: GridCanvas {
  override func load(_ value: Int) {
    document.x = Self.snap(value)
    document.edits += 1
    render()
  }
}

/// One bug, where a result meets a gesture: results are not held back during a drag, and the
/// edit counter does not count a drag's previews, so an old result lands in the middle of it.
@MainActor
final class GridCanvasApplyingResultsMidDrag: GridCanvas {
  override var holdsResultsDuringDrag: Bool { false }
}
