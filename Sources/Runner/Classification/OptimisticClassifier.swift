import Contracts
import RunModel

/// The optimistic-update experiments: skipped answers, altered server values, removed re-sorts,
/// removed writes on other records, and probing taps.
@MainActor
struct OptimisticClassifier {
  let context: FailureContext
  let action: OptimisticAction

  private static let uiFields: Set<String> = ["saving", "tapEnabled"]
  private static let recordFields = ["displayed", "confirmed", "pending", "needsSync"]

  /// The experiments that apply, in the order they are tried.
  func experiments() -> [Experiment] {
    var experiments: [Experiment] = [rowApartFromModel, declaredDisplayBroken]
    if context.keys.contains("started") {
      experiments.append(unnamedRead)
    }
    let onlyUI = context.keys.allSatisfy { Self.uiFields.contains(field(of: $0)) }
    if onlyUI {
      experiments.append(uiDivergence)
    }
    switch action {
    case .tap(let record, _), .choose(let record, _, _):
      experiments += askingExperiments(record)
      experiments += [
        { entitySplit(record) }, { tapSent(record) }, { controlIntent(record) },
        { tapChangedPending(record) },
      ]
    case .confirm(let record, _):
      experiments += answerExperiments(record, confirming: true)
      experiments += [{ tapSent(record) }, { tapChangedPending(record) }]
    case .decline(let record):
      experiments += answerExperiments(record, confirming: false)
    case .respond(let request, let outcome):
      experiments += answered(request, outcome)
    case .respondToSync(let request, let outcome):
      experiments += syncAnswered(request: request, outcome: outcome)
    case .syncRoundTrip(let record, let value):
      experiments += syncAnswered(record: record, outcome: .value(value))
    case .cancel(let request):
      experiments += cancelled(request)
      experiments.append { rowsMoved(before: Reason(.cancelling, ["request": Reason(request)])) }
    case .session(let values):
      experiments.append { sessionChanged(values) }
    case .sort:
      experiments.append(resorted)
    case .records, .sync:
      break
    case .read, .filter, .refresh, .respondToRefresh:
      experiments += listAndReadExperiments()
    case .batch, .respondToBatch:
      experiments += batchExperiments()
    case .wait:
      experiments += timeoutExperiments()
    }
    if !onlyUI {
      experiments.append(uiDivergence)
    }
    return experiments
  }

  // MARK: - The row against the model

  /// A row shows a value other than the one its model reports holding (`ID.model`), and the
  /// model holds what the step expected: the row was not updated from the model.
  private func rowApartFromModel() -> Finding? {
    let after = context.failing.after
    let records = recordsInObservationOrder(context.keys)
    for record in records {
      guard let model = after.value("\(record).model"),
        let shown = after.value("\(record).displayed"), shown != model
      else { continue }
      let stated = context.failing.mismatches.first {
        $0.key == "\(record).displayed" && $0.isStatedEquality
      }
      if let stated, stated.expected != StateValue(model) { continue }
      return .confirmed(
        Classification(
          .uiBinding,
          Reason(
            .rowApartFromModel,
            [
              "action": Reason(context.actionLabel),
              "observed": Reason(quote(record, ["displayed", "model", "confirmed"])),
              "model": "\(model)", "shown": "\(shown)",
            ])))
    }
    return nil
  }

  /// A subject that declares the pessimistic display shows another value than the confirmed one
  /// while its write is pending: the row paints the write before its answer (the model's state —
  /// confirmed value, pending write — is right, what the row shows is not).
  private func declaredDisplayBroken() -> Finding? {
    guard context.rules.display.showsConfirmedWhilePending else { return nil }
    let after = context.failing.after
    let records = recordsInObservationOrder(context.keys.filter { field(of: $0) == "displayed" })
    for record in records {
      guard let pending = after.text("\(record).pending"), pending != "none",
        let confirmed = after.value("\(record).confirmed"),
        let shown = after.value("\(record).displayed"), shown != confirmed
      else { continue }
      return .confirmed(
        Classification(
          .uiBinding,
          Reason(
            .pessimisticDisplayBroken,
            [
              "action": Reason(context.actionLabel),
              "observed": Reason(quote(record, ["displayed", "confirmed", "pending"])),
              "pending": Reason(pending), "confirmed": "\(confirmed)", "shown": "\(shown)",
            ])))
    }
    return nil
  }

  /// A row's saving indicator or tap control disagrees with the model, or a tap probe shows the
  /// gate stuck.
  private func uiDivergence() -> Finding? {
    let after = context.failing.after
    let records = recordsInObservationOrder(
      context.keys.filter { Self.uiFields.contains(field(of: $0)) })
    for record in records {
      let pending = after.text("\(record).pending").map { $0 != "none" }
      let needsSync = after.bool("\(record).needsSync")
      if let saving = after.bool("\(record).saving"), let pending, saving != pending {
        return .confirmed(
          Classification(
            .uiBinding,
            Reason(
              .savingNotBound,
              [
                "action": Reason(context.actionLabel),
                "observed": Reason(quote(record, ["pending", "saving"])),
              ])))
      }
      guard let enabled = after.bool("\(record).tapEnabled"), let pending, let needsSync else {
        continue
      }
      let shouldAccept = (!pending || context.rules.inFlight.acceptsTapsWhilePending) && !needsSync
      guard enabled != shouldAccept || context.mismatch("\(record).tapEnabled") != nil else {
        continue
      }
      let sent = tapProbe(record, after: context.through)
      if sent != enabled {
        return .confirmed(
          Classification(
            .uiBinding,
            Reason(
              .controlNotBound,
              [
                "action": Reason(context.actionLabel), "record": Reason(record),
                "enabled": Reason(yesNo(enabled)),
                "sent": Reason(sent ? .tapSends : .tapSendsNothing),
              ])))
      }
      if let finding = gateFinding(record, sent: sent) {
        return finding
      }
    }
    return nil
  }

  /// Why a tap on `record` was accepted or refused, when the row and the model agree on it.
  private func gateFinding(_ record: String, sent: Bool) -> Finding? {
    let after = context.failing.after
    let pending = after.text("\(record).pending") ?? "none"
    let needsSync = after.bool("\(record).needsSync") ?? false
    var surviving: [Classification] = []
    if sent, pending != "none", !context.rules.inFlight.acceptsTapsWhilePending {
      surviving.append(
        Classification(
          .inFlightGate,
          Reason(
            .tapSendsAnother,
            ["observed": Reason(quote(record, ["pending"])), "record": Reason(record)]
          )))
    }
    if sent, needsSync {
      surviving.append(
        Classification(
          .unknownOutcome,
          Reason(
            .tapSendsWhileNeedsSync,
            ["observed": Reason(quote(record, ["needsSync"])), "record": Reason(record)])))
    }
    // A record both pending and due a sync has two gates the write went through: both survive.
    if !surviving.isEmpty {
      return .confirmed(.ranked(surviving))
    }
    if !sent, pending == "none", !needsSync {
      if let other = sharedGate(record) {
        return .confirmed(other)
      }
      return .confirmed(
        Classification(
          .inFlightGate,
          Reason(
            .tapGateClosed,
            [
              "observed": Reason(quote(record, ["pending", "needsSync"])), "record": Reason(record),
            ])))
    }
    return nil
  }

  /// A refused tap on `record` goes through once the writes on other records are left out.
  private func sharedGate(_ record: String) -> Classification? {
    let others = otherPendingRecords(than: record, in: context.failing.after)
    guard !others.isEmpty else { return nil }
    let kept = context.through.filter { step in
      if case .optimistic(let action) = step.action, let tapped = action.singleWrite?.record {
        return tapped == record
      }
      if case .optimistic(.batch(let batch, _)) = step.action { return batch.contains(record) }
      return true
    }
    guard tapProbe(record, after: kept) else { return nil }
    let quoted = others.map { context.failing.after.quoting(["\($0).pending"]) }
    return Classification(
      .recordIdentity,
      Reason(
        .tapSharesGate,
        ["record": Reason(record), "others": Reason(quoted.joined(separator: " "))]))
  }

  // MARK: - Taps

  /// A tap sent a write when it must not, or none when it must.
  private func tapSent(_ record: String) -> Finding? {
    guard let sent = context.mismatch("sent") else { return nil }
    let before = context.failing.before
    let pending = before.text("\(record).pending") ?? "none"
    let needsSync = before.bool("\(record).needsSync") ?? false
    if sent.actual == .bool(true) {
      var surviving: [Classification] = []
      if pending != "none" {
        surviving.append(
          Classification(
            .inFlightGate,
            Reason(
              .writeSentAnother,
              ["write": userWrite(record), "counts": Reason(before.quoting(["\(record).pending"]))])
          ))
      }
      if needsSync {
        surviving.append(
          Classification(
            .unknownOutcome,
            Reason(
              .writeSentWhileNeedsSync,
              [
                "write": userWrite(record),
                "counts": Reason(before.quoting(["\(record).needsSync"])),
              ])))
      }
      // Pending and due a sync: the write went through both gates, and both explanations survive.
      if !surviving.isEmpty {
        return .confirmed(.ranked(surviving))
      }
      return .notConfirmed(
        Reason(
          .writeSent,
          [
            "write": userWrite(record),
            "counts": Reason(before.quoting(["\(record).pending", "\(record).needsSync"])),
          ]))
    }
    if pending != "none" {
      guard answeredBefore(pending) else {
        return .confirmed(
          Classification(
            .unclassified,
            Reason(
              .expectsWriteWhilePending, ["counts": Reason(before.quoting(["\(record).pending"]))]))
        )
      }
      let stuck = Classification(
        .inFlightGate,
        Reason(
          .writeStuckPending,
          [
            "write": userWrite(record), "counts": Reason(before.quoting(["\(record).pending"])),
            "settlement": settlement(of: pending),
          ]))
      guard needsSync else { return .confirmed(stuck) }
      // The record also waits for a sync, which alone refuses the tap: both survive.
      return .confirmed(
        .ranked([
          stuck,
          Classification(
            .unknownOutcome,
            Reason(
              .writeBlockedBySyncToo,
              [
                "write": userWrite(record),
                "counts": Reason(before.quoting(["\(record).needsSync"])),
              ])),
        ]))
    }
    if needsSync {
      return .confirmed(
        Classification(
          .unknownOutcome,
          Reason(
            .writeBlockedBySync,
            [
              "write": userWrite(record),
              "counts": Reason(before.quoting(["\(record).needsSync"])),
              "last": lastAnswer(of: record).map { Reason(.lastAnswerWas, ["answer": Reason($0)]) }
                ?? Reason(""),
            ])))
    }
    if let shared = sharedGate(record, before: before) {
      return .confirmed(shared)
    }
    if case .optimistic(.choose(_, let value, _)) = context.failing.action,
      tapProbe(record, after: context.prefix)
    {
      return .confirmed(
        Classification(
          .inFlightGate,
          Reason(
            .choiceRefused,
            [
              "write": userWrite(record),
              "counts": Reason(before.quoting(["\(record).pending", "\(record).needsSync"])),
              "record": Reason(record), "value": "\(value)",
            ])))
    }
    return .confirmed(
      Classification(
        .inFlightGate,
        Reason(
          .writeGateClosed,
          [
            "write": userWrite(record),
            "counts": Reason(before.quoting(["\(record).pending", "\(record).needsSync"])),
          ])))
  }

  /// Like ``sharedGate(_:)``, for the state before a tap step.
  private func sharedGate(_ record: String, before: StateSnapshot) -> Classification? {
    let others = otherPendingRecords(than: record, in: before)
    guard !others.isEmpty else { return nil }
    let kept = context.prefix.filter { step in
      if case .optimistic(let action) = step.action, let tapped = action.singleWrite?.record {
        return tapped == record
      }
      if case .optimistic(.batch(let batch, _)) = step.action { return batch.contains(record) }
      return true
    }
    guard tapProbe(record, after: kept) else { return nil }
    let quoted = others.map { before.quoting(["\($0).pending"]) }
    return Classification(
      .recordIdentity,
      Reason(
        .writeSharesGate,
        [
          "write": userWrite(record), "others": Reason(quoted.joined(separator: " ")),
        ]))
  }

  /// A tap while a write was pending changed the record.
  private func tapChangedPending(_ record: String) -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    guard let pending = before.text("\(record).pending"), pending != "none" else {
      return .notConfirmed(
        Reason(
          .writeFoundAndLeft,
          [
            "write": userWrite(record, definite: true),
            "counts": Reason(before.quoting(["\(record).pending"])),
            "left": Reason(quote(record, Self.recordFields)),
          ]))
    }
    let changed = Self.recordFields.filter {
      before["\(record).\($0)"] != after["\(record).\($0)"]
    }
    guard !changed.isEmpty else { return nil }
    let keys = changed.map { "\(record).\($0)" }
    return .confirmed(
      Classification(
        .inFlightGate,
        Reason(
          .writeChangedPending,
          [
            "write": userWrite(record), "counts": Reason(before.quoting(["\(record).pending"])),
            "before": Reason(before.quoting(keys)), "after": Reason(after.quoting(keys)),
          ])))
  }

  // MARK: - Answers to writes

  private func answered(_ request: String, _ outcome: ServerOutcome) -> [Experiment] {
    let target = record(of: request)
    var experiments: [Experiment] = [
      { neverSent(request) },
      { queuedWriteNotSent(request, target: target) },
      { staleAnswer(request, target: target) },
      { otherRecordChanged(target: target, by: Reason(.answerTo, ["request": Reason(request)])) },
      { rowIdentity(request, target: target) },
      { pendingAfterAnswer(request, target: target) },
      { staleRow(target) },
    ]
    switch outcome {
    case .saved(let value):
      experiments.append { serverValueIgnored(request, target: target, value: value) }
    case .rejected:
      experiments.append { rollback(request, target: target) }
    case .unknown:
      experiments.append {
        unknownOutcome(target, after: Reason(.unknownOutcomeOf, ["request": Reason(request)]))
      }
    }
    return experiments
  }

  /// The request answered was never sent (its tap or sync sent nothing): no experiment on the
  /// answer means anything.
  private func neverSent(_ request: String) -> Finding? {
    guard let named = namingRecord(of: request), named.after.bool("sent") == false else {
      return nil
    }
    if context.rules.inFlight == .queueLatest, case .optimistic(let action) = named.action,
      let write = action.singleWrite, named.before.text("\(write.record).pending") != "none"
    {
      return nil
    }
    return .confirmed(
      Classification(
        .unclassified,
        Reason(
          named.action.isSync ? .syncNeverSent : .writeNeverSent,
          [
            "request": Reason(request),
            "action": "'\(named.action)' (step \(named.number))",
          ])))
  }

  /// Under queue-latest a tap while `request` was pending was queued, yet the answer to
  /// `request` sent no write: the queued value was dropped.
  func queuedWriteNotSent(_ request: String, target: String) -> Finding? {
    guard context.rules.inFlight == .queueLatest, context.failing.after.bool("sent") != true,
      let queued = queuedTap(on: target, while: request)
    else { return nil }
    let shown =
      queued.after.value("\(target).displayed").map { Reason(.andShowed, ["value": "\($0)"]) }
      ?? Reason("")
    return .confirmed(
      Classification(
        .inFlightGate,
        Reason(
          .queuedWriteNotSent,
          [
            "record": Reason(target), "request": Reason(request),
            "queued": "'\(queued.action)' (step \(queued.number))", "shown": shown,
            "action": Reason(context.actionLabel),
          ])))
  }

  /// The last tap or choice on `record` that sent nothing while `request` was pending, with no
  /// session change since: a queued tap.
  private func queuedTap(on record: String, while request: String) -> StepRecord? {
    for step in context.earlierRecords.reversed() {
      guard case .optimistic(let action) = step.action else { continue }
      if case .session = action { return nil }
      guard let write = action.singleWrite, write.record == record else { continue }
      if step.after.bool("sent") == false, step.before.text("\(record).pending") == request {
        return step
      }
    }
    return nil
  }

  /// A one-step sync whose read was never sent.
  private func unsentRoundTrip(_ target: String) -> Finding? {
    guard context.failing.after.bool("sent") == false else { return nil }
    return .confirmed(
      Classification(
        .unclassified,
        Reason(
          .roundTripNeverSent,
          ["record": Reason(target), "action": Reason(context.actionLabel)])))
  }

  /// Leaving the answer out gives the expected state, and the answer was stale when it came.
  private func staleAnswer(_ request: String, target: String) -> Finding? {
    let facts = staleness(of: request, record: target, isWrite: true)
    guard !facts.isEmpty else {
      return .notConfirmed(
        Reason(
          .answerWasCurrent,
          [
            "request": Reason(request),
            "counts": Reason(context.failing.before.quoting(["\(target).pending"])),
          ]))
    }
    return staleWhenLeftOut(Reason(.answerTo, ["request": Reason(request)]), facts: facts)
  }

  /// The record still shows the answered write as pending.
  private func pendingAfterAnswer(_ request: String, target: String) -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    guard before.text("\(target).pending") == request, after.text("\(target).pending") == request
    else { return nil }
    if !tapProbe(target, after: context.through) {
      return .confirmed(
        Classification(
          .inFlightGate,
          Reason(
            .answerDidNotReopen,
            [
              "counts": Reason(after.quoting(["\(target).pending"])), "record": Reason(target),
            ])))
    }
    return .notConfirmed(
      Reason(
        .answeredTapSends,
        ["counts": Reason(after.quoting(["\(target).pending"])), "record": Reason(target)]))
  }

  /// The row shows a value other than the confirmed one with nothing pending, and a tap probe
  /// shows the model held the other value: the tap's provisional value is the toggle of what the
  /// model held, so a row that then shows the same value was not repainted.
  private func staleRow(_ target: String) -> Finding? {
    let after = context.failing.after
    let displayed = "\(target).displayed"
    guard after.text("\(target).pending") == "none", let shown = after.value(displayed),
      shown != after.value("\(target).confirmed")
    else { return nil }
    let tapped = context.replay.probe(
      after: context.through, .optimistic(.tap(record: target, request: nil)))
    guard tapped.bool("sent") == true, tapped.value(displayed) == shown else { return nil }
    return .confirmed(
      Classification(
        .uiBinding,
        Reason(
          .rowNotRepainted,
          [
            "action": Reason(context.actionLabel),
            "observed": Reason(quote(target, ["displayed", "confirmed", "pending"])),
            "record": Reason(target), "tapped": Reason(tapped.quoting([displayed])),
            "shown": "\(shown)",
          ])))
  }

  /// An answer or a re-sort changed a record it does not belong to.
  private func otherRecordChanged(target: String, by what: Reason) -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    let others = recordsInObservationOrder(context.keys).filter { $0 != target }
    for other in others {
      let keys = Self.recordFields.map { "\(other).\($0)" }.filter { before[$0] != after[$0] }
      if !keys.isEmpty {
        return .confirmed(
          Classification(
            .recordIdentity,
            Reason(
              .otherRecordChanged,
              [
                "what": what, "record": Reason(target), "other": Reason(other),
                "before": Reason(before.quoting(keys)), "after": Reason(after.quoting(keys)),
              ])))
      }
    }
    return nil
  }

  /// Without the re-sorts, the answer reaches its record: records are located by row.
  private func rowIdentity(_ request: String, target: String) -> Finding? {
    let sorts = context.prefix.indices.filter {
      switch context.prefix[$0].action {
      case .optimistic(.sort), .optimistic(.filter): true
      default: false
      }
    }
    guard !sorts.isEmpty else { return nil }
    let moves = Reason(
      sorts.contains {
        if case .optimistic(.filter) = context.prefix[$0].action { return true }
        return false
      } ? .resortsAndFilters : .resorts)
    let unsorted = context.through.enumerated().filter { !sorts.contains($0.offset) }.map(
      \.element)
    guard context.replay.meets(context.step.expectations, after: unsorted, ignoring: ["order"])
    else {
      return .notConfirmed(Reason(.leavingOutMovesFails, ["moves": moves]))
    }
    return .confirmed(
      Classification(
        .recordIdentity,
        Reason(
          .locatedByRow,
          [
            "moves": moves, "request": Reason(request), "record": Reason(target),
            "order": Reason(context.failing.after.quoting(["order"])),
            "shown": Reason(quote(target, ["displayed"])),
          ])))
  }

  /// The record shows the same whatever value the server confirms.
  private func serverValueIgnored(_ request: String, target: String, value: OptimisticValue)
    -> Finding?
  {
    let key = "\(target).displayed"
    let confirmed = "\(target).confirmed"
    let shown = context.failing.after[key]
    var followed: [Reason] = []
    // Every other value the subject declares: a model may ignore only some answers (those a
    // user cannot choose, say), so one other value is not enough.
    for alternative in context.replay.otherValues(than: value) {
      var flipped = context.through
      flipped[context.failing.number - 1].action = .optimistic(
        .respond(request: request, outcome: .saved(alternative)))
      let other = context.replay.state(after: flipped)
      if let stored = context.failing.after[confirmed], other[confirmed] == stored,
        other[key] != shown
      {
        return .confirmed(
          Classification(
            .serverAuthority,
            Reason(
              .successNotStored,
              [
                "stored": "\(confirmed)=\(stored.spelled(for: confirmed))", "value": "\(value)",
                "other": "\(alternative)",
              ])))
      }
      if let shown, other[key] == shown {
        return .confirmed(
          Classification(
            .serverAuthority,
            Reason(
              .successShowsIntent,
              [
                "shown": "\(key)=\(shown.spelled(for: key))", "value": "\(value)",
                "other": "\(alternative)",
              ])))
      }
      followed.append(
        Reason(
          .withSavedInstead, ["other": "\(alternative)", "shown": Reason(other.quoting([key]))]))
    }
    return .notConfirmed(
      Reason(.rowFollowsServer, ["followed": .joined(followed, separator: "; ")]))
  }

  /// After a rejection the record does not show the value confirmed now.
  private func rollback(_ request: String, target: String) -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    guard after.text("\(target).pending") != request else { return nil }
    let needsSync = "\(target).needsSync"
    if before.bool(needsSync) == false, after.bool(needsSync) == true {
      return .confirmed(
        Classification(
          .rollback,
          Reason(
            .rejectionNeedsSync,
            [
              "request": Reason(request), "before": Reason(before.quoting([needsSync])),
              "after": Reason(after.quoting([needsSync])),
            ])))
    }
    let confirmed = "\(target).confirmed"
    if before[confirmed] != after[confirmed] {
      return .confirmed(
        Classification(
          .rollback,
          Reason(
            .rejectionChangedConfirmed,
            [
              "request": Reason(request), "before": Reason(before.quoting([confirmed])),
              "after": Reason(after.quoting([confirmed])),
            ])))
    }
    let shown = after.value("\(target).displayed")
    guard let shown, shown != after.value(confirmed) else {
      return .notConfirmed(
        Reason(
          .afterRejection,
          ["observed": Reason(quote(target, ["displayed", "confirmed", "pending"]))]
        ))
    }
    if let atTap = valueAtTap(of: request, record: target), atTap == shown {
      return .confirmed(
        Classification(
          .rollback,
          Reason(
            .rollbackToSnapshot,
            [
              "request": Reason(request),
              "observed": Reason(quote(target, ["displayed", "confirmed"])),
              "atTap": "\(target).displayed=\(atTap)",
            ])))
    }
    return .confirmed(
      Classification(
        .rollback,
        Reason(
          .rollbackNotShown,
          [
            "request": Reason(request),
            "observed": Reason(quote(target, ["displayed", "confirmed", "pending"])),
          ])))
  }

  /// After an unknown outcome (or a cancellation), the record is not blocked until a sync, or
  /// still shows the provisional value.
  func unknownOutcome(_ target: String, after what: Reason) -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    let confirmed = "\(target).confirmed"
    if tapProbe(target, after: context.through) {
      return .confirmed(
        Classification(
          .unknownOutcome,
          Reason(
            .outcomeTreatedAsKnown,
            [
              "what": what,
              "observed": Reason(quote(target, ["confirmed", "displayed", "needsSync"])),
              "record": Reason(target),
            ])))
    }
    if before[confirmed] != after[confirmed] {
      return .confirmed(
        Classification(
          .unknownOutcome,
          Reason(
            .unknownTreatedAsSuccess,
            [
              "what": what, "before": Reason(before.quoting([confirmed])),
              "after": Reason(after.quoting([confirmed])),
            ])))
    }
    if after.text("\(target).pending") == "none",
      after["\(target).displayed"] != after[confirmed]
    {
      return providedValueKept(target, after: what)
    }
    return .notConfirmed(
      Reason(
        .unknownTapSendsNothing,
        [
          "what": what, "observed": Reason(quote(target, ["displayed", "confirmed", "needsSync"])),
          "record": Reason(target),
        ]))
  }

  /// Tells a model that kept the provisional value after an unknown outcome from a row that was
  /// not repainted.
  ///
  /// The model's own value (`ID.model`) decides; without it, a
  /// failed read of the record — which changes nothing the record holds — is answered, and a
  /// row it repaints to the confirmed value shows the model was right.
  private func providedValueKept(_ target: String, after what: Reason) -> Finding {
    let after = context.failing.after
    let shown = Reason(quote(target, ["displayed", "confirmed", "pending"]))
    let displayed = "\(target).displayed"
    if let model = after.value("\(target).model"), after.value(displayed) == model {
      return .confirmed(
        Classification(
          .unknownOutcome,
          Reason(
            .modelKeptProvisional,
            [
              "what": what,
              "observed": Reason(quote(target, ["displayed", "model", "confirmed", "pending"])),
            ])))
    }
    let read = "probe-read"
    let probed = context.replay.probe(
      after: context.through,
      [
        .optimistic(.sync(record: target, request: read)),
        .optimistic(.respondToSync(request: read, outcome: .failed)),
      ])
    if let repainted = probed.last, repainted.bool("\(target).needsSync") == true,
      repainted[displayed] != after[displayed],
      repainted[displayed] == after["\(target).confirmed"]
    {
      return .confirmed(
        Classification(
          .uiBinding,
          Reason(
            .failedReadRepaints,
            [
              "what": what, "observed": shown, "record": Reason(target),
              "repainted": Reason(repainted.quoting([displayed])),
            ])))
    }
    // The record is blocked, so no tap probe can show what the model holds (``staleRow(_:)``
    // needs a tap that goes through), and the failed read repainted nothing: a model that kept
    // the provisional value and a row repainted only when its value changes look the same.
    return .confirmed(
      .ranked([
        Classification(
          .unknownOutcome,
          Reason(
            .provisionalNotWithdrawn, ["what": what, "observed": shown, "record": Reason(target)])),
        Classification(
          .uiBinding,
          Reason(
            .modelMayBeRight, ["what": what, "observed": shown, "record": Reason(target)])),
      ]))
  }

  // MARK: - Syncs, cancellations, sessions, re-sorts

  private func syncAnswered(request: String? = nil, record: String? = nil, outcome: SyncOutcome)
    -> [Experiment]
  {
    let target = record ?? request.map(self.record(of:)) ?? ""
    let what =
      request.map { Reason(.answerToSync, ["request": Reason($0)]) }
      ?? Reason(.syncOf, ["record": Reason(target)])
    return [
      { request.flatMap(neverSent) ?? unsentRoundTrip(target) },
      { staleSync(request, target: target, what: what) },
      { syncBeforeUnknown(request, target: target, what: what) },
      { syncLeftBlocked(target, outcome: outcome, what: what) },
      { writeDroppedBySync(target, what: what) },
      { otherRecordChanged(target: target, by: what) },
      { syncValueIgnored(request: request, target: target, outcome: outcome, what: what) },
    ]
  }

  /// Leaving the sync's answer out gives the expected state, and the answer was stale when it
  /// came.
  private func staleSync(_ request: String?, target: String, what: Reason) -> Finding? {
    let facts = request.map { staleness(of: $0, record: target, isWrite: false) } ?? []
    guard !facts.isEmpty else {
      return .notConfirmed(Reason(.syncAnswerWasCurrent, ["what": what]))
    }
    return staleWhenLeftOut(what, facts: facts)
  }

  /// A sync's answer cleared the write still in flight on its record, and a tap probe then sends
  /// a second write while the first is unanswered.
  private func writeDroppedBySync(_ target: String, what: Reason) -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    let pending = "\(target).pending"
    guard let write = before.text(pending), write != "none", after.text(pending) == "none"
    else { return nil }
    guard tapProbe(target, after: context.through) else {
      return .notConfirmed(
        Reason(
          .whatChanged,
          [
            "what": what, "before": Reason(before.quoting([pending])),
            "after": Reason(after.quoting([pending])),
          ]))
    }
    return .confirmed(
      Classification(
        .inFlightGate,
        Reason(
          .readDroppedWrite,
          [
            "what": what, "before": Reason(before.quoting([pending])),
            "after": Reason(after.quoting([pending])), "record": Reason(target),
          ])))
  }

  /// After a sync answer, the record is still (or wrongly no longer) blocked.
  private func syncLeftBlocked(_ target: String, outcome: SyncOutcome, what: Reason) -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    let needsSync = "\(target).needsSync"
    switch outcome {
    case .value:
      guard after.bool(needsSync) == true else { return nil }
      guard !tapProbe(target, after: context.through) else {
        return .notConfirmed(
          Reason(.syncTapSends, ["what": what, "counts": Reason(after.quoting([needsSync]))]))
      }
      return .confirmed(
        Classification(
          .unknownOutcome,
          Reason(
            .syncDoesNotUnblock,
            [
              "what": what, "observed": Reason(quote(target, ["needsSync", "tapEnabled"])),
              "record": Reason(target),
            ])))
    case .failed:
      guard before.bool(needsSync) == true, after.bool(needsSync) == false else { return nil }
      return .confirmed(
        Classification(
          .unknownOutcome,
          Reason(
            .failedReadUnblocked,
            [
              "what": what, "before": Reason(before.quoting([needsSync])),
              "after": Reason(after.quoting([needsSync])),
            ])))
    }
  }

  /// The record shows the same whatever value the sync reads.
  private func syncValueIgnored(
    request: String?, target: String, outcome: SyncOutcome, what: Reason
  ) -> Finding? {
    guard case .value(let value) = outcome else { return nil }
    var flipped = context.through
    let index = context.failing.number - 1
    let otherValue = context.replay.otherValue(than: value)
    if let request {
      flipped[index].action = .optimistic(
        .respondToSync(request: request, outcome: .value(otherValue)))
    } else {
      flipped[index].action = .optimistic(.syncRoundTrip(record: target, value: otherValue))
    }
    let other = context.replay.state(after: flipped)
    let key = "\(target).confirmed"
    guard let shown = context.failing.after[key], other[key] == shown else {
      return .notConfirmed(
        Reason(.recordFollowsSync, ["shown": Reason(other.quoting([key]))]))
    }
    return .confirmed(
      Classification(
        .serverAuthority,
        Reason(
          .syncValueIgnored,
          [
            "shown": "\(key)=\(shown.spelled(for: key))", "value": "\(value)",
            "other": "\(otherValue)",
          ])))
  }

  /// After a cancellation the record must withdraw the provisional value and need a sync.
  private func cancelled(_ request: String) -> [Experiment] {
    let target = record(of: request)
    return [
      { staleCancel(request, target: target) },
      { unknownOutcome(target, after: Reason(.cancelling, ["request": Reason(request)])) },
    ]
  }

  /// Cancelling a request that is no longer the record's — from an old session, answered,
  /// cancelled before, or replaced — must change nothing; leaving the cancel out gives the
  /// expected state.
  private func staleCancel(_ request: String, target: String) -> Finding? {
    let facts = staleness(of: request, record: target, isWrite: true)
    guard !facts.isEmpty else { return nil }
    let changed = quote(target, ["displayed", "confirmed", "needsSync"])
    return staleWhenLeftOut(
      Reason(.cancelOf, ["request": Reason(request)]),
      effect: Reason(.itChanged, ["record": Reason(target), "counts": Reason(changed)]),
      facts: facts)
  }

  /// After a session change a record still carries state of the previous session.
  private func sessionChanged(_ values: [RecordValue]) -> Finding? {
    let after = context.failing.after
    for value in values {
      let id = value.id
      if let pending = after.text("\(id).pending"), pending != "none" {
        return .confirmed(
          Classification(
            .sessionReset,
            Reason(.sessionWriteStillPending, ["observed": Reason(quote(id, ["pending"]))])))
      }
      if after.bool("\(id).needsSync") == true {
        return .confirmed(
          Classification(
            .sessionReset,
            Reason(.sessionUnknownKept, ["observed": Reason(quote(id, ["needsSync"]))])))
      }
      if let confirmed = after.value("\(id).confirmed"), confirmed != value.value {
        return .confirmed(
          Classification(
            .sessionReset,
            Reason(
              .sessionValueKept,
              ["observed": Reason(quote(id, ["confirmed"])), "value": "\(value)"])))
      }
    }
    return .notConfirmed(Reason(.sessionKeptNothing))
  }

  /// A re-sort changed record state.
  private func resorted() -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    let changed = before.fields.map(\.key).filter { key in
      key != "order" && key != "sent" && before[key] != after[key]
    }
    guard !changed.isEmpty else {
      return .notConfirmed(
        Reason(.resortChangedNothing, ["order": Reason(after.quoting(["order"]))]))
    }
    return .confirmed(
      Classification(
        .recordIdentity,
        Reason(
          .resortChangedState,
          ["before": Reason(before.quoting(changed)), "after": Reason(after.quoting(changed))])))
  }

  /// Confirms `stale-response` when leaving out the failing step gives the state the step
  /// expected: `what` (the answer or cancel the step delivered) changed the record although
  /// `facts` say it no longer belonged to it.
  ///
  /// - Parameters:
  ///   - what: The step's event as the reason names it, such as "the answer to r1".
  ///   - effect: What it did, such as "it was applied".
  ///   - facts: Why it was stale; the caller checks there is at least one.
  /// - Returns: The confirmed class, or what leaving the step out gave instead.
  func staleWhenLeftOut(_ what: Reason, effect: Reason = Reason(.itWasApplied), facts: [Reason])
    -> Finding
  {
    guard failingStepLeftOutMeetsExpectations() else {
      return .notConfirmed(Reason(.leavingOutFails, ["what": what]))
    }
    return .confirmed(
      Classification(
        .staleResponse,
        Reason(
          .leavingOutGivesExpected,
          ["what": what, "effect": effect, "facts": Self.listing(facts)])))
  }

  /// The facts one after the other, each language's separator between them (`, ` in English).
  private static func listing(_ facts: [Reason]) -> Reason {
    var parts: [Reason.Part] = []
    for (index, fact) in facts.enumerated() {
      if index > 0 { parts += Reason(.factSeparator).parts }
      parts += fact.parts
    }
    return Reason(parts: parts)
  }

  /// Whether the failing step's expectations (but `sent`) hold when that step is left out.
  func failingStepLeftOutMeetsExpectations() -> Bool {
    context.replay.meets(
      context.step.expectations, after: context.through(without: context.failing.number),
      ignoring: ["sent"])
  }

  // MARK: - Reading the case

  /// Whether a tap on `record`, after `steps` on a fresh subject, sends a write.
  private func tapProbe(_ record: String, after steps: [ContractStep]) -> Bool {
    context.replay.probe(after: steps, .optimistic(.tap(record: record, request: nil)))
      .bool("sent") == true
  }

  /// The record whose tap or sync named `request`.
  private func record(of request: String) -> String {
    for step in context.caseSteps {
      switch step.action {
      case .optimistic(.tap(let record, request)), .optimistic(.sync(let record, request)),
        .optimistic(.read(let record, request)), .optimistic(.choose(let record, _, request)):
        return record
      default:
        continue
      }
    }
    return ""
  }

  /// Why an answer to `request` was stale at the failing step, from what the steps before it did
  /// and what the record showed when it came; empty when it answered the current request.
  private func staleness(of request: String, record: String, isWrite: Bool) -> [Reason] {
    var named = false
    var answered: Int?
    var cancelled: Int?
    var session: Int?
    var newer: (name: Reason, step: Int)?
    var timedOut: Int?
    for step in context.earlierRecords {
      guard case .optimistic(let action) = step.action else { continue }
      let sent = step.after.bool("sent") == true
      switch action {
      case .tap(record, request), .sync(record, request), .read(record, request),
        .choose(record, _, request):
        named = true
      case .tap(record, let other?) where named && isWrite && sent && other != request,
        .choose(record, _, let other?) where named && isWrite && sent && other != request:
        newer = (Reason(other), step.number)
      case .sync(record, let other?) where named && !isWrite && sent && other != request:
        newer = (Reason(other), step.number)
      case .tap(record, nil) where named && isWrite && sent,
        .choose(record, _, nil) where named && isWrite && sent:
        newer = (Reason(.anotherTapsRequest), step.number)
      case .sync(record, nil) where named && !isWrite && sent:
        newer = (Reason(.anotherSync), step.number)
      case .syncRoundTrip(record, _) where named && !isWrite:
        newer = (Reason(.anotherSync), step.number)
      case .respond(request, _), .respondToSync(request, _):
        if named { answered = answered ?? step.number }
      case .cancel(request) where named: cancelled = step.number
      case .session where named: session = step.number
      case .wait
      where named && isWrite && step.before.text("\(record).pending") == request
        && step.after.text("\(record).pending") != request:
        timedOut = step.number
      default: continue
      }
    }
    var facts: [Reason] = []
    if let session { facts.append(Reason(.sessionChangedAt, ["step": "\(session)"])) }
    if let cancelled { facts.append(Reason(.cancelledAt, ["step": "\(cancelled)"])) }
    if let timedOut { facts.append(Reason(.timedOutAt, ["step": "\(timedOut)"])) }
    if let answered { facts.append(Reason(.answeredAt, ["step": "\(answered)"])) }
    if let newer {
      facts.append(Reason(.sentAfterIt, ["request": newer.name, "step": "\(newer.step)"]))
    }
    let pendingKey = "\(record).pending"
    if isWrite, let pending = context.failing.before.text(pendingKey), pending != request {
      facts.append(
        Reason(.whenItCame, ["counts": Reason(context.failing.before.quoting([pendingKey]))]))
    }
    return facts
  }

  /// The record of the step whose tap or sync named `request`.
  private func namingRecord(of request: String) -> StepRecord? {
    context.earlierRecords.first { step in
      switch step.action {
      case .optimistic(.tap(_, request)), .optimistic(.sync(_, request)),
        .optimistic(.read(_, request)), .optimistic(.choose(_, _, request)):
        true
      default: false
      }
    }
  }

  /// The last answer to a write on `record` before the failing step, as the suite wrote it.
  private func lastAnswer(of record: String) -> String? {
    for step in context.prefix.reversed() {
      if case .optimistic(.respond(let request, let outcome)) = step.action,
        self.record(of: request) == record
      {
        return "respond \(request) \(outcome)"
      }
    }
    return nil
  }

  /// Whether an answer to `request` came before the failing step.
  private func answeredBefore(_ request: String) -> Bool {
    context.prefix.contains { step in
      switch step.action {
      case .optimistic(.respond(request, _)), .optimistic(.cancel(request)): true
      default: false
      }
    }
  }

  /// Which step answered `pending` before the failing step, for reasons.
  private func settlement(of pending: String) -> Reason {
    for (index, step) in context.prefix.enumerated().reversed() {
      if case .optimistic(.respond(pending, let outcome)) = step.action {
        return Reason(.answerDidNotSettle, ["answer": "\(outcome)", "step": "\(index + 1)"])
      }
    }
    return Reason(.noAnswerBeforeTap, ["request": Reason(pending)])
  }

  /// The displayed value of the request's record just before its tap.
  private func valueAtTap(of request: String, record: String) -> OptimisticValue? {
    let tap = context.steps.first {
      if case .optimistic(let action) = $0.action, let write = action.singleWrite {
        return write.record == record && write.request == request
      }
      return false
    }
    return tap?.before.value("\(record).displayed")
  }

  /// The records `keys` name, in the order the subject's state lists them (not by name: ids may
  /// be salted tokens, and output must not depend on them).
  private func recordsInObservationOrder(_ keys: Set<String>) -> [String] {
    var seen: Set<String> = []
    return context.failing.after.fields.map(\.key).filter(keys.contains).map(recordID(of:))
      .filter { !$0.isEmpty && seen.insert($0).inserted }
  }

  private func otherPendingRecords(than record: String, in snapshot: StateSnapshot) -> [String] {
    snapshot.fields.filter { field in
      field.key.hasSuffix(".pending") && recordID(of: field.key) != record
        && field.value != .text("none")
    }.map { recordID(of: $0.key) }
  }

  /// `record.field=value …` for `fields`, as observed after the failing step.
  private func quote(_ record: String, _ fields: [String]) -> String {
    context.failing.after.quoting(fields.map { "\(record).\($0)" })
  }

  private func recordID(of key: String) -> String {
    let parts = key.split(separator: ".")
    return parts.count == 2 ? String(parts[0]) : ""
  }

  private func field(of key: String) -> String {
    key.split(separator: ".").last.map(String.init) ?? key
  }

  /// How reasons name the failing step's write of `record`: "a tap on a" ("the tap on a"), or
  /// "'set a love'" for a choice.
  private func userWrite(_ record: String, definite: Bool = false) -> Reason {
    if case .optimistic(.choose(_, let value, _)) = context.failing.action {
      return Reason("'set \(record) \(value)'")
    }
    return Reason(definite ? .theTapOn : .aTapOn, ["record": Reason(record)])
  }

  private func yesNo(_ flag: Bool) -> String {
    flag ? "yes" : "no"
  }
}

extension ContractAction {
  /// Whether the action starts a sync.
  fileprivate var isSync: Bool {
    switch self {
    case .optimistic(.sync), .optimistic(.read): true
    default: false
    }
  }
}
