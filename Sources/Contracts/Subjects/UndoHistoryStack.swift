import UndoKit

/// The history an undo-history subject keeps, as the contract observes it: the group counts,
/// whether a group is open, the limit, and the Undo and Redo the history itself performs.
///
/// UndoKit's `UndoManager` is one (``UndoHistorySubject/undoHistory`` defaults to the subject's
/// undo manager). An app that keeps a history of its own — a value-typed stack of snapshots, as
/// Composable Architecture apps and redux-undo style stores do — conforms it, or a small object
/// that reads it, and the contract judges the same observations: after every step the runner,
/// `explore`'s oracle and the classifier read ``undoCount``, ``redoCount``, ``canUndo`` and
/// ``groupingLevel`` (`canRedo` is observed as `redoCount > 0`, as for an undo manager).
///
/// The contract of the members is the undo manager's: one closed group per user action; undo
/// moves the newest group to the redo side and restores the state before it, redo moves it back;
/// a new group empties the redo side; the limit keeps only the newest groups.
@MainActor
public protocol UndoHistoryStack: AnyObject {
  /// The number of groups undo can reverse, newest first: closed groups only.
  var undoCount: Int { get }
  /// The number of groups redo can reapply.
  var redoCount: Int { get }
  /// Whether Undo has something to reverse (an open or empty group counts for an undo manager);
  /// a stack without open groups says `undoCount > 0`.
  var canUndo: Bool { get }
  /// How many groups are open: 0 between user actions. A stack that records each action as one
  /// entry, all at once, always says 0.
  var groupingLevel: Int { get }
  /// The most groups kept (0: unlimited); lowering it drops the oldest at once.
  var levelsOfUndo: Int { get set }
  /// Reverses the newest group.
  func undo()
  /// Reapplies the newest undone group.
  func redo()
}

extension UndoHistoryStack {
  public var canUndo: Bool { undoCount > 0 }
  public var groupingLevel: Int { 0 }
}

extension UndoManager: UndoHistoryStack {}
