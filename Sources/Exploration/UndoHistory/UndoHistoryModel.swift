/// The explorer's model of an undo history, built from what the subject was *observed* to show —
/// never from a copy of a reference editor.
///
/// Every effective user action pushes one group (the observed value before it, the observed value
/// after it) and clears the redo branch; undo must come back to exactly the value before the
/// group, redo to exactly the value after it; `levelsOfUndo` keeps the newest groups. A model that
/// snaps or clamps the numbers it is given is therefore judged correctly with no special case:
/// the numbers in the groups are the ones it chose.
struct UndoHistoryModel: Hashable, Sendable {
  /// One undo group: the value before and after it, and the steps that first showed each value
  /// (0: before the first step).
  struct Group: Hashable, Sendable {
    /// The value before the action.
    var before: Int
    /// The step after which ``before`` was observed.
    var beforeStep: Int
    /// The value after the action.
    var after: Int
    /// The step after which ``after`` was observed.
    var afterStep: Int
    /// Whether the group holds no action, as a gesture leaves that opened a group and moved
    /// nothing; undoing it changes nothing and leaves nothing to redo.
    var isEmpty = false
  }

  /// The undo stack, oldest first.
  var undo: [Group] = []
  /// The redo stack, oldest first (the next redo is the last).
  var redo: [Group] = []
  /// The history limit in groups; 0 means unlimited.
  var limit = 0

  /// An empty history with `limit`.
  init(limit: Int) {
    self.limit = limit
  }

  /// Records a new user action: pushes its group and clears the redo branch.
  mutating func record(_ group: Group) {
    undo.append(group)
    redo.removeAll()
    trim()
  }

  /// Extends the newest group, the run of adjustments `group` coalesces into, to end where
  /// `group` ends; records `group` when there is none.
  ///
  /// - Returns: Whether the run now ends where it began (its undo changes nothing shown).
  @discardableResult
  mutating func coalesce(_ group: Group) -> Bool {
    guard var top = undo.popLast() else {
      record(group)
      return false
    }
    top.after = group.after
    top.afterStep = group.afterStep
    top.isEmpty = false
    undo.append(top)
    return top.after == top.before
  }

  /// Undoes the newest group, which moves to the redo stack.
  ///
  /// - Returns: The group undone, or `nil` when there was nothing to undo.
  mutating func undoGroup() -> Group? {
    guard let group = undo.popLast() else { return nil }
    if !group.isEmpty {
      redo.append(group)
    }
    return group
  }

  /// Redoes the newest undone group, which moves back to the undo stack.
  ///
  /// - Returns: The group redone, or `nil` when there was nothing to redo.
  mutating func redoGroup() -> Group? {
    guard let group = redo.popLast() else { return nil }
    undo.append(group)
    trim()
    return group
  }

  /// Applies a new limit: the oldest groups beyond it are dropped at once.
  mutating func setLimit(_ levels: Int) {
    limit = max(0, levels)
    trim()
  }

  /// Drops the oldest groups beyond the limit (the redo stack is not limited).
  private mutating func trim() {
    if limit > 0 && undo.count > limit {
      undo.removeFirst(undo.count - limit)
    }
  }
}
