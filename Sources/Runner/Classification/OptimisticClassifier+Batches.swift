import Contracts
import RunModel

/// The experiments for batches: one request writing several records, answered once.
extension OptimisticClassifier {
  /// The experiments for a `batch` or batch-answer step.
  func batchExperiments() -> [Experiment] {
    switch action {
    case .batch(let records, _):
      [{ batchGate(records) }]
    case .respondToBatch(let request, let outcome):
      [
        { batchQueuedWriteNotSent(request) },
        { staleBatch(request) }, { batchAnswerMissedRecords(request) },
        { batchAnswerReachedNone(request) }, { batchRollback(request, outcome) },
        { batchUnknown(request, outcome) },
        { batchServerValue(request, outcome) },
      ]
    default:
      []
    }
  }

  /// Under queue-latest a tap on one of the batch's records while the batch was pending was
  /// queued, yet the batch's answer sent no write: the queued value was dropped.
  private func batchQueuedWriteNotSent(_ request: String) -> Finding? {
    for record in settling(request) {
      if let found = queuedWriteNotSent(request, target: record) { return found }
    }
    return nil
  }

  /// The batch's records that had it pending right before the failing step.
  private func settling(_ request: String) -> [String] {
    guard let records = batchRecords(of: request) else { return [] }
    return records.filter { context.failing.before.text("\($0).pending") == request }
  }

  /// The batch's records the answer reached.
  ///
  /// Those that had it pending before the failing step and no longer have it after. A record still pending on the batch says nothing about how an
  /// answer is applied (rollback, the server's value, an unknown outcome): it was never applied.
  /// Under keep-and-retry a record stays pending on the batch by rule (its retry takes the
  /// batch's name), so there every record that had it pending counts as reached.
  private func reached(_ request: String) -> [String] {
    if context.rules.keepsAndRetries { return settling(request) }
    return settling(request).filter { context.failing.after.text("\($0).pending") != request }
  }

  /// The records the batch `request` carries, as the step that sent it named them.
  private func batchRecords(of request: String) -> [String]? {
    for step in context.earlierRecords {
      if case .optimistic(.batch(let records, request)) = step.action { return records }
    }
    return nil
  }

  /// A batch sent although one of its records had a write pending or a sync due, or refused
  /// although every record accepted a write.
  private func batchGate(_ records: [String]) -> Finding? {
    guard let sent = context.mismatch("sent"), case .bool(let wasSent)? = sent.actual else {
      return nil
    }
    let before = context.failing.before
    let pending = records.filter { (before.text("\($0).pending") ?? "none") != "none" }
    let blocked = records.filter { before.bool("\($0).needsSync") == true }
    if wasSent, !pending.isEmpty {
      return .confirmed(
        Classification(
          .inFlightGate,
          Reason(
            .batchSentWhilePending,
            [
              "counts": Reason(before.quoting(pending.map { "\($0).pending" })),
              "action": Reason(context.actionLabel),
            ])))
    }
    if wasSent, !blocked.isEmpty {
      return .confirmed(
        Classification(
          .unknownOutcome,
          Reason(
            .batchSentWhileNeedsSync,
            [
              "counts": Reason(before.quoting(blocked.map { "\($0).needsSync" })),
              "action": Reason(context.actionLabel),
            ])))
    }
    if !wasSent, let session = lastSessionChange(),
      let kept = pending.first(where: { record in
        sentBefore(session, request: before.text("\(record).pending") ?? "none")
      })
    {
      return .confirmed(
        Classification(
          .sessionReset,
          Reason(
            .batchHeldByOldSession,
            [
              "action": Reason(context.actionLabel),
              "counts": Reason(before.quoting(["\(kept).pending"])), "step": "\(session)",
            ])))
    }
    if !wasSent, pending.isEmpty, blocked.isEmpty, let others = sharedBatchGate(records) {
      return .confirmed(
        Classification(
          .recordIdentity,
          Reason(
            .batchSharesGate, ["action": Reason(context.actionLabel), "others": Reason(others)])))
    }
    if !wasSent, pending.isEmpty, blocked.isEmpty {
      return .confirmed(
        Classification(
          .inFlightGate,
          Reason(
            .batchGateClosed,
            [
              "counts": Reason(before.quoting(records.map { "\($0).pending" })),
              "action": Reason(context.actionLabel),
            ])))
    }
    return nil
  }

  /// The number of the last session change before the failing step, if any.
  private func lastSessionChange() -> Int? {
    context.earlierRecords.last { step in
      if case .optimistic(.session) = step.action { return true }
      return false
    }?.number
  }

  /// Whether the write or batch `request` was sent before step `number`.
  private func sentBefore(_ number: Int, request: String) -> Bool {
    context.earlierRecords.contains { step in
      guard step.number < number, step.after.bool("sent") == true else { return false }
      switch step.action {
      case .optimistic(.tap(_, request)), .optimistic(.batch(_, request)),
        .optimistic(.choose(_, _, request)):
        return true
      default: return false
      }
    }
  }

  /// The other records' pending writes, quoted, when the batch `records` is sent once the
  /// writes on other records are left out; `nil` when it is not, or none is pending.
  private func sharedBatchGate(_ records: [String]) -> String? {
    let before = context.failing.before
    let others = before.fields.map(\.key).filter { key in
      key.hasSuffix(".pending") && before.text(key) != "none"
        && !records.contains(String(key.dropLast(".pending".count)))
    }
    guard !others.isEmpty else { return nil }
    let kept = context.prefix.filter { step in
      switch step.action {
      case .optimistic(.tap(let record, _)), .optimistic(.choose(let record, _, _)):
        records.contains(record)
      case .optimistic(.batch(let batch, _)): batch.allSatisfy(records.contains)
      default: true
      }
    }
    let probe = context.replay.probe(
      after: kept, .optimistic(.batch(records: records, request: nil)))
    guard probe.bool("sent") == true else { return nil }
    return before.quoting(others)
  }

  /// Leaving the answer out gives the expected state, and the batch had already been answered
  /// or belonged to an older session.
  private func staleBatch(_ request: String) -> Finding? {
    var sentAt: Int?
    var answered: Int?
    var session: Int?
    var timedOut: Int?
    for step in context.earlierRecords {
      guard case .optimistic(let action) = step.action else { continue }
      switch action {
      case .batch(_, request): sentAt = step.number
      case .respondToBatch(request, _) where sentAt != nil: answered = answered ?? step.number
      case .session where sentAt != nil: session = step.number
      case .wait where sentAt != nil && withdrew(request, step):
        timedOut = timedOut ?? step.number
      default: continue
      }
    }
    var facts: [Reason] = []
    if let session { facts.append(Reason(.sessionChangedAt, ["step": "\(session)"])) }
    if let answered { facts.append(Reason(.answeredAt, ["step": "\(answered)"])) }
    if let timedOut { facts.append(Reason(.timedOutAt, ["step": "\(timedOut)"])) }
    guard !facts.isEmpty else { return nil }
    return staleWhenLeftOut(
      Reason(.answerToBatch, ["request": Reason(request)]), facts: facts)
  }

  /// Whether `step` (a wait) withdrew the request `request` from a record that had it pending.
  private func withdrew(_ request: String, _ step: StepRecord) -> Bool {
    step.before.fields.contains { field in
      field.key.hasSuffix(".pending") && field.value == .text(request)
        && step.after[field.key] != .text(request)
    }
  }

  /// The answer settled some records of the batch and left others pending on it.
  private func batchAnswerMissedRecords(_ request: String) -> Finding? {
    let records = settling(request)
    let after = context.failing.after
    let left = records.filter { after.text("\($0).pending") == request }
    let settled = records.filter { after.text("\($0).pending") != request }
    guard !left.isEmpty, !settled.isEmpty else { return nil }
    return .confirmed(
      Classification(
        .recordIdentity,
        Reason(
          .batchAnswerMissed,
          [
            "action": Reason(context.actionLabel),
            "counts": Reason(after.quoting(records.map { "\($0).pending" })),
            "request": Reason(request), "settled": Reason(settled.joined(separator: ", ")),
            "left": Reason(left.joined(separator: ", ")),
          ])))
  }

  /// The answer reached none of the batch's records: every one is still pending on it.
  ///
  /// No record already settled can show how the answer was applied; the identity experiment asks
  /// instead which steps moved the records: leaving out the re-sorts and filters before the
  /// answer, on a fresh subject, the answer settles every record. Without such steps, a tap
  /// probe that sends nothing says the answer did not reopen the records' gate.
  private func batchAnswerReachedNone(_ request: String) -> Finding? {
    let records = settling(request)
    guard !records.isEmpty, reached(request).isEmpty else { return nil }
    let after = context.failing.after
    let pendings = after.quoting(records.map { "\($0).pending" })
    let moves = context.prefix.indices.filter {
      switch context.prefix[$0].action {
      case .optimistic(.sort), .optimistic(.filter): true
      default: false
      }
    }
    if !moves.isEmpty {
      let kept = context.through.enumerated().filter { !moves.contains($0.offset) }.map(\.element)
      let unmoved = context.replay.state(after: kept)
      let stillPending = records.filter { unmoved.text("\($0).pending") == request }
      guard stillPending.isEmpty else {
        return .notConfirmed(
          Reason(
            .batchReachedNoneStill,
            [
              "request": Reason(request), "counts": Reason(pendings),
              "still": Reason(unmoved.quoting(stillPending.map { "\($0).pending" })),
            ]))
      }
      let named = moves.map { "step \($0 + 1)" }.joined(separator: ", ")
      return .confirmed(
        Classification(
          .recordIdentity,
          Reason(
            .batchReachedNoneMoved,
            [
              "action": Reason(context.actionLabel), "counts": Reason(pendings),
              "request": Reason(request), "records": Reason(records.joined(separator: ", ")),
              "steps": Reason(named),
            ])))
    }
    guard let first = records.first else { return nil }
    let probe = context.replay.probe(
      after: context.through, .optimistic(.tap(record: first, request: nil)))
    guard probe.bool("sent") != true else {
      return .notConfirmed(
        Reason(
          .batchAnsweredTapSends,
          ["request": Reason(request), "counts": Reason(pendings), "record": Reason(first)]))
    }
    return .confirmed(
      Classification(
        .inFlightGate,
        Reason(
          .batchGateNotReopened,
          [
            "action": Reason(context.actionLabel), "counts": Reason(pendings),
            "record": Reason(first), "request": Reason(request),
          ])))
  }

  /// A rejected record of the batch does not show its value confirmed now, or its confirmed
  /// value moved.
  private func batchRollback(_ request: String, _ outcome: BatchOutcome) -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    let wrong = reached(request).filter { record in
      guard outcome.outcome(for: record) == .rejected else { return false }
      return after.value("\(record).confirmed") != before.value("\(record).confirmed")
        || after.value("\(record).displayed") != after.value("\(record).confirmed")
    }
    guard !wrong.isEmpty else { return nil }
    let keys = wrong.flatMap { ["\($0).confirmed", "\($0).displayed"] }
    return .confirmed(
      Classification(
        .rollback,
        Reason(
          .batchRollback,
          [
            "request": Reason(request), "before": Reason(before.quoting(keys)),
            "after": Reason(after.quoting(keys)),
          ])))
  }

  /// A record whose batch outcome is unknown kept a value or accepts writes without a sync.
  private func batchUnknown(_ request: String, _ outcome: BatchOutcome) -> Finding? {
    let after = context.failing.after
    let wrong = reached(request).filter { record in
      outcome.outcome(for: record) == .unknown
        && (after.bool("\(record).needsSync") == false
          || after.value("\(record).displayed") != after.value("\(record).confirmed"))
    }
    guard !wrong.isEmpty else { return nil }
    let keys = wrong.flatMap { ["\($0).needsSync", "\($0).displayed", "\($0).confirmed"] }
    return .confirmed(
      Classification(
        .unknownOutcome,
        Reason(
          .batchUnknown, ["request": Reason(request), "counts": Reason(after.quoting(keys))])))
  }

  /// A record saved by the batch's answer does not hold the server's value.
  private func batchServerValue(_ request: String, _ outcome: BatchOutcome) -> Finding? {
    let after = context.failing.after
    let wrong = reached(request).filter { record in
      guard case .saved(let value)? = outcome.outcome(for: record) else { return false }
      return after.value("\(record).confirmed") != value
        || after.value("\(record).displayed") != value
    }
    guard !wrong.isEmpty else { return nil }
    let keys = wrong.flatMap { ["\($0).confirmed", "\($0).displayed"] }
    return .confirmed(
      Classification(
        .serverAuthority,
        Reason(
          .batchServerValue,
          [
            "request": Reason(request), "outcome": "\(outcome)",
            "counts": Reason(after.quoting(keys)),
          ])))
  }
}
