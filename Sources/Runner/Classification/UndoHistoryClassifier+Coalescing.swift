import Contracts
import RunModel

extension UndoHistoryClassifier {
  /// One adjustment's coalescing, as the contract decides it and as the subject did it.
  private struct Decision {
    /// The adjustment's record.
    var record: StepRecord
    /// Whether the contract makes it join the open run.
    var joins: Bool
    /// Why, for the reason: how long after the previous adjustment, or what ended the run.
    var why: Reason
    /// Whether the subject grouped it otherwise than the contract says.
    var isWrong: Bool
  }

  /// Tells a coalescing bug under a declared window: the first adjustment that joined the group
  /// before it when the window had passed or another action had ended the run, or that made a
  /// group of its own within the window; an undo probe right after it confirms.
  ///
  /// - Returns: `nil` when the subject declares no window or every adjustment before the failure
  ///   was grouped as the contract says.
  func coalescing() -> Finding? {
    guard case .undoHistory(let fresh) = context.replay.subject.make(),
      let window = fresh.coalescingWindow
    else { return nil }
    let decisions = self.decisions(window: window)
    guard let decision = decisions.first(where: \.isWrong) else {
      return followedWindow(decisions.last, window: window)
    }
    let record = decision.record
    let before = record.before
    let after = record.after
    let label = "'\(record.action)' (step \(record.number))"
    let steps = Array(context.caseSteps[..<record.number])
    let undone = context.replay.probe(after: steps, .undoHistory(.undo)).int("value")
    let undoneText = undone.map { Reason("value=\($0)") } ?? Reason(.noValue)
    let counts = Reason(
      .countsBeforeAfter,
      ["before": Reason(before.quoting(["undos"])), "after": Reason(after.quoting(["undos"]))])
    if decision.joins {
      return .confirmed(
        Classification(
          .groupBoundary,
          Reason(
            .coalescingSplit,
            [
              "action": Reason(label), "why": decision.why, "window": Reason(Self.text(window)),
              "counts": counts, "undone": undoneText,
            ])))
    }
    // Say what happened: with no group before it, there was nothing to coalesce into.
    let what =
      (before.int("undos") ?? 0) > 0
      ? Reason(.coalescedIntoPrevious) : Reason(.noGroupToJoin)
    return .confirmed(
      Classification(
        .groupBoundary,
        Reason(
          .coalescingMerged,
          [
            "action": Reason(label), "why": decision.why, "counts": counts, "undone": undoneText,
            "value": "\(before.int("value") ?? 0)", "what": what,
          ])))
  }

  /// The failing adjustment joined its run within the declared window, as the subject declares
  /// and did: the case's expectation, not the model, contradicts the window.
  private func followedWindow(_ last: Decision?, window: Duration) -> Finding? {
    guard let last, last.record.number == context.failing.number, last.joins else { return nil }
    let counts = ["undos", "redos", "canUndo", "canRedo"]
    guard context.keys.contains(where: counts.contains) else { return nil }
    return .confirmed(
      Classification(
        .unclassified,
        Reason(
          .coalescingExpectationWrong,
          [
            "action": Reason(Self.label(last.record)), "why": last.why,
            "window": Reason(Self.text(window)),
            "undos": Reason(last.record.after.quoting(["undos"])),
          ])))
  }

  /// Every adjustment up to the failing step that changed the value, with how the contract
  /// groups it and whether the subject did so.
  private func decisions(window: Duration) -> [Decision] {
    var found: [Decision] = []
    var now = Duration.zero
    var lastAdjusted: Duration?
    var ended = Reason(.noEarlierAdjustment)
    var limit = 0
    for record in context.steps.prefix(context.failing.number) {
      guard case .undoHistory(let action) = record.action else { return [] }
      switch action {
      case .wait(let length):
        now += length.duration(window: window)
        continue
      case .levels(let count):
        limit = max(0, count)
      default:
        break
      }
      guard case .adjust = action else {
        if lastAdjusted != nil {
          ended = Reason(.afterRunEnded, ["action": Reason(Self.label(record))])
        }
        lastAdjusted = nil
        continue
      }
      guard let valueBefore = record.before.int("value"),
        let valueAfter = record.after.int("value"), valueBefore != valueAfter,
        let undosBefore = record.before.int("undos"), let undosAfter = record.after.int("undos")
      else { continue }
      let joins = lastAdjusted.map { now - $0 < window } ?? false
      let why =
        lastAdjusted.map {
          Reason(.afterPreviousAdjustment, ["duration": Reason(Self.text(now - $0))])
        } ?? ended
      lastAdjusted = now
      let atLimit = limit > 0 && undosBefore >= limit
      let merged = undosAfter == undosBefore && !atLimit
      let split = undosAfter == undosBefore + 1
      found.append(
        Decision(
          record: record, joins: joins, why: why, isWrong: joins && split || !joins && merged))
    }
    return found
  }

  /// `'action' (step N)`.
  private static func label(_ record: StepRecord) -> String {
    "'\(record.action)' (step \(record.number))"
  }

  /// A duration in whole milliseconds, as suites write it.
  private static func text(_ duration: Duration) -> String {
    let parts = duration.components
    let milliseconds = Int(parts.seconds) * 1000 + Int(parts.attoseconds / 1_000_000_000_000_000)
    return "\(milliseconds)ms"
  }
}
