import Testing
import UndoKit

/// The seed article's editor (`shared/seeds/undo-redo-action-groups.txt`).
@MainActor
private final class PositionEditor {
  private(set) var position = 0
  let history = UndoManager()

  init() {
    history.groupsByEvent = false
  }

  func setPosition(_ next: Int) {
    guard next != position else { return }
    let previous = position
    history.registerUndo(withTarget: self) { target in
      target.setPosition(previous)
    }
    position = next
  }
}

/// The seed article's grouped-drag test and its three branching tests, written against UndoKit,
/// with assertions after every operation.
@MainActor
@Suite("Seed article: undo and redo with explicit action groups")
struct SeedArticleTests {
  @Test("A grouped drag undoes and redoes as one action")
  func groupedDragCanUndoAndRedo() {
    let editor = PositionEditor()
    let history = editor.history
    #expect(history.groupingLevel == 0)
    history.beginUndoGrouping()
    editor.setPosition(10)
    #expect(editor.position == 10)
    editor.setPosition(20)
    #expect(editor.position == 20)
    history.endUndoGrouping()
    #expect(history.groupingLevel == 0)
    #expect(editor.position == 20)
    #expect(history.canUndo)
    history.undo()
    #expect(editor.position == 0)
    #expect(history.canRedo)
    history.redo()
    #expect(editor.position == 20)
    #expect(!history.canRedo)
  }

  @Test("A new edit after undo discards the redo branch")
  func newEditAfterUndoDiscardsRedo() {
    let editor = PositionEditor()
    let history = editor.history
    history.beginUndoGrouping()
    editor.setPosition(10)
    history.endUndoGrouping()
    history.undo()
    #expect(editor.position == 0)
    #expect(history.canRedo)
    history.beginUndoGrouping()
    editor.setPosition(30)
    history.endUndoGrouping()
    #expect(editor.position == 30)
    #expect(!history.canRedo)
  }

  @Test("Consecutive groups undo one at a time")
  func consecutiveGroupsUndoOneAtATime() {
    let editor = PositionEditor()
    let history = editor.history
    history.beginUndoGrouping()
    editor.setPosition(10)
    history.endUndoGrouping()
    history.beginUndoGrouping()
    editor.setPosition(20)
    history.endUndoGrouping()
    #expect(history.groupingLevel == 0)
    history.undo()
    #expect(editor.position == 10)
    #expect(history.canUndo)
    history.undo()
    #expect(editor.position == 0)
    #expect(!history.canUndo)
  }

  @Test("The same value adds no history, so canUndo stays false")
  func sameValueAddsNoHistory() {
    let editor = PositionEditor()
    let history = editor.history
    editor.setPosition(0)
    #expect(editor.position == 0)
    #expect(!history.canUndo)
    #expect(history.groupingLevel == 0)
  }

  @Test("A same-value change inside an opened group still enables undo (Apple keeps empty groups)")
  func emptyGroupStillEnablesUndo() {
    let editor = PositionEditor()
    let history = editor.history
    history.beginUndoGrouping()
    editor.setPosition(0)
    history.endUndoGrouping()
    #expect(history.canUndo, "this is why the guard must come before the group is opened")
  }

  @Test("A drag of ten callbacks is one undo")
  func tenCallbackDragIsOneUndo() {
    let editor = PositionEditor()
    let history = editor.history
    history.beginUndoGrouping()
    for step in 1...10 {
      editor.setPosition(step * 10)
    }
    history.endUndoGrouping()
    #expect(history.undoCount == 1)
    history.undo()
    #expect(editor.position == 0)
    #expect(!history.canUndo)
  }
}
