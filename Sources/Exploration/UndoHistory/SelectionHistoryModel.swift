/// The explorer's model of the history of a subject with a selection, built from the item values
/// the subject was observed to show.
///
/// Every effective user action pushes one group holding, for each item it changed, the observed
/// value before and after it; undo must give every one of those items its own value before, redo
/// its value after, and leave the other items alone. `levelsOfUndo` keeps the newest groups.
struct SelectionHistoryModel: Hashable, Sendable {
  /// One undo group: each changed item's value before and after the action.
  struct Group: Hashable, Sendable {
    /// The changed items' values before the action, by id.
    var before: [String: Int]
    /// Their values after it, by id.
    var after: [String: Int]

    /// Whether every item ends where it began (a coalesced run back to its start): undoing it
    /// changes nothing shown.
    var changesNothing: Bool {
      before.allSatisfy { after[$0.key] == $0.value }
    }
  }

  /// The undo stack, oldest first.
  private(set) var undo: [Group] = []
  /// The redo stack, oldest first (the next redo is the last).
  private(set) var redo: [Group] = []
  /// The history limit in groups; 0 means unlimited.
  private(set) var limit = 0

  /// Records a new user action: pushes its group and clears the redo branch.
  mutating func record(_ group: Group) {
    undo.append(group)
    redo.removeAll()
    trim()
  }

  /// Extends the newest group with `group`, as an adjustment that joins an open coalescing run
  /// does: each item keeps its value before the run and takes its value after `group`.
  ///
  /// - Returns: Whether the extended group still changes an item; when it does not, undoing it
  ///   changes nothing shown, and whether it leaves a redo is the product's choice.
  mutating func coalesce(_ group: Group) -> Bool {
    guard var newest = undo.popLast() else {
      record(group)
      return true
    }
    newest.before.merge(group.before) { kept, _ in kept }
    newest.after.merge(group.after) { _, new in new }
    undo.append(newest)
    return !newest.changesNothing
  }

  /// Undoes the newest group, which moves to the redo stack; `nil` when there is none.
  mutating func undoGroup() -> Group? {
    guard let group = undo.popLast() else { return nil }
    redo.append(group)
    return group
  }

  /// Redoes the newest undone group, which moves back to the undo stack; `nil` when there is none.
  mutating func redoGroup() -> Group? {
    guard let group = redo.popLast() else { return nil }
    undo.append(group)
    trim()
    return group
  }

  /// Drops the newest undone group, as a product may when undoing a group changed nothing.
  mutating func dropNewestRedo() {
    redo.removeLast()
  }

  /// Empties both stacks, as a programmatic load does; the limit stays.
  mutating func clear() {
    undo.removeAll()
    redo.removeAll()
  }

  /// Applies a new limit: the oldest groups beyond it are dropped at once.
  mutating func setLimit(_ levels: Int) {
    limit = max(0, levels)
    trim()
  }

  private mutating func trim() {
    if limit > 0 && undo.count > limit {
      undo.removeFirst(undo.count - limit)
    }
  }
}
