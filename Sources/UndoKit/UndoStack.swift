#if !canImport(Darwin)
import Foundation

/// One registered undo operation: the target's identity and the closure that performs it.
struct UndoAction {
  /// The identity of the target, compared by `removeAllActions(withTarget:)`; never dereferenced.
  let targetID: ObjectIdentifier
  /// Calls the registered handler with the (unowned) target.
  let perform: @MainActor () -> Void
}

/// What Apple keeps on a group's begin mark: the action name, discardability and user info.
struct UndoGroupInfo {
  var actionName = ""
  var isDiscardable = false
  var userInfo: [UndoManager.UserInfoKey: Any] = [:]
}

/// A LIFO list of begin marks, end marks and actions: the stack model of Apple's `_NSUndoStack`.
///
/// A top-level group counts from the moment its begin mark is pushed, so an open or empty group
/// already makes the stack non-empty. Closing a top-level group trims the oldest groups beyond
/// `limit` (0 means unlimited).
struct UndoStack {
  /// One object on the stack.
  enum Entry {
    case begin(UndoGroupInfo)
    /// An end mark, with the number of closed groups directly inside its group (what the count
    /// of closed groups is again when an undo re-opens the group).
    case end(closedInside: Int)
    case action(UndoAction)
  }

  /// The entries, oldest first; the head of the stack is the last element.
  private(set) var entries: [Entry] = []
  /// The closed groups directly in the top level and in each open group, outermost first.
  ///
  /// Kept as the stack changes, so counting groups does not walk the stack.
  private var closedCounts = [0]
  /// The number of open groups (begin marks without their end mark).
  private(set) var nestingLevel = 0
  /// The number of top-level groups, an open one included.
  private(set) var groupCount = 0
  /// The most top-level groups kept after a top-level group closes; 0 keeps all of them.
  var limit = 0 {
    didSet { trimToLimit() }
  }

  var isEmpty: Bool { entries.isEmpty }

  /// Whether the head is an end mark, that is, the most recent group is closed.
  var headIsEndMark: Bool {
    if case .end = entries.last { return true }
    return false
  }

  /// Whether the head is a begin mark, that is, the innermost open group is empty.
  var headIsBeginMark: Bool {
    if case .begin = entries.last { return true }
    return false
  }

  /// Opens a group; a group opened at nesting level 0 is a new top-level group.
  mutating func markBegin() {
    if nestingLevel == 0 {
      groupCount += 1
    }
    nestingLevel += 1
    entries.append(.begin(UndoGroupInfo()))
    closedCounts.append(0)
  }

  /// Closes the innermost open group, then trims to `limit` if a top-level group closed.
  mutating func markEnd() {
    precondition(nestingLevel > 0, "UndoStack: pushing more ends than begins")
    nestingLevel -= 1
    entries.append(.end(closedInside: closedCounts.removeLast()))
    closedCounts[closedCounts.count - 1] += 1
    if nestingLevel == 0 {
      trimToLimit()
    }
  }

  /// Removes the innermost open group, which must be empty.
  mutating func discardEmptyOpenGroup() {
    precondition(headIsBeginMark, "UndoStack: the open group is not empty")
    entries.removeLast()
    closedCounts.removeLast()
    nestingLevel -= 1
    if nestingLevel == 0 {
      groupCount -= 1
    }
  }

  /// Pushes an action into the innermost open group.
  mutating func push(_ action: UndoAction) {
    precondition(nestingLevel > 0, "UndoStack: registering outside a group")
    entries.append(.action(action))
  }

  /// Pops the head; popping an end mark re-opens its group, popping a begin mark closes it off.
  ///
  /// Used while a group is being undone or redone, so `nestingLevel` is one higher than usual
  /// until the group's begin mark has been popped, as in Apple's stack.
  mutating func popHead() -> Entry? {
    guard let entry = entries.popLast() else { return nil }
    switch entry {
    case .end(let closedInside):
      nestingLevel += 1
      closedCounts[closedCounts.count - 1] -= 1
      closedCounts.append(closedInside)
    case .begin:
      nestingLevel -= 1
      closedCounts.removeLast()
      if nestingLevel == 0 {
        groupCount -= 1
      }
    case .action:
      break
    }
    return entry
  }

  /// Empties the stack, open groups included; `limit` is kept.
  mutating func removeAll() {
    entries.removeAll()
    nestingLevel = 0
    groupCount = 0
    closedCounts = [0]
  }

  /// The group information of the current top-level group, or `nil` if the stack is empty.
  ///
  /// The current top-level group is the outermost open group when one is open, otherwise the most
  /// recent closed top-level group (Apple's `_beginMark`).
  var topLevelInfo: UndoGroupInfo? {
    get {
      guard let index = topLevelBeginIndex, case .begin(let info) = entries[index] else {
        return nil
      }
      return info
    }
    set {
      guard let newValue, let index = topLevelBeginIndex else { return }
      entries[index] = .begin(newValue)
    }
  }

  private var topLevelBeginIndex: Int? {
    var closedDepth = 0
    var openBeginsSeen = 0
    for index in entries.indices.reversed() {
      switch entries[index] {
      case .action:
        continue
      case .end:
        closedDepth += 1
      case .begin:
        if closedDepth > 0 {
          closedDepth -= 1
          if closedDepth == 0 && nestingLevel == 0 {
            return index
          }
        } else {
          openBeginsSeen += 1
          if openBeginsSeen == nestingLevel {
            return index
          }
        }
      }
    }
    return nil
  }

  /// The closed groups at depth 0 counted from the head down (Apple's `topLevelGroupCount`).
  ///
  /// An open group at the head stops the count. Kept as the stack changes: constant time.
  var closedGroupCountFromHead: Int {
    closedCounts[closedCounts.count - 1]
  }

  /// Removes every action of the target; closed groups this leaves with nothing inside are removed
  /// too.
  ///
  /// Open groups stay, so `nestingLevel` is unchanged. A group that still holds something (an
  /// action, or a nested group that stays) is kept, as are groups that were empty before the call
  /// (Apple keeps empty groups).
  mutating func removeActions(withTargetID targetID: ObjectIdentifier) {
    struct OpenGroup {
      var start: Int
      var lostAction = false
      var keepsAction = false
    }
    var kept: [Entry] = []
    var groups: [OpenGroup] = []
    kept.reserveCapacity(entries.count)
    for entry in entries {
      switch entry {
      case .begin:
        groups.append(OpenGroup(start: kept.count))
        kept.append(entry)
      case .action(let action):
        if action.targetID == targetID {
          groups[groups.count - 1].lostAction = true
        } else {
          groups[groups.count - 1].keepsAction = true
          kept.append(entry)
        }
      case .end:
        let group = groups.removeLast()
        let emptied = group.lostAction && !group.keepsAction
        if emptied {
          kept.removeSubrange(group.start...)
          if groups.isEmpty {
            groupCount -= 1
          }
        } else {
          kept.append(.end(closedInside: 0))
        }
        if !groups.isEmpty {
          groups[groups.count - 1].lostAction =
            groups[groups.count - 1].lostAction || group.lostAction
          groups[groups.count - 1].keepsAction = groups[groups.count - 1].keepsAction || !emptied
        }
      }
    }
    entries = kept
    recountClosedGroups()
  }

  /// Counts the closed groups in every group again, after entries were removed from the middle.
  private mutating func recountClosedGroups() {
    var counts = [0]
    for index in entries.indices {
      switch entries[index] {
      case .begin:
        counts.append(0)
      case .end:
        entries[index] = .end(closedInside: counts.removeLast())
        counts[counts.count - 1] += 1
      case .action:
        continue
      }
    }
    closedCounts = counts
  }

  private mutating func trimToLimit() {
    while limit > 0 && groupCount > limit && removeBottomGroup() {}
  }

  /// Removes the oldest top-level group if it is closed; returns whether it removed one.
  private mutating func removeBottomGroup() -> Bool {
    var depth = 0
    for index in entries.indices {
      switch entries[index] {
      case .begin:
        depth += 1
      case .end:
        depth -= 1
        if depth == 0 {
          entries.removeSubrange(...index)
          groupCount -= 1
          closedCounts[0] -= 1
          return true
        }
      case .action:
        continue
      }
    }
    return false
  }
}
#endif
