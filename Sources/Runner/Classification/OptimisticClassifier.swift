import Contracts

/// The optimistic-update experiments: skipped answers, altered server values, removed re-sorts
/// and probing taps.
@MainActor
struct OptimisticClassifier {
  let context: FailureContext
  let action: OptimisticAction

  private static let uiFields: Set<String> = ["saving", "tapEnabled"]

  func classify() -> Classification {
    let keys = context.keys
    if keys.allSatisfy({ Self.uiFields.contains(field(of: $0)) }) {
      return uiOnly()
    }
    switch action {
    case .tap(let record, _): return tapped(record)
    case .respond(let request, let outcome): return answered(request, outcome)
    case .cancel(let request):
      return Classification(
        .unknownOutcome,
        "after cancelling \(request) the record shows \(describe(record(of: request))): a cancelled "
          + "write may have committed, so its outcome is unknown")
    case .sync(let record, _):
      return Classification(
        .unknownOutcome,
        "after the sync \(record) shows \(describe(record)): a completed sync must adopt the "
          + "server's value and allow writes again")
    case .session:
      return Classification(
        .sessionReset,
        "after the session change: \(mismatchText()): state of the previous session was kept")
    case .sort:
      return Classification(
        .recordIdentity, "re-sorting changed record state: \(mismatchText())")
    case .records:
      return Classification(.unclassified, "the list did not load as expected: \(mismatchText())")
    }
  }

  // MARK: - Experiments

  private func uiOnly() -> Classification {
    if let gate = context.failing.mismatches.first(where: {
      field(of: $0.key) == "tapEnabled" && $0.expected == .bool(true)
    }) {
      let record = recordID(of: gate.key)
      let probe = context.replay.probe(
        after: context.through, [.optimistic(.tap(record: record, request: nil))])
      if probe.last?.bool("sent") == true {
        return Classification(
          .uiBinding,
          "\(record)'s control is disabled after \(context.actionLabel) but a tap sends a write: "
            + "the control is not bound to pending")
      }
      if let other = otherPendingRecord(than: record, in: context.failing.after) {
        return Classification(
          .recordIdentity,
          "tapping \(record) sends nothing while \(other) is pending: the records share one "
            + "in-flight gate")
      }
      return Classification(
        .inFlightGate, "a tap on \(record), with nothing pending, is refused")
    }
    return Classification(
      .uiBinding,
      "the model's pending state is right but the row shows \(mismatchText()): the indicator is not "
        + "bound to pending")
  }

  private func tapped(_ record: String) -> Classification {
    if let sent = context.mismatch("sent") {
      if sent.expected == .bool(false) {
        return Classification(
          .inFlightGate,
          "a tap on \(record) while a write is pending sent another write")
      }
      if let other = otherPendingRecord(than: record, in: context.failing.before) {
        return Classification(
          .recordIdentity,
          "a tap on \(record) sent nothing while \(other) was pending: the records share one "
            + "in-flight gate")
      }
      return Classification(.inFlightGate, "a tap on \(record) with nothing pending sent nothing")
    }
    return Classification(
      .inFlightGate,
      "a tap on \(record) while a write is pending changed the record: \(mismatchText())")
  }

  private func answered(_ request: String, _ outcome: ServerOutcome) -> Classification {
    let target = record(of: request)
    var skipped = context.through
    skipped.remove(at: context.failing.number - 1)
    if context.replay.meets(context.step.expectations, after: skipped, ignoring: ["sent"]) {
      return Classification(
        .staleResponse,
        "ignoring the answer to \(request) gives the expected state: it was applied although "
          + staleness(of: request))
    }
    let others = Set(context.keys.map(recordID(of:))).subtracting([target, ""])
    if let other = others.sorted().first {
      return Classification(
        .recordIdentity,
        "the answer to \(request), a write on \(target), changed \(other): \(mismatchText())")
    }
    let sortSteps = context.prefix.indices.filter {
      if case .optimistic(.sort) = context.prefix[$0].action { return true }
      return false
    }
    if !sortSteps.isEmpty {
      let unsorted = context.through.enumerated().filter { !sortSteps.contains($0.offset) }.map(
        \.element)
      let orderKeys: Set<String> = ["order"]
      if context.replay.meets(context.step.expectations, after: unsorted, ignoring: orderKeys) {
        return Classification(
          .recordIdentity,
          "without the re-sort the answer to \(request) reaches \(target): records are located by "
            + "row, not by id")
      }
    }
    switch outcome {
    case .saved(let value):
      var flipped = context.through
      flipped[context.failing.number - 1].action = .optimistic(
        .respond(request: request, outcome: .saved(!value)))
      let shownWithOther = context.replay.run(flipped).snapshots.last?.bool("\(target).displayed")
      let shown = context.failing.after.bool("\(target).displayed")
      if shownWithOther == shown {
        return Classification(
          .serverAuthority,
          "\(target) shows \(yesNo(shown)) whether the server answers on or off: success copies "
            + "the user's intent instead of the server's value")
      }
      return Classification(
        .serverAuthority,
        "after 'saved \(value ? "on" : "off")' \(target) shows \(describe(target))")
    case .rejected:
      let atTap = valueAtTap(of: request)
      let shown = context.failing.after.bool("\(target).displayed")
      let confirmed = context.failing.after.bool("\(target).confirmed")
      if let atTap, shown == atTap, shown != confirmed {
        return Classification(
          .rollback,
          "after rejection \(target) shows \(yesNo(shown)), its value when tapped, not the value "
            + "confirmed now (\(yesNo(confirmed))): rollback restores a snapshot")
      }
      return Classification(
        .rollback, "after rejection \(target) shows \(describe(target))")
    case .unknown:
      let probe = context.replay.probe(
        after: context.through, [.optimistic(.tap(record: target, request: nil))])
      if probe.last?.bool("sent") == true {
        return Classification(
          .unknownOutcome,
          "after an unknown outcome a tap on \(target) still sends a write: the timeout was "
            + "treated as a known outcome (\(describe(target)))")
      }
      return Classification(
        .unknownOutcome, "after an unknown outcome \(target) shows \(describe(target))")
    }
  }

  // MARK: - Reading the case

  /// The record whose tap named `request`.
  private func record(of request: String) -> String {
    for step in context.contractCase.steps {
      if case .optimistic(.tap(let record, request)) = step.action { return record }
    }
    return ""
  }

  /// Why an answer to `request` was stale at the failing step, from the steps before it.
  private func staleness(of request: String) -> String {
    let target = record(of: request)
    var named = false
    var newerWrite = false
    var answered = false
    var cancelled = false
    var oldSession = false
    for step in context.prefix {
      guard case .optimistic(let action) = step.action else { continue }
      switch action {
      case .tap(target, request): named = true
      case .tap(target, _) where named: newerWrite = true
      case .respond(request, _) where named: answered = true
      case .cancel(request) where named: cancelled = true
      case .session where named: oldSession = true
      default: continue
      }
    }
    if oldSession { return "it belongs to a previous session" }
    if cancelled { return "it had been cancelled" }
    if answered { return "it had been answered already" }
    if newerWrite { return "a newer write on \(target) was pending" }
    return "it was not the record's pending write"
  }

  /// The displayed value of the request's record just before its tap.
  private func valueAtTap(of request: String) -> Bool? {
    let target = record(of: request)
    let tap = context.steps.first {
      if case .optimistic(.tap(target, request)) = $0.action { return true }
      return false
    }
    return tap?.before.bool("\(target).displayed")
  }

  private func otherPendingRecord(than record: String, in snapshot: StateSnapshot) -> String? {
    snapshot.fields.first { field in
      field.key.hasSuffix(".pending") && recordID(of: field.key) != record
        && field.value != .text("none")
    }.map { recordID(of: $0.key) }
  }

  private func describe(_ record: String) -> String {
    let after = context.failing.after
    return ["displayed", "confirmed", "pending", "needsSync"].compactMap { field in
      after["\(record).\(field)"].map { "\(field)=\($0)" }
    }.joined(separator: " ")
  }

  private func mismatchText() -> String {
    context.failing.mismatches.map(\.description).joined(separator: "; ")
  }

  private func recordID(of key: String) -> String {
    key.split(separator: ".").count == 2 ? String(key.split(separator: ".")[0]) : ""
  }

  private func field(of key: String) -> String {
    key.split(separator: ".").last.map(String.init) ?? key
  }

  private func yesNo(_ flag: Bool?) -> String {
    flag.map { $0 ? "yes" : "no" } ?? "?"
  }
}
