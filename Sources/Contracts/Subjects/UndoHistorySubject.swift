import UndoKit

/// A model under the undo-history contract, behind a small adapter that the runner drives with
/// user actions and reads the state a user sees from.
///
/// The contract (suite `undo-history`): one user action is one undo group — a button adjustment,
/// a whole drag, a valid asynchronous result; one undo restores the state before the action and
/// one redo the state after it; a new edit discards the redo branch; programmatic loads and
/// document switches never enter history; stale results never apply; `groupingLevel` is 0
/// between actions; and the UI layer shows what the model holds after every step.
///
/// Only the first group of requirements is mandatory; the rest have defaults for models without
/// a UI layer, documents, asynchronous work or drag cancellation. Product rules the contract
/// leaves open — what a cancelled drag does, what Undo does during a drag, what a drag that ends
/// where it began records — are declared, never assumed: a case that needs a rule runs only against subjects that declare it. The runner ends
/// the event (`UndoManager.endEvent()`) after every action, so models that group by event work
/// too. A fresh subject starts at value 0 with empty history. A subject that reads time reads it
/// from the ``ContractClock`` the runner gives it, never from the system.
@MainActor
public protocol UndoHistorySubject: AnyObject {
  /// The undo manager that holds the model's history, for a subject built on one (the runner
  /// reads it only through ``undoHistory``, whose default it is). A subject that keeps a history
  /// of its own implements ``undoHistory`` instead and needs no undo manager. An adapter that
  /// implements neither hands over no history (``handsOverHistory`` is `false`): `run` refuses it
  /// before anything runs, and its cases are skipped wherever else it is used, with the reason.
  var undoManager: UndoManager { get }
  /// The history the contract observes: its counts, open groups and limit, after every action.
  /// Read after every action: a document switch may replace it. By default ``undoManager``.
  var undoHistory: any UndoHistoryStack { get }
  /// The model's current value.
  var value: Int { get }
  /// Sets the value from a single control, such as a button: one user action.
  func adjust(to value: Int)
  /// Starts a continuous gesture, such as a drag.
  func beginDrag()
  /// Moves the gesture in progress to `value`: one position callback.
  func moveDrag(to value: Int)
  /// Completes the gesture in progress: the whole gesture is one user action.
  func endDrag()
  /// Loads the document's value programmatically; not an edit and not undoable.
  func load(_ value: Int)

  /// The value the UI layer shows; by default the model's value (no UI layer).
  var displayedValue: Int { get }
  /// Whether the UI's Undo control is enabled; by default `undoHistory.canUndo`.
  var isUndoEnabled: Bool { get }
  /// Whether the UI's Redo control is enabled; by default whether the redo stack holds a group.
  var isRedoEnabled: Bool { get }
  /// The user's Undo command, as the app's Undo button or menu item runs it; by default
  /// `undoHistory.undo()`, whatever is in progress.
  ///
  /// The default does what an app does that calls its undo manager from the command (the undo/redo
  /// article's Undo button, `history.undo()`): during a drag that keeps a group open, UndoKit
  /// reports the misuse Apple's `UndoManager.undo()` raises. A subject that declares an
  /// ``undoDuringDragRule`` routes the command itself, as the app does: a default never does the
  /// app's job for it.
  func undo()
  /// The user's Redo command; by default `undoHistory.redo()`, whatever is in progress (see
  /// ``undo()``).
  func redo()
  /// Applies the user's history limit of `levels` groups (0: unlimited); by default sets
  /// `undoHistory.levelsOfUndo`.
  func limitHistory(to levels: Int)

  /// What a cancelled drag does, or `nil` if the subject cannot cancel drags (the default).
  var dragCancelRule: DragCancelRule? { get }
  /// Cancels the gesture in progress, following ``dragCancelRule``.
  func cancelDrag()
  /// What the user's Undo and Redo commands do while a drag is in progress, or `nil` when the
  /// product declares no rule (the default): cases about Undo during a drag are then skipped.
  var undoDuringDragRule: UndoDuringDragRule? { get }
  /// What a drag that ends where it began records, or `nil` when the product declares no rule
  /// (the default): the cases about it are then skipped.
  var unchangedDragRule: UnchangedDragRule? { get }

  /// Optional actions and declarations: documents, asynchronous calculations, a UI layer of its
  /// own; none by default.
  var capabilities: Set<SubjectCapability> { get }
  /// Switches to document `id` whose stored value is `value` (capability `documents`), following
  /// ``documentHistoryRule``.
  func switchDocument(to id: String, value: Int)
  /// What a document keeps when the user switches back to it (capability `documents`); by
  /// default ``DocumentHistoryRule/perOpen``: every switch opens the document afresh.
  var documentHistoryRule: DocumentHistoryRule { get }
  /// Starts an asynchronous calculation that captures the document and its revision; the
  /// subject holds its completion until ``deliverCalculation(id:result:)`` (capability
  /// `async-results`).
  func startCalculation(id: Int)
  /// Delivers the result of calculation `id`; the subject applies it as one undo group only if
  /// the document and revision it captured still match.
  func deliverCalculation(id: Int, result: Int)

  /// The time window within which consecutive adjustments coalesce into one undo group, as
  /// typing or stepper taps do, or `nil` (the default): every adjustment is a group of its own.
  ///
  /// Declaring a window declares capability `coalescing-window` and the rule the suite's cases
  /// about it check: an `adjust` that changes the value joins the group of the previous one when
  /// less than the window has passed since that adjustment (on the clock given by
  /// ``useClock(_:)``) and no step other than `adjust` and `wait` came between them; any other
  /// step (undo, redo, a drag, a load, a switch, a calculation or its result, a history limit)
  /// ends the run. An adjustment that changes nothing neither joins nor restarts a run. One undo
  /// restores the value before the run; one redo the value after it.
  var coalescingWindow: Duration? { get }
  /// Gives the subject the clock to read time from; the runner calls it once, on a fresh subject,
  /// before the first action, and moves the clock only on `wait` steps. By default the subject
  /// ignores it (it reads no time).
  func useClock(_ clock: any ContractClock)

  /// The ids of the items the subject edits, in order; empty by default (one value, no items).
  ///
  /// A subject that edits several items at once, as an inspector edits a selection, declares
  /// capability `selection` and the rule the suite's cases about it check: ``loadItems(_:)``
  /// replaces the items (a programmatic load, never in history) and selects the first;
  /// ``select(_:)`` changes the selection and records nothing; `adjust`, a drag and `load` give
  /// every selected item the value; one user action is one undo group for all of them; one undo
  /// restores each item's own value before it (they may have differed), one redo each value after
  /// it; undo and redo leave the selection as it is. ``value`` and ``displayedValue`` are the first
  /// selected item's.
  var itemIDs: [String] { get }
  /// The ids of the selected items, in the order ``select(_:)`` gave them; empty by default.
  var selectedItemIDs: [String] { get }
  /// Loads `items` programmatically, replacing the items and selecting the first: not an edit
  /// (capability `selection`).
  func loadItems(_ items: [ItemValue])
  /// Selects exactly the items `ids` (at least one, each in ``itemIDs``): not an edit, not in
  /// history (capability `selection`).
  func select(_ ids: [String])
  /// The value the model holds for item `id`; by default ``value``.
  func value(of id: String) -> Int
  /// The value the UI layer shows for item `id`; by default ``value(of:)`` (no UI layer).
  func displayedValue(of id: String) -> Int
  /// The value the inspector shows for the selection, or `nil` when it shows "mixed"; by default
  /// the selected items' shown value when they all show the same one, and `nil` otherwise.
  var inspectorValue: Int? { get }
}

/// One item's value, as a programmatic load of several items gives it.
public struct ItemValue: Hashable, Sendable {
  /// The item's id.
  public var id: String
  /// Its value.
  public var value: Int

  /// Creates an item's value.
  public init(id: String, value: Int) {
    self.id = id
    self.value = value
  }
}

/// What a cancelled drag does: a product rule each subject declares.
public enum DragCancelRule: String, Sendable, CaseIterable {
  /// The value returns to where the drag began, and no history entry is left.
  case restoreStart = "restore-start"
  /// The value stays where the drag was, recorded as one undoable action.
  case keepCurrent = "keep-current"

  /// The capability a case names to require this rule.
  public var capability: SubjectCapability {
    switch self {
    case .restoreStart: .dragCancelRestores
    case .keepCurrent: .dragCancelKeeps
    }
  }
}

/// What the user's Undo and Redo commands do while a drag is in progress: a product rule each
/// subject declares.
///
/// Either way, Undo never pops a group recorded before the drag while the drag goes on.
public enum UndoDuringDragRule: String, Sendable, CaseIterable {
  /// Undo and Redo do nothing until the drag ends (their controls are disabled); the drag then
  /// ends as one group.
  case refused
  /// Undo or Redo cancels the drag: the value returns to where the drag began, nothing is
  /// recorded, the rest of the gesture is ignored, and the command does nothing else.
  case cancelsDrag = "cancels-drag"

  /// The capability a case names to require this rule.
  public var capability: SubjectCapability {
    switch self {
    case .refused: .dragUndoRefused
    case .cancelsDrag: .dragUndoCancels
    }
  }
}

/// What a document keeps when the user switches back to it: a product rule each subject with
/// documents declares (``UndoHistorySubject/documentHistoryRule``), `per-open` unless it says.
///
/// Under either answer a switch records nothing and cancels a drag in progress, a document opened
/// for the first time opens with its stored value and nothing to undo or redo, nothing of one
/// document can be undone or redone in another, and a result started before a switch never
/// applies.
public enum DocumentHistoryRule: String, Sendable, CaseIterable {
  /// Every switch opens the document afresh, as if it had been closed: its stored value, nothing
  /// to undo or redo (today's behaviour, and every subject's that declares nothing).
  case perOpen = "per-open"
  /// Documents stay open, as tabs are: switching back to a document brings back the value, the
  /// undo and redo history and the history limit it had when the user left it (the stored value
  /// the switch names is read only when the document is first opened). A new document starts
  /// with the limit of the one left; `levels` limits the open document only.
  case perDocument = "per-document"

  /// The answer of a subject that declares none: every switch opens afresh.
  public static let standard = DocumentHistoryRule.perOpen

  /// The capability a case names to require this answer.
  public var capability: SubjectCapability {
    switch self {
    case .perOpen: .historyPerOpen
    case .perDocument: .historyPerDocument
    }
  }
}

/// What a drag that ends where it began records: a product rule each subject declares.
public enum UnchangedDragRule: String, Sendable, CaseIterable {
  /// Nothing, like setting the same value: no group, and the redo branch is kept. A model that
  /// records a drag when it ends and skips a drag that changed nothing does this.
  case recordsNothing = "records-nothing"
  /// One group, like any drag: a model that opens the group when the drag begins and registers
  /// every move (the undo/redo article's `PositionEditor`) does this; undoing it changes nothing visible.
  case recordsGroup = "records-group"

  /// The capability a case names to require this rule.
  public var capability: SubjectCapability {
    switch self {
    case .recordsNothing: .dragBackRecordsNothing
    case .recordsGroup: .dragBackRecordsGroup
    }
  }
}

/// The undo manager of a subject that implements neither ``UndoHistorySubject/undoManager`` nor
/// ``UndoHistorySubject/undoHistory``: empty and never used, so the plan can tell such a subject.
@MainActor private let noHistoryHandedOver = UndoManager()

extension UndoHistorySubject {
  public var undoManager: UndoManager { noHistoryHandedOver }
  public var undoHistory: any UndoHistoryStack { undoManager }
  /// Whether the subject hands over a history, through ``undoManager`` or ``undoHistory``; `false`
  /// for an adapter that implements neither.
  public var handsOverHistory: Bool {
    (undoHistory as? UndoManager).map { $0 !== noHistoryHandedOver } ?? true
  }
  public var displayedValue: Int { value }
  public var isUndoEnabled: Bool { undoHistory.canUndo }
  public var isRedoEnabled: Bool { undoHistory.redoCount > 0 }
  public var dragCancelRule: DragCancelRule? { nil }
  public var undoDuringDragRule: UndoDuringDragRule? { nil }
  public var unchangedDragRule: UnchangedDragRule? { nil }
  public var documentHistoryRule: DocumentHistoryRule { .standard }
  public var capabilities: Set<SubjectCapability> { [] }
  public var coalescingWindow: Duration? { nil }
  public func useClock(_ clock: any ContractClock) {}
  public var itemIDs: [String] { [] }
  public var selectedItemIDs: [String] { [] }
  public func loadItems(_ items: [ItemValue]) {}
  public func select(_ ids: [String]) {}
  public func value(of id: String) -> Int { value }
  public func displayedValue(of id: String) -> Int { value(of: id) }

  public var inspectorValue: Int? {
    let shown = Set(selectedItemIDs.map { displayedValue(of: $0) })
    if selectedItemIDs.isEmpty { return displayedValue }
    return shown.count == 1 ? shown.first : nil
  }

  public func undo() {
    undoHistory.undo()
  }

  public func redo() {
    undoHistory.redo()
  }

  public func limitHistory(to levels: Int) {
    undoHistory.levelsOfUndo = levels
  }

  public func cancelDrag() {}
  public func switchDocument(to id: String, value: Int) {}
  public func startCalculation(id: Int) {}
  public func deliverCalculation(id: Int, result: Int) {}
}
