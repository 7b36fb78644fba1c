import Contracts
import UndoKit

/// The undo-history experiments: undo depth, redo probes, skipped callbacks and history counts.
@MainActor
struct UndoHistoryClassifier {
  let context: FailureContext
  let action: UndoHistoryAction

  /// The most undos or redos an experiment performs.
  private let probeLimit = 32
  private static let uiKeys: Set<String> = ["display", "undoEnabled", "redoEnabled"]

  func classify() -> Classification {
    let keys = context.keys
    if keys.contains("misuse") {
      return misuse()
    }
    if keys.isSubset(of: Self.uiKeys) {
      return uiBinding()
    }
    switch action {
    case .undo:
      if keys.contains("value") { return valueAfterUndo() }
      if keys.contains("canRedo") || keys.contains("redos") { return redoAfterUndo() }
      return historyCount()
    case .redo:
      if keys.contains("value") { return valueAfterRedo() }
      return historyCount()
    default:
      if let redo = context.mismatch("canRedo") ?? context.mismatch("redos"),
        redo.expected == .bool(false) || redo.expected == .int(0)
      {
        return redoKept()
      }
      if let level = context.mismatch("level") {
        return Classification(
          .groupBoundary,
          "groupingLevel is \(level.actual?.description ?? "unknown") after \(context.actionLabel): "
            + "a group was left open")
      }
      if keys.contains("value") { return valueAfterAction() }
      return historyCount()
    }
  }

  // MARK: - Experiments

  private func misuse() -> Classification {
    let kinds = context.mismatch("misuse")?.actual?.description ?? ""
    let problems = kinds.split(separator: ",").compactMap {
      UndoManager.Misuse.Kind(rawValue: String($0))
    }
    let text = problems.map(\.problem).joined(separator: "; ")
    if problems.contains(.registrationWithoutGroup), let (step, verb) = stepThatLostItsInverse() {
      return Classification(
        .redoAvailability,
        "the \(verb) at step \(step) left no inverse group, and a registration arrived at "
          + "\(context.actionLabel) outside any group: the inverse was registered after the "
          + "\(verb) was over")
    }
    if problems.contains(.redoWhileUndoing) {
      return Classification(
        .redoAvailability, "the undo manager refused \(context.actionLabel): \(text)")
    }
    return Classification(
      .groupBoundary, "the undo manager refused \(context.actionLabel): \(text)")
  }

  /// An earlier undo (or redo) step that changed the value yet left no group to reverse it.
  private func stepThatLostItsInverse() -> (number: Int, verb: String)? {
    for record in context.steps[..<(context.failing.number - 1)].reversed() {
      let isUndo = record.action == .undoHistory(.undo)
      guard isUndo || record.action == .undoHistory(.redo) else { continue }
      guard let before = record.before.int("value"), before != record.after.int("value") else {
        continue
      }
      let steps = Array(context.contractCase.steps[..<record.number])
      let reverse: UndoHistoryAction = isUndo ? .redo : .undo
      let reversed = context.replay.probe(after: steps, [.undoHistory(reverse)]).last?.int("value")
      if reversed != before {
        return (record.number, isUndo ? "undo" : "redo")
      }
    }
    return nil
  }

  private func uiBinding() -> Classification {
    let after = context.failing.after
    if context.mismatch("redoEnabled")?.actual == .bool(true) {
      let probe = context.replay.probe(after: context.through, [.undoHistory(.redo)])
      if let redone = probe.last?.int("value"), let now = after.int("value"), redone != now {
        return Classification(
          .redoAvailability,
          "after \(context.actionLabel) the Redo control is enabled and redo changes the value "
            + "from \(now) to \(redone), back to an abandoned branch: redo survived a new edit")
      }
    }
    if let display = context.mismatch("display") {
      return Classification(
        .uiBinding,
        "the model holds \(after["value"]?.description ?? "?") but the UI shows "
          + "\(display.actual?.description ?? "nothing") after \(context.actionLabel): the UI was "
          + "not refreshed")
    }
    let control = context.mismatch("undoEnabled") != nil ? "Undo" : "Redo"
    let flag = control == "Undo" ? "canUndo" : "canRedo"
    let mismatch = context.mismatch("undoEnabled") ?? context.mismatch("redoEnabled")
    return Classification(
      .uiBinding,
      "\(flag) is \(after[flag]?.description ?? "?") but the \(control) control shows "
        + "\(mismatch?.actual?.description ?? "?") after \(context.actionLabel): the control is not "
        + "bound to the history")
  }

  /// Values after undoing again and again from the state before the failing step.
  private func values(after steps: [ContractStep], repeating action: UndoHistoryAction) -> [Int] {
    let snapshots = context.replay.probe(
      after: steps, Array(repeating: .undoHistory(action), count: probeLimit))
    return snapshots.compactMap { $0.int("value") }
  }

  private func valueAfterUndo() -> Classification {
    guard case .int(let expected)? = context.mismatch("value")?.expected else {
      return Classification(.unclassified, "value mismatch without a number")
    }
    let undone = values(after: context.prefix, repeating: .undo)
    if let index = undone.firstIndex(of: expected), index > 0 {
      return Classification(
        .groupBoundary,
        "restored \(expected) after \(index + 1) undos: the action was recorded as "
          + "\(index + 1) groups")
    }
    let history = context.steps[..<(context.failing.number - 1)].compactMap {
      $0.before.int("value")
    }
    if let first = undone.first, first != expected,
      let expectedAt = history.lastIndex(of: expected),
      let reachedAt = history.firstIndex(of: first), reachedAt < expectedAt
    {
      return Classification(
        .groupBoundary,
        "one undo went past the action's start to \(first), the value before step "
          + "\(reachedAt + 1): groups were merged")
    }
    let shown = undone.prefix(4).map(String.init).joined(separator: ", ")
    return Classification(
      .valueRestoration,
      "no number of undos restores \(expected) (undos gave \(shown)): the inverse does not "
        + "restore the value it replaced")
  }

  private func redoAfterUndo() -> Classification {
    let before = context.failing.before.int("value")
    let after = context.failing.after.int("value")
    let probe = context.replay.probe(after: context.through, [.undoHistory(.redo)])
    let redone = probe.last?.int("value")
    if redone == before, before != after {
      return Classification(
        .groupBoundary,
        "redo does restore \(before.map(String.init) ?? "?"), but the redo stack holds "
          + "\(context.failing.after["redos"]?.description ?? "?") groups")
    }
    return Classification(
      .redoAvailability,
      "after \(context.actionLabel) redo changes nothing (value stays "
        + "\(redone.map(String.init) ?? "?")): the undo registered no inverse, so no redo group exists"
    )
  }

  private func valueAfterRedo() -> Classification {
    guard case .int(let expected)? = context.mismatch("value")?.expected else {
      return Classification(.unclassified, "value mismatch without a number")
    }
    if context.failing.before.int("redos") == 0 {
      return Classification(
        .redoAvailability,
        "nothing to redo before \(context.actionLabel): the earlier undo left no redo group")
    }
    let redone = values(after: context.prefix, repeating: .redo)
    if let index = redone.firstIndex(of: expected), index > 0 {
      return Classification(
        .groupBoundary,
        "reached \(expected) after \(index + 1) redos: the undone action was recorded as "
          + "\(index + 1) groups")
    }
    return Classification(
      .valueRestoration,
      "redo restored \(redone.first.map(String.init) ?? "?") instead of \(expected)")
  }

  private func redoKept() -> Classification {
    let probe = context.replay.probe(after: context.through, [.undoHistory(.redo)])
    let before = context.failing.after.int("value")
    let redone = probe.last?.int("value")
    return Classification(
      .redoAvailability,
      "after \(context.actionLabel) redo is still available: redo moves the value from "
        + "\(before.map(String.init) ?? "?") to \(redone.map(String.init) ?? "?"), back to the "
        + "abandoned branch")
  }

  private func valueAfterAction() -> Classification {
    let expected = context.mismatch("value")?.expected.description ?? "?"
    let actual = context.mismatch("value")?.actual?.description ?? "?"
    switch action {
    case .deliver, .dragMoved, .dragEnded:
      var altered = context.through
      altered.remove(at: context.failing.number - 1)
      let skipped = context.replay.run(altered).snapshots.last?["value"]?.description
      if skipped == expected {
        let what = action.isEdit && action != .dragEnded ? "result" : "callback"
        return Classification(
          .staleResponse,
          "without \(context.actionLabel) the value is \(expected): the \(what) was stale "
            + "(its document or revision had changed) but changed the value to \(actual)")
      }
    case .dragCancelled:
      return Classification(
        .valueRestoration,
        "the cancelled drag left \(actual) instead of \(expected): the cancel rule was not followed"
      )
    default:
      break
    }
    return Classification(
      .valueRestoration, "\(context.actionLabel) left the value at \(actual) instead of \(expected)"
    )
  }

  private func historyCount() -> Classification {
    let after = context.failing.after
    let expected =
      context.mismatch("undos")?.expected.description
      ?? context.mismatch("canUndo").map { $0.expected == .bool(true) ? "at least 1" : "0" } ?? "?"
    let found = after["undos"]?.description ?? "?"
    let probe = context.replay.probe(after: context.through, [.undoHistory(.undo)])
    let undoneOnce = probe.last?.int("value")
    let now = after.int("value")
    let expectsFewer =
      context.mismatch("canUndo")?.expected == .bool(false)
      || (context.mismatch("undos").flatMap { mismatch -> Bool? in
        guard case .int(let want) = mismatch.expected, case .int(let got)? = mismatch.actual else {
          return nil
        }
        return got > want
      } ?? false)
    if expectsFewer {
      if undoneOnce == now {
        return Classification(
          .groupBoundary,
          "an empty group was recorded by \(context.actionLabel): one undo changes nothing (value "
            + "stays \(now.map(String.init) ?? "?")) yet undo is enabled")
      }
      if !action.isEdit {
        return Classification(
          .groupBoundary,
          "undo after \(context.actionLabel) changes the value from \(now.map(String.init) ?? "?") "
            + "to \(undoneOnce.map(String.init) ?? "?"): history that must not be there was kept "
            + "or recorded")
      }
      if let start = startOfAction(), let depth = undoDepth(to: start), depth > 1 {
        return Classification(
          .groupBoundary,
          "restored \(start) after \(depth) undos: the action was recorded as \(depth) groups")
      }
    }
    return Classification(
      .groupBoundary,
      "expected \(expected) undo groups after \(context.actionLabel), found \(found)")
  }

  /// The value before the user action that the failing step completes.
  private func startOfAction() -> Int? {
    if action == .dragEnded || action == .dragCancelled {
      let began = context.steps[..<(context.failing.number - 1)].last {
        $0.action == .undoHistory(.dragBegan)
      }
      return began?.before.int("value")
    }
    return context.failing.before.int("value")
  }

  /// How many undos from the state after the failing step bring back `value`.
  private func undoDepth(to value: Int) -> Int? {
    values(after: context.through, repeating: .undo).firstIndex(of: value).map { $0 + 1 }
  }
}
