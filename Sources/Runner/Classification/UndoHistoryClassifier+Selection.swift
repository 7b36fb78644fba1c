import Contracts
import RunModel

extension UndoHistoryClassifier {
  /// One item's value before and after a user action on a selection.
  private struct ItemChange {
    var id: String
    var before: Int
    var after: Int
  }

  /// Tells a selection bug under capability `selection`: a selection change that recorded
  /// history, one action on several items recorded as several groups, or one undo of such an
  /// action that does not give each item its own value back (an undo probe confirms each).
  ///
  /// - Returns: `nil` when the subject declares no selection or every selection change and every
  ///   action on several items before the failure was recorded as the contract says.
  func selection() -> Finding? {
    guard case .undoHistory(let fresh) = context.replay.subject.make(),
      fresh.capabilities.contains(.selection)
    else { return nil }
    var dragStart: StateSnapshot?
    for record in context.steps.prefix(context.failing.number) {
      guard case .undoHistory(let action) = record.action else { return nil }
      let label = "'\(record.action)' (step \(record.number))"
      let counts = Reason(
        .countsBeforeAfter,
        [
          "before": Reason(record.before.quoting(["undos"])),
          "after": Reason(record.after.quoting(["undos"])),
        ])
      switch action {
      case .dragBegan:
        dragStart = record.before
        continue
      case .select:
        if let before = record.before.int("undos"), let after = record.after.int("undos"),
          after > before
        {
          let groups = Reason(
            after - before == 1 ? .undoGroupsOne : .undoGroupsMany, ["count": "\(after - before)"])
          return .confirmed(
            Classification(
              .groupBoundary,
              Reason(
                .selectionRecorded,
                ["action": Reason(label), "groups": groups, "counts": counts])))
        }
        continue
      case .adjust, .dragEnded:
        break
      default:
        continue
      }
      let start = action == .dragEnded ? (dragStart ?? record.before) : record.before
      let changes = Self.itemChanges(from: start, to: record.after)
      guard changes.count > 1, let undosBefore = start.int("undos"),
        let undosAfter = record.after.int("undos")
      else { continue }
      let changed = Reason.joined(
        changes.map {
          Reason(
            .itemChange, ["item": Reason($0.id), "before": "\($0.before)", "after": "\($0.after)"])
        }, separator: ", ")
      let steps = Array(context.caseSteps[..<record.number])
      let undone = context.replay.probe(after: steps, .undoHistory(.undo))
      let undoneText = changes.map { "\($0.id).value=\(undone.int("\($0.id).value") ?? 0)" }
        .joined(separator: " ")
      if undosAfter > undosBefore + 1 {
        return .confirmed(
          Classification(
            .groupBoundary,
            Reason(
              .selectionSplit,
              [
                "action": Reason(label), "count": "\(changes.count)", "changed": changed,
                "groups": "\(undosAfter - undosBefore)", "counts": counts,
                "undone": Reason(undoneText),
              ])))
      }
      let wrong = changes.filter { undone.int("\($0.id).value") != $0.before }
      if undosAfter == undosBefore + 1, let first = wrong.first {
        let expected = changes.map { "\($0.id).value=\($0.before)" }.joined(separator: " ")
        return .confirmed(
          Classification(
            .valueRestoration,
            Reason(
              .selectionItemNotRestored,
              [
                "action": Reason(label), "count": "\(changes.count)", "changed": changed,
                "undone": Reason(undoneText), "expected": Reason(expected),
                "item": Reason(first.id),
              ])))
      }
    }
    return nil
  }

  /// Tells a selection's display bug: every failing key is what the UI shows for the selection
  /// (`mixed`, `inspector`, an item's `display`) while the items' model values are as stated, so
  /// the model is right and the UI does not follow it.
  ///
  /// - Returns: `nil` unless only such keys failed.
  func selectionDisplay() -> Finding? {
    let shownKeys = context.keys.filter {
      $0 == "mixed" || $0 == "inspector" || $0.hasSuffix(".display")
    }
    guard !shownKeys.isEmpty, shownKeys.count == context.keys.count else { return nil }
    let after = context.failing.after
    let items = after.fields.filter { $0.key.hasSuffix(".value") }
      .map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    let shown = shownKeys.sorted().compactMap { key in
      context.mismatch(key).map {
        Reason(
          .shownWhereDue,
          [
            "shown": "\(key)=\($0.actual?.description ?? "nothing")",
            "due": "\(key)=\($0.expected)",
          ])
      }
    }
    guard !shown.isEmpty else { return nil }
    guard context.failing.mismatches.contains(where: { $0.invariant != nil }) else {
      // The display follows the items by every selection invariant the runner checks: the
      // stated value contradicts the contract, so the subject is not blamed.
      return .confirmed(
        Classification(
          .unclassified,
          Reason(
            .selectionShownAsContract,
            [
              "action": Reason(context.actionLabel), "items": Reason(items),
              "shown": .joined(shown, separator: ", "),
            ])))
    }
    return .confirmed(
      Classification(
        .uiBinding,
        Reason(
          .selectionDisplayStale,
          [
            "action": Reason(context.actionLabel), "items": Reason(items),
            "shown": .joined(shown, separator: ", "),
          ])))
  }

  /// The items whose value differs between `before` and `after`, in observation order.
  private static func itemChanges(from before: StateSnapshot, to after: StateSnapshot)
    -> [ItemChange]
  {
    after.fields.compactMap { field in
      guard field.key.hasSuffix(".value"), case .int(let now) = field.value,
        case .int(let was)? = before[field.key], was != now
      else { return nil }
      return ItemChange(id: String(field.key.dropLast(".value".count)), before: was, after: now)
    }
  }
}
