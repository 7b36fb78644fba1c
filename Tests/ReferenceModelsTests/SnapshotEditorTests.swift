import Contracts
import ReferenceModels
import Testing
import UndoKit

/// The history a subject hands over: an undo manager by default, or a stack of the app's own.
@MainActor
@Suite("Undo histories that are not an undo manager")
struct SnapshotEditorTests {
  @Test("A subject's undoHistory defaults to its undo manager")
  func historyDefaultsToTheUndoManager() {
    let editor: any UndoHistorySubject = ReferenceEditor()
    #expect(editor.undoHistory === editor.undoManager)
  }

  @Test("The snapshot editor hands over its store, and its counts follow its snapshots")
  func snapshotEditorHandsOverItsStore() {
    let editor = SnapshotEditor()
    #expect(editor.undoHistory === editor.store)
    editor.adjust(to: 10)
    editor.adjust(to: 30)
    editor.undo()
    #expect(editor.value == 10)
    #expect(editor.undoHistory.undoCount == 1)
    #expect(editor.undoHistory.redoCount == 1)
    #expect(editor.isRedoEnabled)
    editor.adjust(to: 50)
    #expect(editor.undoHistory.redoCount == 0, "a new edit discards the future")
    editor.limitHistory(to: 1)
    #expect(editor.store.state.history.past == [10])
  }

  @Test("A tab switched back to comes back with its value, undo, redo and limit")
  func tabsKeepTheirHistory() {
    let editor = TabbedEditor()
    editor.switchDocument(to: "a", value: 10)
    editor.adjust(to: 40)
    editor.adjust(to: 70)
    editor.undo()
    editor.limitHistory(to: 5)
    editor.switchDocument(to: "b", value: 20)
    #expect(editor.value == 20)
    #expect(editor.undoHistory.undoCount == 0)
    #expect(editor.undoHistory.levelsOfUndo == 5, "a new document takes the limit of the one left")
    editor.limitHistory(to: 1)
    editor.switchDocument(to: "a", value: 99)
    #expect(editor.value == 40)
    #expect(editor.undoHistory.undoCount == 1)
    #expect(editor.undoHistory.redoCount == 1)
    #expect(editor.undoHistory.levelsOfUndo == 5)
    editor.redo()
    #expect(editor.value == 70)
  }
}
