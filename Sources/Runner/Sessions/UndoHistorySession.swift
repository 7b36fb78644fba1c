import Contracts
import RunModel
import UndoKit

/// Drives an undo-history subject: one action is one event, ended with `UndoManager.endEvent()`,
/// with undo-manager misuse recorded instead of trapping.
@MainActor
final class UndoHistorySession: SubjectSession {
  private let subject: any UndoHistorySubject
  private var driver = UndoHistoryDriver()
  private var drag: DragTracker
  private var misusesOfLastStep: [UndoManager.Misuse] = []
  /// The clock the subject reads, moved only by `wait` steps.
  private let clock = VirtualClock()
  /// Whether the subject declares capability `selection`: its items are observed one by one.
  private let hasSelection: Bool

  init(_ subject: any UndoHistorySubject) {
    self.subject = subject
    self.hasSelection = subject.capabilities.contains(.selection)
    self.drag = DragTracker(rule: subject.undoDuringDragRule)
    subject.useClock(clock)
  }

  func perform(_ action: ContractAction) -> [String] {
    guard case .undoHistory(let action) = action else {
      return ["'\(action)' is not an undo-history action"]
    }
    let (_, misuses) = UndoManager.recordingMisuse {
      apply(action)
      UndoManager.endEvent()
    }
    misusesOfLastStep = misuses
    return misuses.map { "undo manager misuse (\($0.kind.rawValue)): \($0.kind.problem)" }
  }

  private func apply(_ action: UndoHistoryAction) {
    drag.apply(action)
    driver.apply(action, to: subject, clock: clock)
  }

  func observe() -> StateSnapshot {
    let history = subject.undoHistory
    var snapshot = StateSnapshot()
    let display = subject.displayedValue
    let undoEnabled = subject.isUndoEnabled
    let redoEnabled = subject.isRedoEnabled
    snapshot.set("value", .int(subject.value))
    snapshot.set("display", .int(display))
    snapshot.set("level", .int(history.groupingLevel))
    snapshot.set("canUndo", .bool(history.canUndo))
    snapshot.set("canRedo", .bool(history.redoCount > 0))
    snapshot.set("undoEnabled", .bool(undoEnabled))
    snapshot.set("redoEnabled", .bool(redoEnabled))
    snapshot.set("undos", .int(history.undoCount))
    snapshot.set("redos", .int(history.redoCount))
    snapshot.set(
      "misuse",
      .text(
        misusesOfLastStep.isEmpty
          ? "none" : misusesOfLastStep.map(\.kind.rawValue).joined(separator: ",")))
    if hasSelection {
      observeSelection(into: &snapshot)
    }
    return snapshot
  }

  /// Adds each item's value and shown value, whether the inspector shows "mixed", and what it
  /// shows (`inspector`: its value, or the word `mixed`).
  private func observeSelection(into snapshot: inout StateSnapshot) {
    for id in subject.itemIDs {
      snapshot.set("\(id).value", .int(subject.value(of: id)))
      snapshot.set("\(id).display", .int(subject.displayedValue(of: id)))
    }
    let inspector = subject.inspectorValue
    snapshot.set("mixed", .bool(inspector == nil))
    snapshot.set("inspector", inspector.map { .int($0) } ?? .text("mixed"))
  }

  /// The selection's invariants: the UI shows each item's model value; the inspector shows
  /// "mixed" exactly when the selected items' values differ, and their common value otherwise.
  private func brokenSelectionInvariants(in snapshot: StateSnapshot) -> [Mismatch] {
    var broken: [Mismatch] = []
    for id in subject.itemIDs {
      if let value = snapshot["\(id).value"], let shown = snapshot["\(id).display"],
        shown != value
      {
        broken.append(
          Mismatch(
            key: "\(id).display", expected: value, actual: shown,
            invariant: "the UI shows each item's model value"))
      }
    }
    let selected = subject.selectedItemIDs.compactMap { snapshot["\($0).value"] }
    guard !selected.isEmpty, let mixed = snapshot["mixed"] else { return broken }
    let differ = Set(selected).count > 1
    if mixed != .bool(differ) {
      broken.append(
        Mismatch(
          key: "mixed", expected: .bool(differ), actual: mixed,
          invariant: "the inspector shows mixed exactly when the selected values differ"))
    } else if !differ, let shown = snapshot["inspector"], shown != selected[0] {
      broken.append(
        Mismatch(
          key: "inspector", expected: selected[0], actual: shown,
          invariant: "the inspector shows the selected items' common value"))
    }
    return broken
  }

  func brokenInvariants(in snapshot: StateSnapshot) -> [Mismatch] {
    var broken: [Mismatch] = []
    func require(_ key: String, equals other: String, _ rule: String) {
      guard let actual = snapshot[key], let expected = snapshot[other], actual != expected else {
        return
      }
      broken.append(Mismatch(key: key, expected: expected, actual: actual, invariant: rule))
    }
    require("display", equals: "value", "the UI shows the model's value")
    // During a drag the product's rule decides what Undo and Redo do (refused, or cancelling
    // the drag), so whether their controls are enabled then is the product's choice too.
    if !drag.isDragging {
      require("undoEnabled", equals: "canUndo", "the Undo control follows canUndo")
      require("redoEnabled", equals: "canRedo", "the Redo control follows canRedo")
    }
    if !drag.isDragging, let level = snapshot["level"], level != .int(0) {
      broken.append(
        Mismatch(
          key: "level", expected: .int(0), actual: level,
          invariant: "groupingLevel is 0 between actions"))
    }
    if let misuse = snapshot["misuse"], misuse != .text("none") {
      broken.append(
        Mismatch(
          key: "misuse", expected: .text("none"), actual: misuse,
          invariant: "the undo manager reports no misuse"))
    }
    if hasSelection {
      broken += brokenSelectionInvariants(in: snapshot)
    }
    return broken
  }
}

/// Whether a drag is in progress, as the runner drove the subject: a drag begins with `drag began`
/// and ends with `drag ended`, `drag cancelled` or a document switch — and, when the subject
/// declares that Undo cancels a drag, with `undo` or `redo`.
struct DragTracker {
  /// The subject's rule for Undo during a drag.
  let rule: UndoDuringDragRule?
  /// Whether a drag is in progress.
  private(set) var isDragging = false

  init(rule: UndoDuringDragRule?) {
    self.rule = rule
  }

  /// Follows `action`.
  mutating func apply(_ action: UndoHistoryAction) {
    switch action {
    case .dragBegan: isDragging = true
    case .dragEnded, .dragCancelled, .switchDocument: isDragging = false
    case .undo, .redo:
      if rule == .cancelsDrag { isDragging = false }
    default: break
    }
  }

  /// Whether a drag is in progress after `actions`, driven from a fresh subject.
  static func isDragging(after actions: [UndoHistoryAction], rule: UndoDuringDragRule?) -> Bool {
    var tracker = DragTracker(rule: rule)
    for action in actions {
      tracker.apply(action)
    }
    return tracker.isDragging
  }
}
