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
  /// Undo history: adjustments within a time window coalesce; the app records the time passing.
  case coalescingWindow = "coalescing-window"
  /// Undo history: several items edited at once through a selection.
  case selection
  /// Optimistic updates: the app reads a record by itself after an unknown outcome or a cancel.
  case automaticReads = "automatic-reads"
  /// Optimistic updates: the app filters the list by the shown value.
  case filtering
  /// Optimistic updates: the app reloads the whole list (a pull to refresh).
  case refresh
  /// Optimistic updates: the app sends writes of several records as one request.
  case batches
  /// Either family: the shown state comes from a UI layer of the app's own.
  case uiLayer = "ui-layer"
  /// Optimistic updates: records hold values beyond on/off, declared by the app.
  case values
  /// Optimistic updates: writes time out; the app records the time passing.
  case writeTimeouts = "write-timeouts"
  /// Optimistic updates: a tap that removes asks the user first (the confirmation rule); the app
  /// records the user's answer.
  case removalAsksFirst = "removal-asks-first"
  /// Optimistic updates: a tap while the record's write is pending is queued, and the app sends
  /// the latest queued value by itself once that write is answered (the queue-latest rule).
  case latestTapQueued = "latest-tap-queued"
}

extension RecordedCapability {
  /// The capability's bit in a recorder's mask of capabilities its events need.
  var bit: UInt32 {
    switch self {
    case .documents: 1 << 0
    case .asyncResults: 1 << 1
    case .dragCancelRestores: 1 << 2
    case .dragCancelKeeps: 1 << 3
    case .dragUndoRefused: 1 << 4
    case .dragUndoCancels: 1 << 5
    case .dragBackRecordsNothing: 1 << 6
    case .dragBackRecordsGroup: 1 << 7
    case .cancellation: 1 << 8
    case .sorting: 1 << 9
    case .sessions: 1 << 10
    case .coalescingWindow: 1 << 11
    case .selection: 1 << 12
    case .automaticReads: 1 << 13
    case .filtering: 1 << 14
    case .refresh: 1 << 15
    case .batches: 1 << 16
    case .uiLayer: 1 << 17
    case .values: 1 << 18
    case .writeTimeouts: 1 << 19
    case .removalAsksFirst: 1 << 20
    case .latestTapQueued: 1 << 21
    }
  }
}
