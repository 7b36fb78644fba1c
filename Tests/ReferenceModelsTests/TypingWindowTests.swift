import Contracts
import ReferenceModels
import Testing

/// The reference editor's typing window, driven by hand on a virtual clock.
@MainActor
@Suite("Reference editor typing window")
struct TypingWindowTests {
  private func editor() -> (ReferenceEditor, VirtualClock) {
    let editor = ReferenceEditor(coalescingWindow: .typingWindow)
    let clock = VirtualClock()
    editor.useClock(clock)
    return (editor, clock)
  }

  @Test("Adjustments less than the window apart are one group; one undo restores the start")
  func typingIsOneGroup() {
    let (editor, clock) = editor()
    editor.adjust(to: 10)
    editor.adjust(to: 20)
    clock.advance(by: .typingWindow - .milliseconds(1))
    editor.adjust(to: 30)
    #expect(editor.undoManager.undoCount == 1)
    editor.undo()
    #expect(editor.value == 0)
    editor.redo()
    #expect(editor.value == 30)
  }

  @Test("A wait of the whole window starts a new group")
  func waitSplits() {
    let (editor, clock) = editor()
    editor.adjust(to: 10)
    clock.advance(by: .typingWindow)
    editor.adjust(to: 20)
    #expect(editor.undoManager.undoCount == 2)
    editor.undo()
    #expect(editor.value == 10)
  }

  @Test("An undo ends the run: the next adjustment is a group and clears the redo branch")
  func undoEndsRun() {
    let (editor, _) = editor()
    editor.adjust(to: 10)
    editor.adjust(to: 20)
    editor.undo()
    editor.adjust(to: 50)
    #expect(editor.undoManager.undoCount == 1)
    #expect(editor.undoManager.redoCount == 0)
    editor.undo()
    #expect(editor.value == 0)
  }

  @Test("Without a window every adjustment is its own group, as in 0.3")
  func noWindow() {
    let editor = ReferenceEditor()
    editor.adjust(to: 10)
    editor.adjust(to: 20)
    #expect(editor.coalescingWindow == nil)
    #expect(editor.undoManager.undoCount == 2)
  }
}
