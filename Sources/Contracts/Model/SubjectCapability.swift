/// Something a subject supports beyond the core actions; a case that requires a capability the
/// subject lacks is skipped for it, with the reason.
public struct SubjectCapability: Hashable, Sendable, RawRepresentable, Comparable, Codable,
  CustomStringConvertible
{
  /// The capability's name as suites write it after `requires`.
  public var rawValue: String

  /// Creates a capability from its name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Undo history: switching to another document.
  public static let documents = SubjectCapability(rawValue: "documents")
  /// Undo history: asynchronous calculations whose results arrive later.
  public static let asyncResults = SubjectCapability(rawValue: "async-results")
  /// Undo history: a cancelled drag restores the drag's start.
  public static let dragCancelRestores = SubjectCapability(rawValue: "drag-cancel-restores")
  /// Undo history: a cancelled drag keeps the current position as one undoable action.
  public static let dragCancelKeeps = SubjectCapability(rawValue: "drag-cancel-keeps")
  /// Undo history: Undo and Redo are refused while a drag is in progress.
  public static let dragUndoRefused = SubjectCapability(rawValue: "drag-undo-refused")
  /// Undo history: Undo or Redo while a drag is in progress cancels the drag.
  public static let dragUndoCancels = SubjectCapability(rawValue: "drag-undo-cancels")
  /// Undo history: a drag that ends where it began records nothing and keeps the redo branch.
  public static let dragBackRecordsNothing = SubjectCapability(
    rawValue: "drag-back-records-nothing")
  /// Undo history: a drag that ends where it began records one group, like any drag.
  public static let dragBackRecordsGroup = SubjectCapability(rawValue: "drag-back-records-group")
  /// Undo history: consecutive adjustments within a declared time window coalesce into one undo
  /// group (``UndoHistorySubject/coalescingWindow``).
  public static let coalescingWindow = SubjectCapability(rawValue: "coalescing-window")
  /// Undo history: several items edited at once through a selection, with a "mixed" display
  /// when the selected values differ (``UndoHistorySubject/itemIDs``).
  public static let selection = SubjectCapability(rawValue: "selection")
  /// Undo history, rule `document-history`: every switch opens the document afresh, with nothing
  /// to undo or redo (the default).
  public static let historyPerOpen = SubjectCapability(rawValue: "history-per-open")
  /// Undo history, rule `document-history`: a document switched back to keeps its value, undo and
  /// redo history and history limit (``UndoHistorySubject/documentHistoryRule``).
  public static let historyPerDocument = SubjectCapability(rawValue: "history-per-document")
  /// Either family: the UI-facing state (the shown value, the controls, the row's indicators)
  /// comes from a UI layer of its own, not from the model itself, so ui-binding is observable.
  public static let uiLayer = SubjectCapability(rawValue: "ui-layer")
  /// Optimistic updates: cancelling a request in flight.
  public static let cancellation = SubjectCapability(rawValue: "cancellation")
  /// Optimistic updates: re-sorting the list.
  public static let sorting = SubjectCapability(rawValue: "sorting")
  /// Optimistic updates: signing out and in (a session change).
  public static let sessions = SubjectCapability(rawValue: "sessions")
  /// Optimistic updates: after an unknown outcome or a cancel the app reads the record by itself
  /// and reports that read (``OptimisticUpdateSubject/takeStartedReads()``); the record stays
  /// blocked until its answer.
  public static let automaticReads = SubjectCapability(rawValue: "automatic-reads")
  /// Optimistic updates: a filter that shows only records whose shown value is on (or off).
  public static let filtering = SubjectCapability(rawValue: "filtering")
  /// Optimistic updates: reloading the whole list from the server (a pull to refresh).
  public static let refresh = SubjectCapability(rawValue: "refresh")
  /// Optimistic updates: one request carries writes of several records and gets one answer
  /// (``OptimisticUpdateSubject/tapAll(records:)``).
  public static let batches = SubjectCapability(rawValue: "batches")
  /// Optimistic updates: records hold values beyond on/off — more than two choices, or values
  /// only the server gives (``OptimisticUpdateSubject/choices``,
  /// ``OptimisticUpdateSubject/serverValues``); declared by declaring them.
  public static let values = SubjectCapability(rawValue: "values")
  /// Optimistic updates: a write with no answer when its declared timeout elapses is treated as
  /// cancelled (``OptimisticUpdateSubject/writeTimeout``), timed on the runner's clock.
  public static let writeTimeouts = SubjectCapability(rawValue: "write-timeouts")
  /// Optimistic updates, rule `in-flight`: one write per record at a time (the article's).
  public static let oneWriteInFlight = SubjectCapability(rawValue: "one-write-in-flight")
  /// Optimistic updates, rule `in-flight`: every tap sends, and the latest write wins.
  public static let latestTapWins = SubjectCapability(rawValue: "latest-tap-wins")
  /// Optimistic updates, rule `in-flight`: a tap while a write is pending is queued and sent
  /// when that write is answered.
  public static let latestTapQueued = SubjectCapability(rawValue: "latest-tap-queued")
  /// Optimistic updates, rule `display`: the row shows the user's intent at once (the article's).
  public static let displayOptimistic = SubjectCapability(rawValue: "display-optimistic")
  /// Optimistic updates, rule `display`: the row keeps the confirmed value until the answer.
  public static let displayPessimistic = SubjectCapability(rawValue: "display-pessimistic")
  /// Optimistic updates, rule `unknown-outcome`: the provisional value is withdrawn and writes
  /// wait for a sync (the article's).
  public static let unknownWithdraws = SubjectCapability(rawValue: "unknown-withdraws")
  /// Optimistic updates, rule `unknown-outcome`: the provisional value is kept and the write
  /// sent again until it is answered.
  public static let unknownKeepsRetrying = SubjectCapability(rawValue: "unknown-keeps-retrying")
  /// Optimistic updates, rule `confirmation`: no tap asks; every tap writes at once (the
  /// article's).
  public static let tapsWriteAtOnce = SubjectCapability(rawValue: "taps-write-at-once")
  /// Optimistic updates, rule `confirmation`: a tap that asks for the resting value (a removal)
  /// asks the user first, and writes only once confirmed.
  public static let removalAsksFirst = SubjectCapability(rawValue: "removal-asks-first")
  /// Optimistic updates, rule `entities`: every row shows an entity of its own (the default).
  public static let entityPerRow = SubjectCapability(rawValue: "entity-per-row")
  /// Optimistic updates, rule `entities`: several rows may show one entity (a boost and its
  /// original post); a write through one shows in all of them, and one answer settles them all.
  public static let sharedEntities = SubjectCapability(rawValue: "shared-entities")

  /// The capabilities a family's cases may require: its optional actions and declarations, then
  /// the answers of its product rules (``ProductRule``).
  public static func known(in family: ContractFamily) -> [SubjectCapability] {
    var known = optional(in: family)
    for rule in ProductRule.all(in: family) {
      known += rule.choices.filter { !known.contains($0) }
    }
    return known
  }

  /// The capabilities of `family` in the order suites' error messages list them (undo's drag
  /// rules among them, where they were before the rules had a registry).
  private static func optional(in family: ContractFamily) -> [SubjectCapability] {
    switch family {
    case .undoHistory:
      [
        .documents, .asyncResults, .dragCancelRestores, .dragCancelKeeps, .dragUndoRefused,
        .dragUndoCancels, .dragBackRecordsNothing, .dragBackRecordsGroup, .uiLayer,
        .coalescingWindow, .selection,
      ]
    case .optimisticUpdates:
      [
        .cancellation, .sorting, .sessions, .uiLayer, .automaticReads, .filtering, .refresh,
        .batches, .values, .writeTimeouts,
      ]
    }
  }

  public static func < (left: SubjectCapability, right: SubjectCapability) -> Bool {
    left.rawValue < right.rawValue
  }

  /// The capability's name.
  public var description: String { rawValue }
}
