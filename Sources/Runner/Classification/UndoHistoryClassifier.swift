import Contracts
import RunModel
import UndoKit

/// The undo-history experiments: misuse the undo manager reported, refused-command probes during
/// a drag, model-against-UI comparisons, undo and redo depth, redo probes, skipped callbacks and
/// history counts.
@MainActor
struct UndoHistoryClassifier {
  let context: FailureContext
  let action: UndoHistoryAction

  /// The most undos or redos an experiment performs.
  private let probeLimit = 32
  /// The UI-facing keys and the model key each one must follow.
  private static let uiKeys: [String: String] = [
    "display": "value", "undoEnabled": "canUndo", "redoEnabled": "canRedo",
  ]

  /// The experiments that apply, in the order they are tried.
  func experiments() -> [Experiment] {
    let keys = modelKeys()
    let onlyUI = context.keys.allSatisfy { Self.uiKeys[$0] != nil }
    var experiments: [Experiment] = [
      misuse, commandDuringDrag, cancelledDrag, cancelledDragKeepingCurrent, coalescing, selection,
      selectionDisplay,
    ]
    if onlyUI {
      experiments.append(uiDivergence)
    }
    switch action {
    case .undo:
      if keys.contains("value") { experiments.append(valueAfterUndo) }
      if keys.contains("canRedo") || keys.contains("redos") {
        experiments.append(redoAfterUndo)
        experiments.append(redoDroppedByUndo)
      }
    case .redo:
      experiments.append(redoDroppedByUndo)
      if keys.contains("value") { experiments.append(valueAfterRedo) }
    case .switchDocument:
      if keys.contains("canRedo") || keys.contains("redos") {
        experiments.append(redoDroppedBySwitchBack)
        experiments.append(redoKept)
        experiments.append(historyCarriedAcrossSwitch)
      }
      if keys.contains("value") { experiments.append(valueAfterAction) }
    default:
      if keys.contains("canRedo") || keys.contains("redos") { experiments.append(redoKept) }
      if keys.contains("value") { experiments.append(valueAfterAction) }
    }
    if keys.contains("level") { experiments.append(openGroup) }
    if keys.contains("undos") || keys.contains("canUndo") { experiments.append(groupCount) }
    if !onlyUI {
      experiments.append(uiDivergence)
    }
    return experiments
  }

  /// The model keys the failure concerns: UI keys whose UI agrees with the model stand for the
  /// model key they follow.
  private func modelKeys() -> Set<String> {
    let after = context.failing.after
    return Set(
      context.keys.map { key in
        guard let model = Self.uiKeys[key], after[key] == after[model] else { return key }
        return model
      })
  }

  // MARK: - Experiments

  /// The undo manager itself reported misuse during the step.
  private func misuse() -> Finding? {
    guard let mismatch = context.mismatch("misuse"), let kinds = mismatch.actual?.description else {
      return nil
    }
    let problems = kinds.split(separator: ",").compactMap {
      UndoManager.Misuse.Kind(rawValue: String($0))
    }
    let text = problems.map(\.problem).joined(separator: "; ")
    let refused = Reason(
      .undoManagerRefused, ["action": Reason(context.actionLabel), "problems": Reason(text)])
    if problems.contains(.registrationWithoutGroup), let (step, verb) = stepThatLostItsInverse() {
      let undoing = verb == "undo"
      return .confirmed(
        Classification(
          .redoAvailability,
          Reason(
            .inverseRegisteredLate,
            [
              "verb": Reason(undoing ? .undoWord : .redoWord), "step": "\(step)",
              "reverse": Reason(undoing ? .redoWord : .undoWord),
              "action": Reason(context.actionLabel),
            ])))
    }
    if problems.contains(.redoWhileUndoing) {
      return .confirmed(Classification(.redoAvailability, refused))
    }
    return .confirmed(Classification(.groupBoundary, refused))
  }

  /// The history counts before and after a step: `undos=1 redos=0 before, undos=0 redos=1 after`.
  private func counts(_ before: StateSnapshot, _ after: StateSnapshot) -> Reason {
    Reason(
      .countsBeforeAfter,
      [
        "before": Reason(before.quoting(["undos", "redos"])),
        "after": Reason(after.quoting(["undos", "redos"])),
      ])
  }

  /// An undo (or redo) step, up to the failing one, that changed the value yet left no group to
  /// reverse it.
  private func stepThatLostItsInverse() -> (number: Int, verb: String)? {
    for record in context.steps[..<context.failing.number].reversed() {
      let isUndo = record.action == .undoHistory(.undo)
      guard isUndo || record.action == .undoHistory(.redo) else { continue }
      guard let before = record.before.int("value"), before != record.after.int("value") else {
        continue
      }
      let steps = Array(context.caseSteps[..<record.number])
      let reverse: UndoHistoryAction = isUndo ? .redo : .undo
      if context.replay.probe(after: steps, .undoHistory(reverse)).int("value") != before {
        return (record.number, isUndo ? "undo" : "redo")
      }
    }
    return nil
  }

  /// Undo or Redo during a drag, against the rule the subject declares for it.
  private func commandDuringDrag() -> Finding? {
    guard action == .undo || action == .redo, let rule = context.rules.undoDuringDrag else {
      return nil
    }
    let earlier = context.prefix.compactMap { step -> UndoHistoryAction? in
      if case .undoHistory(let action) = step.action { return action }
      return nil
    }
    guard DragTracker.isDragging(after: earlier, rule: rule) else { return nil }
    let before = context.failing.before
    let after = context.failing.after
    let history = ["undos", "redos"]
    let historyChanged = history.contains { before[$0] != after[$0] }
    let quoted = ["value", "undos", "redos"]
    let seen = Reason(
      .countsBeforeAfter,
      ["before": Reason(before.quoting(quoted)), "after": Reason(after.quoting(quoted))])
    let label = Reason(context.actionLabel)
    switch rule {
    case .refused:
      if historyChanged || before["value"] != after["value"] {
        return .confirmed(
          Classification(
            .groupBoundary, Reason(.dragCommandNotRefused, ["action": label, "seen": seen])))
      }
      return .notConfirmed(
        Reason(.dragCommandRefused, ["action": label, "after": Reason(after.quoting(quoted))]))
    case .cancelsDrag:
      let start = dragStartValue()
      if historyChanged {
        return .confirmed(
          Classification(
            .groupBoundary, Reason(.dragCommandChangedHistory, ["action": label, "seen": seen])))
      }
      if let start, after.int("value") != start {
        return .confirmed(
          Classification(
            .valueRestoration,
            Reason(
              .dragCommandLeftValue,
              [
                "action": label, "value": "\(after["value"]?.description ?? "?")",
                "start": "\(start)",
              ])))
      }
      return .notConfirmed(
        Reason(.dragCommandCancelled, ["action": label, "after": Reason(after.quoting(quoted))]))
    }
  }

  /// A UI key disagrees with the model key it must follow, in the same observation.
  private func uiDivergence() -> Finding? {
    let after = context.failing.after
    let diverging = context.keys.filter { key in
      guard let model = Self.uiKeys[key] else { return false }
      return after[key] != after[model]
    }.sorted()
    guard !diverging.isEmpty else { return nil }
    if diverging.contains("redoEnabled"), after.bool("redoEnabled") == true,
      let now = after.int("value")
    {
      let redone = context.replay.probe(after: context.through, .undoHistory(.redo)).int("value")
      if let redone, redone != now {
        return .confirmed(
          Classification(
            .redoAvailability,
            Reason(
              .appKeepsOwnRedo,
              ["action": Reason(context.actionLabel), "now": "\(now)", "redone": "\(redone)"])))
      }
    }
    let pairs = diverging.map { key in
      Reason(
        .modelButUI,
        [
          "model": Reason(after.quoting([Self.uiKeys[key] ?? key])),
          "ui": Reason(after.quoting([key])),
        ])
    }
    return .confirmed(
      Classification(
        .uiBinding,
        Reason(
          .uiNotRefreshed,
          ["action": Reason(context.actionLabel), "pairs": .joined(pairs, separator: ", ")])))
  }

  /// Tells why undo left the wrong value: the action split into groups, merged with another, never
  /// recorded, or an inverse that restores the wrong value.
  private func valueAfterUndo() -> Finding? {
    guard let expected = expectedInt("value") else { return nil }
    let before = context.failing.before
    let after = context.failing.after
    if before.bool("canUndo") == false, before.int("value") != expected {
      return .confirmed(
        Classification(
          .groupBoundary,
          Reason(
            .undoLeftNoGroup,
            [
              "action": Reason(context.actionLabel),
              "observed": Reason(before.quoting(["value", "canUndo", "undos"])),
            ])))
    }
    let undone = values(after: context.prefix, repeating: .undo)
    if let index = undone.firstIndex(of: expected), index > 0 {
      return .confirmed(
        Classification(
          .groupBoundary,
          Reason(.restoredAfterUndos, ["expected": "\(expected)", "count": "\(index + 1)"])))
    }
    let history = context.earlierRecords.compactMap { $0.before.int("value") }
    if let first = undone.first, first != expected,
      let expectedAt = history.lastIndex(of: expected),
      let reachedAt = history.firstIndex(of: first), reachedAt < expectedAt,
      let merged = editLeavingCountsUnchanged()
    {
      return .confirmed(
        Classification(
          .groupBoundary,
          Reason(
            .undoWentPastStart,
            ["first": "\(first)", "step": "\(reachedAt + 1)", "merged": merged])))
    }
    let shown = undone.prefix(4).map(String.init).joined(separator: ", ")
    if movedOneGroup(from: before, to: after, undoing: true) {
      return .confirmed(
        Classification(
          .valueRestoration,
          Reason(
            .inverseWrongValue,
            [
              "counts": counts(before, after), "value": "\(after["value"]?.description ?? "?")",
              "expected": "\(expected)", "shown": Reason(shown),
            ])))
    }
    return .notConfirmed(
      Reason(.undoNotOneGroup, ["counts": counts(before, after), "shown": Reason(shown)]))
  }

  /// Tells why redo left the wrong value: no redo group, split groups, or a wrong inverse.
  private func valueAfterRedo() -> Finding? {
    guard let expected = expectedInt("value") else { return nil }
    let before = context.failing.before
    let after = context.failing.after
    if before.int("redos") == 0 {
      return .confirmed(
        Classification(
          .redoAvailability,
          Reason(
            .redoLeftNoGroup,
            [
              "action": Reason(context.actionLabel),
              "observed": Reason(before.quoting(["canRedo", "redos"])),
            ])))
    }
    let redone = values(after: context.prefix, repeating: .redo)
    if let index = redone.firstIndex(of: expected), index > 0 {
      return .confirmed(
        Classification(
          .groupBoundary,
          Reason(.reachedAfterRedos, ["expected": "\(expected)", "count": "\(index + 1)"])))
    }
    if movedOneGroup(from: before, to: after, undoing: false) {
      return .confirmed(
        Classification(
          .valueRestoration,
          Reason(
            .redoWrongValue,
            [
              "counts": counts(before, after), "value": "\(after["value"]?.description ?? "?")",
              "expected": "\(expected)",
            ])))
    }
    return .notConfirmed(Reason(.redoNotOneGroup, ["counts": counts(before, after)]))
  }

  /// Probes a redo after an undo whose redo state is missing or miscounted.
  private func redoAfterUndo() -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    guard let undone = after.int("value"), let original = before.int("value") else { return nil }
    let redone = context.replay.probe(after: context.through, .undoHistory(.redo)).int("value")
    let expectsRedo =
      modelMismatch("canRedo")?.expected == .bool(true)
      || (context.mismatch("redos").map { mismatch in
        guard case .int(let want) = mismatch.expected else { return false }
        return want > (after.int("redos") ?? 0)
      } ?? false)
    if expectsRedo, redone == undone, undone != original {
      return .confirmed(
        Classification(
          .redoAvailability,
          Reason(
            .noInverseRegistered,
            [
              "action": Reason(context.actionLabel),
              "observed": Reason(after.quoting(["value", "canRedo", "redos"])),
              "value": "\(undone)",
            ])))
    }
    if let redone {
      let redos = context.replay.probe(
        after: context.through, Array(repeating: .undoHistory(.redo), count: probeLimit)
      ).compactMap { $0.int("value") }
      if let index = redos.firstIndex(of: original), index > 0, redone != original {
        return .confirmed(
          Classification(
            .groupBoundary,
            Reason(
              .redosNeeded,
              [
                "action": Reason(context.actionLabel),
                "observed": Reason(after.quoting(["redos"])), "count": "\(index + 1)",
                "value": "\(original)",
              ])))
      }
    }
    return .notConfirmed(
      Reason(
        .oneRedoGives,
        [
          "action": Reason(context.actionLabel),
          "observed": Reason(after.quoting(["canRedo", "redos"])),
          "value": "\(redone.map(String.init) ?? "?")",
        ]))
  }

  /// Tells whether an undo dropped the redo that the undo just before it left: the redo count did
  /// not grow by the group the undo popped, and redos after it never bring back the value the
  /// earlier undo took away.
  private func redoDroppedByUndo() -> Finding? {
    guard let (earlier, undo) = consecutiveUndos(), let redosBefore = undo.before.int("redos"),
      redosBefore > 0, let redosAfter = undo.after.int("redos"),
      let lost = earlier.before.int("value"), lost != earlier.after.int("value"),
      let undoneFrom = undo.before.int("value")
    else { return nil }
    let label = "'\(undo.action)' (step \(undo.number))"
    let popped = undo.before.bool("canUndo") == true
    let expected = redosBefore + (popped ? 1 : 0)
    let counts = Reason(
      .redoCountsAround,
      [
        "before": Reason(undo.before.quoting(["redos"])), "action": Reason(label),
        "after": Reason(undo.after.quoting(["redos"])),
      ])
    guard redosAfter < expected else {
      return .notConfirmed(Reason(.redoCountGrew, ["counts": counts]))
    }
    let redone = context.replay.probe(
      after: Array(context.caseSteps[..<undo.number]),
      Array(repeating: .undoHistory(.redo), count: expected)
    ).compactMap { $0.int("value") }
    let shown = redone.map(String.init).joined(separator: ", ")
    guard !redone.contains(lost) else {
      return .notConfirmed(
        Reason(.redosBringBack, ["counts": counts, "lost": "\(lost)", "shown": Reason(shown)]))
    }
    let redos =
      expected == 1 ? Reason(.aRedoGives) : Reason(.redosGive, ["count": "\(expected)"])
    let gives: Reason
    if popped {
      guard redone.first == undoneFrom, undoneFrom != undo.after.int("value") else {
        return .notConfirmed(
          Reason(
            .undoLeftNoOwnRedo,
            [
              "counts": counts, "redone": "\(redone.first.map(String.init) ?? "?")",
              "undone": "\(undoneFrom)",
            ]))
      }
      gives = Reason(
        .ownRedoRestores, ["undone": "\(undoneFrom)", "redos": redos, "shown": Reason(shown)])
    } else {
      gives = Reason(.nothingToUndoThenRedo, ["redos": redos, "shown": Reason(shown)])
    }
    return .confirmed(
      Classification(
        .redoAvailability,
        Reason(
          .undoDroppedRedo,
          [
            "counts": counts, "gives": gives, "lost": "\(lost)",
            "earlier": "'\(earlier.action)' (step \(earlier.number))",
          ])))
  }

  /// The undo at the failing step (or the last one before a failing redo and the redos between
  /// them) and the undo just before it.
  private func consecutiveUndos() -> (earlier: StepRecord, undo: StepRecord)? {
    let undo =
      action == .undo
      ? context.failing : context.earlierRecords.last { $0.action != .undoHistory(.redo) }
    guard let undo, undo.action == .undoHistory(.undo), undo.number >= 2 else { return nil }
    let earlier = context.steps[undo.number - 2]
    guard earlier.action == .undoHistory(.undo) else { return nil }
    return (earlier, undo)
  }

  /// Probes a redo after an action that must discard the redo branch but left redo available.
  private func redoKept() -> Finding? {
    let after = context.failing.after
    guard (after.int("redos") ?? 0) > 0 || after.bool("canRedo") == true,
      let now = after.int("value")
    else { return nil }
    let redone = context.replay.probe(after: context.through, .undoHistory(.redo)).int("value")
    let before = context.failing.before
    let label = Reason(context.actionLabel)
    let redoCounts = Reason(after.quoting(["canRedo", "redos"]))
    if let redone, redone != now, !action.isEdit, after.int("undos") == 0,
      after.bool("canUndo") != true, (before.int("undos") ?? 0) > 0
    {
      return .confirmed(
        Classification(
          .redoAvailability,
          Reason(
            .undoStackEmptiedRedoKept,
            [
              "action": label, "before": Reason(before.quoting(["undos"])),
              "after": Reason(after.quoting(["undos", "canRedo", "redos"])), "now": "\(now)",
              "redone": "\(redone)",
            ])))
    }
    if let redone, redone != now, !action.isEdit {
      let kept = Classification(
        .groupBoundary,
        Reason(
          .earlierHistoryKept,
          ["action": label, "counts": redoCounts, "now": "\(now)", "redone": "\(redone)"]))
      guard after.int("undos") == 0, after.bool("canUndo") != true, before.int("undos") == 0
      else { return .confirmed(kept) }
      // Nothing was left to undo before the action, so "all history kept" and "the undo stack
      // emptied but the redo branch kept" predict the same counts here; a replay with one more
      // group at the bottom of the history tells them apart when the action reaches it.
      if let deeper = deeperHistory(redoFrom: now, to: redone) {
        return .confirmed(deeper)
      }
      return .confirmed(
        .ranked([
          kept,
          Classification(
            .redoAvailability,
            Reason(
              .redoBranchMayBeKept,
              [
                "before": Reason(before.quoting(["undos"])), "action": label,
                "after": Reason(after.quoting(["undos", "redos"])), "now": "\(now)",
                "redone": "\(redone)",
              ])),
        ]))
    }
    if let redone, redone != now {
      return .confirmed(
        Classification(
          .redoAvailability,
          Reason(
            .redoBackToAbandoned,
            ["action": label, "counts": redoCounts, "now": "\(now)", "redone": "\(redone)"])))
    }
    return .notConfirmed(
      Reason(.redoChangesNothing, ["action": label, "counts": redoCounts, "now": "\(now)"]))
  }

  /// A switch back to a document open already, under the declared `history-per-document`, that
  /// brought it back without the redo branch it had when the user left it.
  ///
  /// The document's state when left is the state observed before the switch that left it; a redo
  /// replayed after the failing switch confirms that nothing is left to redo.
  private func redoDroppedBySwitchBack() -> Finding? {
    guard context.rules.documentHistory == .perDocument,
      case .switchDocument(let document, _) = action
    else { return nil }
    let records = Array(context.earlierRecords)
    guard
      let opened = records.lastIndex(where: {
        if case .undoHistory(.switchDocument(let id, _)) = $0.action { return id == document }
        return false
      }),
      let left = records[(opened + 1)...].first(where: {
        if case .undoHistory(.switchDocument) = $0.action { return true }
        return false
      })
    else { return nil }
    let wasLeft = left.before
    let after = context.failing.after
    guard let redosLeft = wasLeft.int("redos"), redosLeft > 0, (after.int("redos") ?? 0) < redosLeft
    else { return nil }
    let now = after.int("value")
    let redone = context.replay.probe(after: context.through, .undoHistory(.redo)).int("value")
    let leftText = Reason(
      .documentWhenLeft,
      [
        "document": "\(document)", "counts": Reason(wasLeft.quoting(["undos", "redos"])),
        "step": "\(left.number)",
      ])
    let label = Reason(context.actionLabel)
    if after.int("undos") != wasLeft.int("undos") {
      return .notConfirmed(
        Reason(
          .switchBackChangedHistory,
          ["left": leftText, "action": label, "counts": Reason(after.quoting(["undos", "redos"]))]))
    }
    guard redone == now || after.int("redos") != 0 else {
      return .notConfirmed(
        Reason(
          .switchBackRedoMoves,
          ["left": leftText, "action": label, "counts": Reason(after.quoting(["redos"]))]))
    }
    return .confirmed(
      Classification(
        .redoAvailability,
        Reason(
          .switchBackDroppedRedo,
          [
            "left": leftText, "action": label,
            "counts": Reason(after.quoting(["redos", "canRedo"])),
          ])))
  }

  /// A switch that should leave nothing to undo or redo, yet shows the same non-zero counts the
  /// document left had, and an undo or redo of them changes nothing shown: the history of the
  /// document left was carried into the one switched to, still acting on the document left.
  private func historyCarriedAcrossSwitch() -> Finding? {
    guard case .switchDocument = action else { return nil }
    let before = context.failing.before
    let after = context.failing.after
    let carried = ["undos", "redos"].filter { key in
      guard let mismatch = context.mismatch(key), mismatch.expected == .int(0),
        let count = after.int(key), count > 0
      else { return false }
      return before.int(key) == count
    }
    guard !carried.isEmpty, let now = after.int("value") else { return nil }
    let command: UndoHistoryAction = carried.contains("redos") ? .redo : .undo
    let probed = context.replay.probe(after: context.through, .undoHistory(command)).int("value")
    guard probed == now else { return nil }
    return .confirmed(
      Classification(
        .groupBoundary,
        Reason(
          .historyCarriedAcrossSwitch,
          [
            "action": Reason(context.actionLabel), "before": Reason(before.quoting(carried)),
            "after": Reason(after.quoting(carried)),
            "command": Reason(command == .redo ? .redoWord : .undoWord),
          ])))
  }

  /// Replays the case with one more adjustment, placed where it adds one group at the bottom of
  /// the history the failing action finds (same redo branch), and reports whether that group
  /// survived the action.
  ///
  /// - Returns: group-boundary when the action kept the extra group (all history was kept);
  ///   redo-availability when it emptied the undo stack and still left a redo; `nil` when the
  ///   replay cannot tell (no place adds a group under the same redo branch, or no redo was
  ///   left).
  private func deeperHistory(redoFrom now: Int, to redone: Int) -> Classification? {
    let used = context.caseSteps.compactMap { step -> Int? in
      switch step.action {
      case .undoHistory(.adjust(let value)), .undoHistory(.dragMoved(let value)),
        .undoHistory(.load(let value)), .undoHistory(.switchDocument(_, let value)),
        .undoHistory(.deliver(_, let value)):
        value
      default: nil
      }
    }
    let extra = (used.max() ?? 0) + 1_000
    let original = context.failing.before
    guard let undos = original.int("undos"), let redos = original.int("redos") else { return nil }
    for position in stride(from: context.prefix.count, through: 0, by: -1) {
      var prefix = context.prefix
      prefix.insert(ContractStep(action: .undoHistory(.adjust(extra))), at: position)
      let before = context.replay.state(after: prefix)
      guard before.int("undos") == undos + 1, before.int("redos") == redos else { continue }
      let after = context.replay.probe(after: prefix, context.step.action)
      guard let undosAfter = after.int("undos"), (after.int("redos") ?? 0) > 0 else { return nil }
      let counts = Reason(
        .withOneMoreAdjustment,
        [
          "step": "\(position + 1)", "extra": "\(extra)",
          "before": Reason(before.quoting(["undos", "redos"])),
          "action": Reason(context.actionLabel),
          "after": Reason(after.quoting(["undos", "redos"])),
        ])
      let redo = Reason(.redoMoves, ["now": "\(now)", "redone": "\(redone)"])
      if undosAfter > undos {
        return Classification(
          .groupBoundary, Reason(.deeperHistoryKept, ["counts": counts, "redo": redo]))
      }
      guard undosAfter == 0 else { return nil }
      return Classification(
        .redoAvailability, Reason(.deeperRedoBranchKept, ["counts": counts, "redo": redo]))
    }
    return nil
  }

  /// Tells why an action other than undo or redo left the wrong value: a stale callback or result.
  private func valueAfterAction() -> Finding? {
    let after = context.failing.after
    let label = Reason(context.actionLabel)
    guard let mismatch = context.mismatch("value") else {
      return .notConfirmed(
        Reason(.valueNotChanged, ["action": label, "value": Reason(after.quoting(["value"]))]))
    }
    let actual = mismatch.actual?.description ?? "?"
    switch action {
    case .deliver, .dragMoved, .dragEnded:
      guard let staleness = callbackStaleness() else {
        return .notConfirmed(Reason(.nothingMadeStale, ["action": label, "value": "\(actual)"]))
      }
      if context.replay.meets(
        context.step.expectations, after: context.through(without: context.failing.number))
      {
        let callback = action == .dragEnded || action.isDragMove
        return .confirmed(
          Classification(
            .staleResponse,
            Reason(
              callback ? .staleCallbackApplied : .staleResultApplied,
              ["action": label, "value": "\(actual)", "staleness": staleness])))
      }
      return .notConfirmed(Reason(.leavingOutActionFails, ["action": label]))
    default:
      return .notConfirmed(Reason(.actionLeftValue, ["action": label, "value": "\(actual)"]))
    }
  }

  /// A cancelled drag, against the declared rule `restore-start`: the value must return to the
  /// drag's start, and history must be as it was when the drag began.
  private func cancelledDrag() -> Finding? {
    guard action == .dragCancelled, context.rules.dragCancel == .restoreStart,
      let began = dragBeganRecord(), let start = began.before.int("value")
    else { return nil }
    let after = context.failing.after
    let history = ["undos", "redos"]
    let historyNow = Reason(after.quoting(history))
    let historyAtStart = Reason(began.before.quoting(history))
    if let recorded = context.earlierRecords.first(where: {
      $0.number > began.number && ($0.after.int("undos") ?? 0) > (began.before.int("undos") ?? 0)
    }) {
      // Say what the cancel did: it may have restored the value and kept the groups.
      let cancel =
        after.int("value") == start
        ? Reason(.cancelKeptGroups, ["start": "\(start)", "now": historyNow])
        : Reason(
          .cancelLeftValue,
          [
            "value": "\(after["value"]?.description ?? "?")", "now": historyNow,
            "start": "\(start)",
          ])
      return .confirmed(
        Classification(
          .groupBoundary,
          Reason(
            .dragRecordedInProgress,
            [
              "action": "'\(recorded.action)' (step \(recorded.number))",
              "counts": Reason(recorded.after.quoting(history)), "began": historyAtStart,
              "cancel": cancel,
            ])))
    }
    if let value = after.int("value"), value != start {
      return .confirmed(
        Classification(
          .valueRestoration,
          Reason(
            .cancelledDragLeftValue,
            [
              "value": "\(value)", "now": historyNow, "start": "\(start)",
              "began": historyAtStart,
            ])))
    }
    if after.quoting(history) != began.before.quoting(history) {
      return .confirmed(
        Classification(
          .groupBoundary,
          Reason(
            .cancelledDragChangedHistory,
            ["start": "\(start)", "began": historyAtStart, "now": historyNow])))
    }
    return .notConfirmed(
      Reason(.cancelledDragRestored, ["start": "\(start)", "now": historyNow]))
  }

  /// A cancelled drag, against the declared rule `keep-current`: the value stays where the drag
  /// was, and the drag is one group from its start (none when it is back at its start and the
  /// subject declares that a drag that changes nothing records nothing); an undo probe right
  /// after the cancel confirms what was recorded.
  private func cancelledDragKeepingCurrent() -> Finding? {
    guard action == .dragCancelled, context.rules.dragCancel == .keepCurrent,
      let began = dragBeganRecord(), let start = began.before.int("value"),
      let undosAtStart = began.before.int("undos")
    else { return nil }
    let before = context.failing.before
    let after = context.failing.after
    guard let kept = before.int("value"), let now = after.int("value"),
      let undos = after.int("undos")
    else { return nil }
    let historyAtStart = Reason(began.before.quoting(["undos", "redos"]))
    let historyNow = Reason(after.quoting(["undos", "redos"]))
    if now != kept {
      return .confirmed(
        Classification(
          .valueRestoration,
          Reason(
            .cancelledDragMovedValue, ["kept": "\(kept)", "value": "\(now)", "now": historyNow])))
    }
    let undone = context.replay.probe(after: context.through, .undoHistory(.undo)).int("value")
    let undoneText = undone.map { Reason("value=\($0)") } ?? Reason(.noValue)
    let recordsNothing: Bool
    if now != start {
      recordsNothing = false
    } else if case .undoHistory(let fresh) = context.replay.subject.make(),
      let rule = fresh.unchangedDragRule
    {
      recordsNothing = rule == .recordsNothing
    } else {
      return nil
    }
    let wanted = undosAtStart + (recordsNothing ? 0 : 1)
    if undos == undosAtStart, !recordsNothing {
      return .confirmed(
        Classification(
          .groupBoundary,
          Reason(
            .cancelledDragNotRecorded,
            [
              "value": "\(now)", "now": historyNow, "began": historyAtStart,
              "undone": undoneText, "start": "\(start)",
            ])))
    }
    if undos > wanted {
      let extra = undos - wanted
      let what =
        recordsNothing
        ? Reason(.dragBackAtStart, ["start": "\(start)"]) : Reason(.keepCurrentOneGroup)
      return .confirmed(
        Classification(
          .groupBoundary,
          Reason(
            .cancelledDragExtraGroups,
            [
              "now": historyNow, "began": historyAtStart,
              "extra": Reason(extra == 1 ? .groupsMoreOne : .groupsMoreMany, ["count": "\(extra)"]),
              "undone": undoneText, "what": what,
            ])))
    }
    return .notConfirmed(
      Reason(
        .cancelledDragKeptAsRule, ["value": "\(now)", "now": historyNow, "began": historyAtStart]))
  }

  /// The undo stack holds the wrong number of groups after the step.
  private func groupCount() -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    let counts = after.quoting(["canUndo", "undos"])
    let expectsFewer =
      modelMismatch("canUndo")?.expected == .bool(false)
      || compare("undos", { got, want in got > want })
    let expectsMore =
      modelMismatch("canUndo")?.expected == .bool(true)
      || compare("undos", { got, want in got < want })
    let now = after.int("value")
    if expectsFewer {
      let undoneOnce = context.replay.probe(after: context.through, .undoHistory(.undo))
        .int("value")
      if !action.isEdit, action != .undo, action != .redo, !action.isHistoryLimit {
        let probe =
          undoneOnce == now
          ? Reason(.undoLeaves, ["value": "\(now.map(String.init) ?? "?")"])
          : Reason(
            .undoMoves,
            [
              "from": "\(now.map(String.init) ?? "?")",
              "to": "\(undoneOnce.map(String.init) ?? "?")",
            ])
        return .confirmed(
          Classification(
            .groupBoundary,
            Reason(
              .historyKept,
              [
                "action": Reason(context.actionLabel), "counts": Reason(counts),
                "undos": Reason(before.quoting(["undos"])), "probe": probe,
              ])))
      }
      if let now, undoneOnce == now {
        if action.isEdit, let start = startOfAction(), start != now,
          let depth = undoDepth(to: start), depth > 1
        {
          return .confirmed(
            Classification(
              .groupBoundary,
              Reason(
                .emptyGroupAmongSplit,
                [
                  "action": Reason(context.actionLabel), "counts": Reason(counts),
                  "value": "\(now)", "depth": "\(depth)", "start": "\(start)",
                ])))
        }
        return .confirmed(
          Classification(
            .groupBoundary,
            Reason(
              .emptyGroupRecorded,
              ["action": Reason(context.actionLabel), "counts": Reason(counts), "value": "\(now)"]))
        )
      }
      if let limit = historyLimit(), let undos = after.int("undos"), undos > limit {
        return .confirmed(
          Classification(
            .groupBoundary,
            Reason(
              .limitNotApplied,
              ["undos": Reason(after.quoting(["undos"])), "limit": "\(limit)"])))
      }
      if action.isEdit, let start = startOfAction(), let depth = undoDepth(to: start), depth > 1 {
        return .confirmed(
          Classification(
            .groupBoundary,
            Reason(.restoredAfterUndos, ["expected": "\(start)", "count": "\(depth)"])))
      }
      if action.isEdit, let empty = emptyGroupBesideAction() {
        return .confirmed(Classification(.groupBoundary, empty))
      }
    }
    if expectsMore, action.isEdit, let undosBefore = before.int("undos"),
      let undosAfter = after.int("undos"), undosAfter < undosBefore
    {
      return .confirmed(
        Classification(
          .groupBoundary,
          Reason(
            .editLostGroups,
            [
              "action": Reason(context.actionLabel),
              "before": Reason(before.quoting(["undos"])),
              "after": Reason(after.quoting(["undos"])),
            ])))
    }
    if expectsMore, action.isEdit, before["value"] != after["value"] {
      if before["undos"] == after["undos"] {
        let undoneOnce = context.replay.probe(after: context.through, .undoHistory(.undo))
          .int("value")
        if let previous = valueBeforePreviousAction(), undoneOnce == previous,
          previous != before.int("value")
        {
          return .confirmed(
            Classification(
              .groupBoundary,
              Reason(
                .actionMergedIntoGroup,
                [
                  "action": Reason(context.actionLabel),
                  "from": "\(before["value"]?.description ?? "?")",
                  "to": "\(now.map(String.init) ?? "?")",
                  "undos": "\(after["undos"]?.description ?? "?")", "previous": "\(previous)",
                ])))
        }
        return .confirmed(
          Classification(
            .groupBoundary,
            Reason(
              .actionNotRecorded,
              [
                "action": Reason(context.actionLabel),
                "from": "\(before["value"]?.description ?? "?")",
                "to": "\(now.map(String.init) ?? "?")", "counts": Reason(counts),
              ])))
      }
    }
    return .notConfirmed(
      Reason(
        .noUndoProbeExplained,
        [
          "action": Reason(context.actionLabel), "counts": Reason(counts),
          "undos": Reason(before.quoting(["undos"])),
        ]))
  }

  /// An edit that added more than one group, one of which an undo walk shows changes nothing:
  /// the reason, quoting the walk; `nil` when every group the edit added changes the value.
  private func emptyGroupBesideAction() -> Reason? {
    let before = context.failing.before
    let after = context.failing.after
    guard let undosBefore = before.int("undos"), let undosAfter = after.int("undos"),
      let now = after.int("value"), undosAfter - undosBefore > 1
    else { return nil }
    let added = undosAfter - undosBefore
    let walked = values(after: context.through, repeating: .undo).prefix(added)
    guard walked.count == added else { return nil }
    var previous = now
    for (index, value) in walked.enumerated() {
      if value == previous {
        let shown = walked.map(String.init).joined(separator: ", ")
        return Reason(
          .emptyGroupBeside,
          [
            "action": Reason(context.actionLabel), "before": Reason(before.quoting(["undos"])),
            "after": Reason(after.quoting(["undos"])), "added": "\(added)", "value": "\(now)",
            "shown": Reason(shown), "index": "\(index + 1)",
          ])
      }
      previous = value
    }
    return nil
  }

  /// `groupingLevel` is not 0 after the step.
  private func openGroup() -> Finding? {
    guard let level = context.failing.after.int("level"), level != 0 else { return nil }
    return .confirmed(
      Classification(
        .groupBoundary,
        Reason(.groupLeftOpen, ["level": "\(level)", "action": Reason(context.actionLabel)])))
  }

  // MARK: - Reading the case

  /// The mismatch of model key `key`, or of the UI key that follows it when the UI agrees with
  /// the model (then the UI's expectation is one about the model).
  private func modelMismatch(_ key: String) -> Mismatch? {
    if let mismatch = context.mismatch(key) { return mismatch }
    guard let uiKey = Self.uiKeys.first(where: { $0.value == key })?.key,
      let mismatch = context.mismatch(uiKey),
      context.failing.after[uiKey] == context.failing.after[key]
    else { return nil }
    return mismatch
  }

  /// The whole number the failing step expected for `key` (`key=N` or a captured number).
  private func expectedInt(_ key: String) -> Int? {
    if case .int(let number)? = modelMismatch(key)?.expected { return number }
    return nil
  }

  /// Whether the failing step's `key` expectation compares as `relation(got, want)`.
  private func compare(_ key: String, _ relation: (Int, Int) -> Bool) -> Bool {
    guard let mismatch = context.mismatch(key), case .int(let want) = mismatch.expected,
      case .int(let got)? = mismatch.actual
    else { return false }
    return relation(got, want)
  }

  /// Whether one undo (or redo) moved history by exactly one group.
  private func movedOneGroup(from before: StateSnapshot, to after: StateSnapshot, undoing: Bool)
    -> Bool
  {
    guard let undosBefore = before.int("undos"), let undosAfter = after.int("undos"),
      let redosBefore = before.int("redos"), let redosAfter = after.int("redos")
    else { return false }
    let step = undoing ? -1 : 1
    return undosAfter - undosBefore == step && redosAfter - redosBefore == -step
  }

  /// The value after each repetition of `action` from the state after `steps`, for as long as
  /// there was something to undo (or redo) before it, at most `probeLimit` times.
  private func values(after steps: [ContractStep], repeating action: UndoHistoryAction) -> [Int] {
    let flag = action == .redo ? "canRedo" : "canUndo"
    let start = context.replay.state(after: steps)
    guard start.bool(flag) == true else { return [] }
    let snapshots = context.replay.probe(
      after: steps, Array(repeating: .undoHistory(action), count: probeLimit))
    var values: [Int] = []
    for snapshot in snapshots {
      if let value = snapshot.int("value") { values.append(value) }
      if snapshot.bool(flag) != true { break }
    }
    return values
  }

  /// What changed since the calculation or the drag that the failing result or callback belongs
  /// to started, as observed; `nil` when nothing did (it was not stale).
  private func callbackStaleness() -> Reason? {
    let startedAt: Int?
    switch action {
    case .deliver(let name, _):
      startedAt =
        context.earlierRecords.last { $0.action == .undoHistory(.calculate(name)) }?
        .number
    default:
      startedAt = dragBeganRecord()?.number
    }
    guard let startedAt else { return nil }
    for record in context.earlierRecords where record.number > startedAt {
      if case .undoHistory(.switchDocument(let document, _)) = record.action {
        return Reason(
          .staleDocumentSwitched, ["document": "\(document)", "step": "\(record.number)"])
      }
      if case .undoHistory(.load) = record.action {
        return Reason(.staleDocumentLoaded, ["step": "\(record.number)"])
      }
      if case .deliver = action, record.before["value"] != record.after["value"] {
        return Reason(
          .staleValueChanged,
          [
            "before": Reason(record.before.quoting(["value"])),
            "after": Reason(record.after.quoting(["value"])), "step": "\(record.number)",
          ])
      }
    }
    return nil
  }

  /// The record of the `drag began` that started the drag in progress at the failing step.
  private func dragBeganRecord() -> StepRecord? {
    context.earlierRecords.last { $0.action == .undoHistory(.dragBegan) }
  }

  /// The value observed when the drag in progress began.
  private func dragStartValue() -> Int? {
    dragBeganRecord()?.before.int("value")
  }

  /// The value before the user action that the failing step completes.
  private func startOfAction() -> Int? {
    if action == .dragEnded || action == .dragCancelled {
      return dragStartValue()
    }
    return context.failing.before.int("value")
  }

  /// An earlier edit that changed the value but left the undo count as it was, as quoted
  /// evidence that it merged into a group; `nil` when every edit added its group.
  private func editLeavingCountsUnchanged() -> Reason? {
    for record in context.earlierRecords.reversed() {
      guard case .undoHistory(let action) = record.action, action.isEdit,
        record.before["value"] != record.after["value"], let undos = record.after.int("undos"),
        undos > 0, record.before.int("undos") == undos, limit(before: record.number) != undos
      else { continue }
      return Reason(
        .editJoinedGroup,
        [
          "action": "'\(record.action)' (step \(record.number))",
          "before": Reason(record.before.quoting(["value"])),
          "after": Reason(record.after.quoting(["value"])),
          "undos": Reason(record.after.quoting(["undos"])),
        ])
    }
    return nil
  }

  /// The value before the edit preceding the failing step's action.
  private func valueBeforePreviousAction() -> Int? {
    let earlier = context.earlierRecords.filter {
      if case .undoHistory(let action) = $0.action { return action.isEdit }
      return false
    }
    guard let previous = earlier.last else { return nil }
    if previous.action == .undoHistory(.dragEnded) {
      return context.earlierRecords.last {
        $0.number < previous.number && $0.action == .undoHistory(.dragBegan)
      }?.before.int("value")
    }
    return previous.before.int("value")
  }

  /// The last history limit set before step `number`, if any.
  private func limit(before number: Int) -> Int? {
    for step in context.caseSteps[..<(number - 1)].reversed() {
      if case .undoHistory(.levels(let count)) = step.action { return count > 0 ? count : nil }
    }
    return nil
  }

  /// The last history limit set up to the failing step, if any (0 means none).
  private func historyLimit() -> Int? {
    for step in context.through.reversed() {
      if case .undoHistory(.levels(let count)) = step.action {
        return count > 0 ? count : nil
      }
    }
    return nil
  }

  /// How many undos from the state after the failing step bring back `value`.
  private func undoDepth(to value: Int) -> Int? {
    values(after: context.through, repeating: .undo).firstIndex(of: value).map { $0 + 1 }
  }
}

extension UndoHistoryAction {
  /// Whether the action sets the history limit.
  var isHistoryLimit: Bool {
    if case .levels = self { return true }
    return false
  }

  /// Whether the action is one position callback of a drag.
  var isDragMove: Bool {
    if case .dragMoved = self { return true }
    return false
  }
}
