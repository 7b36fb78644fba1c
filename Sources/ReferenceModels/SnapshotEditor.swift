import Contracts

/// A value-typed undo history, as a redux-undo style store or a Composable Architecture feature
/// keeps one.
///
/// It holds the snapshots before each undoable action (`past`), the present value, and the
/// snapshots undone (`future`). Copying it copies the whole history.
public struct SnapshotHistory: Hashable, Sendable {
  /// The values before each recorded action, oldest first.
  public var past: [Int] = []
  /// The value now.
  public var present: Int
  /// The values undone, the next one to redo last.
  public var future: [Int] = []
  /// The most snapshots `past` keeps (0: unlimited).
  public var limit = 0

  /// Creates a history with nothing recorded.
  public init(present: Int) {
    self.present = present
  }

  /// Records an action that made the value `next`.
  ///
  /// The present becomes the newest past snapshot, and the future is discarded (a new edit
  /// branches history). Recording the present value records nothing.
  public mutating func record(_ next: Int) {
    guard next != present else { return }
    past.append(present)
    present = next
    future.removeAll()
    trim()
  }

  /// Moves back one snapshot, keeping the present for redo; nothing when there is no past.
  public mutating func undo() {
    guard let previous = past.popLast() else { return }
    future.append(present)
    present = previous
  }

  /// Moves forward one snapshot; nothing when there is no future.
  public mutating func redo() {
    guard let next = future.popLast() else { return }
    past.append(present)
    present = next
    trim()
  }

  /// Keeps `levels` snapshots at most (0 or less: unlimited), dropping the oldest at once.
  public mutating func limit(to levels: Int) {
    limit = max(levels, 0)
    trim()
  }

  /// Replaces the value without history: a programmatic load empties both sides.
  public mutating func reset(to value: Int) {
    past.removeAll()
    future.removeAll()
    present = value
  }

  private mutating func trim() {
    if limit > 0, past.count > limit {
      past.removeFirst(past.count - limit)
    }
  }
}

/// The store of the snapshot editors: the editor's state as one value (the open document's
/// history, the drag in progress, the other open documents' histories), changed only by
/// ``send(_:)``, and read by the contract as an ``UndoHistoryStack``.
@MainActor
public final class SnapshotStore: UndoHistoryStack {
  /// What the user and the app do to the editor: the store's actions.
  public enum Action: Hashable, Sendable {
    /// A button sets the value.
    case set(Int)
    /// A drag begins.
    case dragBegan
    /// A drag moves to a value: a preview, not recorded.
    case dragMoved(Int)
    /// A drag ends: the whole drag is one recorded action.
    case dragEnded
    /// A drag is cancelled: the value returns to its start.
    case dragCancelled
    /// A programmatic load.
    case load(Int)
    /// Undo; refused during a drag.
    case undo
    /// Redo; refused during a drag.
    case redo
    /// The history limit of the open document.
    case limit(Int)
    /// The user switches to document `id` (a tab): a document open already comes back as it was
    /// left, history and limit included; another opens with its stored value `value`, nothing
    /// recorded and the limit of the document left. A drag in progress is cancelled.
    case switchDocument(id: String, value: Int)
  }

  /// The editor's state, a value.
  public struct State: Hashable, Sendable {
    /// The history, the present value in it.
    public var history: SnapshotHistory
    /// Where the drag in progress began, or `nil`.
    public var dragStart: Int?
    /// The value the drag in progress shows, or `nil`.
    public var dragValue: Int?
    /// The open document's id.
    public var documentID = "untitled"
    /// The other open documents' histories, by id: each as the user left it.
    public var otherDocuments: [String: SnapshotHistory] = [:]

    /// The value the editor shows: the drag's preview during a drag, else the present.
    public var value: Int { dragValue ?? history.present }
  }

  /// The state now.
  public private(set) var state: State
  /// Records an action's new value into the history: a seam a variant changes.
  private let record: (inout SnapshotHistory, Int) -> Void
  /// Brings back the history of a document the user switches back to: a seam a variant changes.
  private let reopen: (inout SnapshotHistory) -> Void

  /// Creates a store at `value` with nothing recorded.
  ///
  /// - Parameters:
  ///   - value: The first value.
  ///   - record: How an action's new value enters the history; unless given,
  ///     ``SnapshotHistory/record(_:)``.
  ///   - reopen: What switching back does to a document's history; unless given, nothing (it
  ///     comes back as it was left).
  public init(
    value: Int = 0,
    record: @escaping (inout SnapshotHistory, Int) -> Void = { $0.record($1) },
    reopen: @escaping (inout SnapshotHistory) -> Void = { _ in }
  ) {
    self.state = State(history: SnapshotHistory(present: value))
    self.record = record
    self.reopen = reopen
  }

  /// Runs `action` through the reducer.
  public func send(_ action: Action) {
    reduce(&state, action)
  }

  /// The reducer: what each action does to the state.
  private func reduce(_ state: inout State, _ action: Action) {
    switch action {
    case .set(let value):
      guard state.dragStart == nil else { return }
      record(&state.history, value)
    case .dragBegan:
      state.dragStart = state.history.present
      state.dragValue = state.history.present
    case .dragMoved(let value):
      guard state.dragStart != nil else { return }
      state.dragValue = value
    case .dragEnded:
      guard state.dragStart != nil, let end = state.dragValue else { return }
      state.dragStart = nil
      state.dragValue = nil
      record(&state.history, end)
    case .dragCancelled:
      state.dragStart = nil
      state.dragValue = nil
    case .load(let value):
      state.dragStart = nil
      state.dragValue = nil
      state.history.reset(to: value)
    case .undo:
      guard state.dragStart == nil else { return }
      state.history.undo()
    case .redo:
      guard state.dragStart == nil else { return }
      state.history.redo()
    case .limit(let levels):
      state.history.limit(to: levels)
    case .switchDocument(let id, let value):
      state.dragStart = nil
      state.dragValue = nil
      guard id != state.documentID else { return }
      let left = state.history
      state.otherDocuments[state.documentID] = left
      if var kept = state.otherDocuments.removeValue(forKey: id) {
        reopen(&kept)
        state.history = kept
      } else {
        state.history = SnapshotHistory(present: value)
        state.history.limit = left.limit
      }
      state.documentID = id
    }
  }

  // MARK: - The history as the contract observes it

  public var undoCount: Int { state.history.past.count }
  public var redoCount: Int { state.history.future.count }

  public var levelsOfUndo: Int {
    get { state.history.limit }
    set { send(.limit(newValue)) }
  }

  public func undo() {
    send(.undo)
  }

  public func redo() {
    send(.redo)
  }
}

/// An editor over a ``SnapshotStore``, whose history is the store's.
///
/// Every command the contract gives is one action sent to the store. The drag rules are the
/// reference editor's: a button adjustment and a whole drag are one recorded action each; a drag
/// that ends where it began records nothing; a cancelled drag restores its start; Undo and Redo
/// are refused during a drag; a programmatic load empties the history.
@MainActor
public protocol SnapshotStoreEditor: UndoHistorySubject {
  /// The editor's store.
  var store: SnapshotStore { get }
}

extension SnapshotStoreEditor {
  public var undoHistory: any UndoHistoryStack { store }
  public var value: Int { store.state.value }
  public var dragCancelRule: DragCancelRule? { .restoreStart }
  public var undoDuringDragRule: UndoDuringDragRule? { .refused }
  public var unchangedDragRule: UnchangedDragRule? { .recordsNothing }

  public func adjust(to value: Int) { store.send(.set(value)) }
  public func beginDrag() { store.send(.dragBegan) }
  public func moveDrag(to value: Int) { store.send(.dragMoved(value)) }
  public func endDrag() { store.send(.dragEnded) }
  public func cancelDrag() { store.send(.dragCancelled) }
  public func load(_ value: Int) { store.send(.load(value)) }
  public func undo() { store.send(.undo) }
  public func redo() { store.send(.redo) }
  public func limitHistory(to levels: Int) { store.send(.limit(levels)) }
}

/// The reference subject whose history is its own: an editor over a ``SnapshotStore``, a
/// value-typed stack of snapshots with no `UndoManager` anywhere, handed to the contract through
/// ``undoHistory``; no documents.
@MainActor
public final class SnapshotEditor: SnapshotStoreEditor {
  public let store: SnapshotStore

  /// Creates an editor at value 0 with nothing recorded.
  ///
  /// - Parameter store: The store; unless given, a new one with the reference reducer.
  public init(store: SnapshotStore = SnapshotStore()) {
    self.store = store
  }
}

/// The reference subject whose documents keep their own history: an editor with tabs over a
/// ``SnapshotStore``, declaring the `document-history` rule `history-per-document`.
///
/// Switching to a document open already brings it back as the user left it: its value, its undo
/// and redo history and its history limit; the other documents' histories are their own. A
/// document opened for the first time opens with its stored value, nothing recorded, and the limit
/// of the document left. A switch cancels a drag in progress. Otherwise it edits as
/// ``SnapshotEditor`` does.
@MainActor
public final class TabbedEditor: SnapshotStoreEditor {
  public let store: SnapshotStore

  /// Creates an editor showing document `untitled` at value 0 with nothing recorded.
  ///
  /// - Parameter store: The store; unless given, a new one with the reference reducer.
  public init(store: SnapshotStore = SnapshotStore()) {
    self.store = store
  }

  public var capabilities: Set<SubjectCapability> { [.documents] }
  public var documentHistoryRule: DocumentHistoryRule { .perDocument }

  public func switchDocument(to id: String, value: Int) {
    store.send(.switchDocument(id: id, value: value))
  }
}
