import Contracts
import UndoKit

/// A correct dial written for the backward search: it saves a checkpoint of its own on every
/// other adjustment, starting from the third, but keeps it out of the undo history, so every
/// adjustment is still one group.
@MainActor
final class DialCheckpointingAside: DialEditor {
  private var adjustments = 0
  private(set) var checkpoints: [Int] = []

  override func adjust(to value: Int) {
    guard grabbedAt == nil, value != level else { return }
    adjustments += 1
    if adjustments >= 3, adjustments % 2 == 1 { checkpoints.append(level) }
    record(value)
  }
}

/// One bug, recorded steps before it shows: a checkpoint saved as an undo group.
///
/// On every other adjustment, starting from the third, the dial saves its checkpoint as an undo
/// group of its own (changing nothing) before the adjustment's group. The adjustment itself undoes right; the extra group shows only when a
/// later step counts the history or undoes past it.
@MainActor
final class DialCheckpointingEveryOther: DialEditor {
  private var adjustments = 0

  override func adjust(to value: Int) {
    guard grabbedAt == nil, value != level else { return }
    adjustments += 1
    if adjustments >= 3, adjustments % 2 == 1 {
      history.beginUndoGrouping()
      history.registerUndo(withTarget: self) { _ in }
      history.endUndoGrouping()
    }
    record(value)
  }
}

/// One bug: under the declared `keep-current` cancel rule, a cancelled drag keeps its position
/// but records nothing, so it cannot be undone.
@MainActor
final class DialKeepingCancelsUnrecorded: DialEditor {
  override var dragCancelRule: DragCancelRule? { .keepCurrent }
  override var capabilities: Set<SubjectCapability> { [.documents, .uiLayer] }

  override func cancelDrag() {
    grabbedAt = nil
    refresh()
  }
}

/// One bug: under the declared `keep-current` cancel rule, a cancelled drag records its group and
/// leaves an empty checkpoint group under it.
@MainActor
final class DialKeepingCancelsWithCheckpoint: DialEditor {
  override var dragCancelRule: DragCancelRule? { .keepCurrent }
  override var capabilities: Set<SubjectCapability> { [.documents, .uiLayer] }

  override func cancelDrag() {
    guard grabbedAt != nil else { return }
    history.beginUndoGrouping()
    history.registerUndo(withTarget: self) { _ in }
    history.endUndoGrouping()
    endDrag()
  }
}
