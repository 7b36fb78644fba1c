/// A capability or product rule an app declares for the model it records, by the name the
/// contract suites use after `requires`.
///
/// The recording's header lists them, so the imported case requires what the app declared.
public enum RecordedCapability: String, CaseIterable, Sendable {
  /// Undo history: the app switches documents.
  case documents
  /// Undo history: the app runs asynchronous calculations.
  case asyncResults = "async-results"
  /// Undo history: a cancelled drag restores its start.
  case dragCancelRestores = "drag-cancel-restores"
  /// Undo history: a cancelled drag keeps its position as one action.
  case dragCancelKeeps = "drag-cancel-keeps"
  /// Undo history: Undo and Redo do nothing during a drag.
  case dragUndoRefused = "drag-undo-refused"
  /// Undo history: Undo or Redo during a drag cancels it.
  case dragUndoCancels = "drag-undo-cancels"
  /// Undo history: a drag that ends where it began records nothing.
  case dragBackRecordsNothing = "drag-back-records-nothing"
  /// Undo history: a drag that ends where it began records one group.
  case dragBackRecordsGroup = "drag-back-records-group"
  /// Optimistic updates: the app cancels writes.
  case cancellation
  /// Optimistic updates: the app re-sorts the list.
  case sorting
  /// Optimistic updates: the app changes session (sign out and in).
  case sessions
  /// Either family: the shown state comes from a UI layer of the app's own.
  case uiLayer = "ui-layer"
}
