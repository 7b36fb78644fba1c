import Contracts

/// A counter written for the verdict set whose history is its own, with no undo manager.
///
/// The history is a journal of edits, each the value before and after, and a cursor (everything
/// after the cursor is undone). A drag is recorded once, when it ends; a drag back to its start records nothing; a
/// cancelled drag goes back to its start; Undo and Redo are refused during a drag.
@MainActor
class JournalEditor: UndoHistorySubject, UndoHistoryStack {
  /// One recorded edit.
  struct Entry {
    var from: Int
    var to: Int
  }

  var count = 0
  var journal: [Entry] = []
  var cursor = 0
  var cap = 0
  var heldFrom: Int?

  var undoHistory: any UndoHistoryStack { self }
  var value: Int { count }
  var dragCancelRule: DragCancelRule? { .restoreStart }
  var undoDuringDragRule: UndoDuringDragRule? { .refused }
  var unchangedDragRule: UnchangedDragRule? { .recordsNothing }
  // Declared here, where the protocol is adopted, so that the notebook's overrides are seen.
  var capabilities: Set<SubjectCapability> { [] }
  var documentHistoryRule: DocumentHistoryRule { .perOpen }
  func switchDocument(to id: String, value: Int) {}

  var undoCount: Int { cursor }
  var redoCount: Int { journal.count - cursor }
  var levelsOfUndo: Int {
    get { cap }
    set {
      cap = max(newValue, 0)
      trim()
    }
  }

  func append(_ entry: Entry) {
    journal.removeSubrange(cursor...)
    journal.append(entry)
    cursor = journal.count
  }

  func trim() {
    guard cap > 0, cursor > cap else { return }
    journal.removeFirst(cursor - cap)
    cursor = cap
  }

  func note(_ next: Int) {
    guard next != count else { return }
    append(Entry(from: count, to: next))
    count = next
    trim()
  }

  func adjust(to value: Int) {
    guard heldFrom == nil else { return }
    note(value)
  }

  func beginDrag() { heldFrom = count }

  func moveDrag(to value: Int) {
    guard heldFrom != nil else { return }
    count = value
  }

  func endDrag() {
    guard let start = heldFrom else { return }
    heldFrom = nil
    let end = count
    count = start
    note(end)
  }

  func cancelDrag() {
    guard let start = heldFrom else { return }
    heldFrom = nil
    count = start
  }

  func load(_ value: Int) {
    heldFrom = nil
    journal = []
    cursor = 0
    count = value
  }

  func undo() {
    guard heldFrom == nil, cursor > 0 else { return }
    cursor -= 1
    count = journal[cursor].from
  }

  func redo() {
    guard heldFrom == nil, cursor < journal.count else { return }
    count = journal[cursor].to
    cursor += 1
    trim()
  }

  func limitHistory(to levels: Int) { levelsOfUndo = levels }
}

/// The bug: a new edit is appended after the whole journal instead of replacing what was undone,
/// so Redo after a new edit replays an edit the user had replaced.
final class JournalAppendingPastCursor: JournalEditor {
  override func append(_ entry: Entry) {
    journal.insert(entry, at: cursor)
    cursor += 1
  }
}

/// The journal counter with notebooks: each notebook keeps its own journal, cursor, value and
/// limit while the user works in another (`history-per-document`).
class NotebookEditor: JournalEditor {
  /// A notebook as the user left it.
  struct Page {
    var count: Int
    var journal: [Entry]
    var cursor: Int
    var cap: Int
  }

  var openName = "untitled"
  var shelf: [String: Page] = [:]

  override var capabilities: Set<SubjectCapability> { [.documents] }
  override var documentHistoryRule: DocumentHistoryRule { .perDocument }

  func reopened(_ page: Page) -> Page { page }

  override func switchDocument(to id: String, value: Int) {
    if let start = heldFrom { count = start }
    heldFrom = nil
    guard id != openName else { return }
    shelf[openName] = Page(count: count, journal: journal, cursor: cursor, cap: cap)
    let page = shelf.removeValue(forKey: id).map(reopened)
    count = page?.count ?? value
    journal = page?.journal ?? []
    cursor = page?.cursor ?? 0
    cap = page?.cap ?? cap
    openName = id
  }
}

/// The bug: a notebook comes back with its journal cut at the cursor, as an app that saves only
/// the edits in effect when the user leaves a notebook does: Redo is gone after switching back.
final class NotebookCuttingRedo: NotebookEditor {
  override func reopened(_ page: Page) -> Page {
    var cut = page
    cut.journal.removeSubrange(page.cursor...)
    return cut
  }
}

/// The bug: a notebook comes back without the history limit it had, as an app that keeps the
/// limit in the editor and resets it for every page it opens does: after switching back, more
/// edits than the limit stay undoable.
final class NotebookForgettingLimit: NotebookEditor {
  override func reopened(_ page: Page) -> Page {
    var unlimited = page
    unlimited.cap = 0
    return unlimited
  }
}
