import Contracts
import RunModel

/// The experiments for reads the app starts by itself, filters and whole-list refreshes.
extension OptimisticClassifier {
  /// The experiments for a `read`, `filter`, `refresh` or refresh-answer step.
  func listAndReadExperiments() -> [Experiment] {
    switch action {
    case .read(let record, let request):
      [{ readNotStarted(record, request: request) }]
    case .filter:
      [filterChangedState]
    case .respondToRefresh(let request, _):
      [{ staleRefresh(request) }, { refreshDroppedWrite(request) }]
    default:
      []
    }
  }

  /// Leaving out the re-sorts and filters before the failing step gives the expected state: the
  /// step found its record by row, and the rows had moved.
  func rowsMoved(before what: Reason) -> Finding? {
    let moves = context.prefix.indices.filter {
      switch context.prefix[$0].action {
      case .optimistic(.sort), .optimistic(.filter): true
      default: false
      }
    }
    guard !moves.isEmpty else { return nil }
    let kept = context.through.enumerated().filter { !moves.contains($0.offset) }.map(\.element)
    guard context.replay.meets(context.step.expectations, after: kept, ignoring: ["order"]) else {
      return .notConfirmed(Reason(.leavingOutMovesFails, ["moves": Reason(.resortsAndFilters)]))
    }
    let steps = moves.map { "'\(context.prefix[$0].action)' (step \($0 + 1))" }
    return .confirmed(
      Classification(
        .recordIdentity,
        Reason(
          .rowsMovedLocatedByRow,
          [
            "steps": Reason(steps.joined(separator: ", ")), "what": what,
            "order": Reason(context.failing.after.quoting(["order"])),
          ])))
  }

  /// The app declares automatic-reads yet started no read of the record when the contract
  /// requires one (after an unknown outcome or a cancel).
  private func readNotStarted(_ record: String, request: String) -> Finding? {
    guard let sent = context.mismatch("sent"), sent.actual == .bool(false) else { return nil }
    guard context.failing.before.bool("\(record).needsSync") == true else {
      return .notConfirmed(
        Reason(
          .noReadDue,
          [
            "record": Reason(record),
            "counts": Reason(context.failing.before.quoting(["\(record).needsSync"])),
          ]))
    }
    let before = context.failing.before.quoting(["\(record).needsSync"])
    return .confirmed(
      Classification(
        .unknownOutcome,
        Reason(
          .readNotStarted,
          [
            "counts": Reason(before), "record": Reason(record), "request": Reason(request),
            "action": Reason(context.actionLabel),
          ])))
  }

  /// The app started a read that no step named: a bug when the record needed no read (it reads
  /// by itself where no outcome became unknown); when it did, the app kept its declaration and
  /// the case, not the model, must name the read.
  func unnamedRead() -> Finding? {
    guard let started = context.mismatch("started"), case .list(let records)? = started.actual
    else {
      return nil
    }
    // The read was started by this step (the case's last) or by the one before it.
    let states = [context.failing.before, context.failing.after]
    let due = records.filter { record in
      states.contains { $0.bool("\(record).needsSync") == true }
    }
    let list = records.joined(separator: ",")
    guard due.count == records.count else {
      let notDue = records.filter { !due.contains($0) }
      return .confirmed(
        Classification(
          .unknownOutcome,
          Reason(
            .readWhereNotDue,
            [
              "records": Reason(notDue.joined(separator: ",")), "list": Reason(list),
              "before": Reason(context.failing.before.quoting(notDue.map { "\($0).needsSync" })),
              "action": Reason(context.actionLabel),
              "after": Reason(context.failing.after.quoting(notDue.map { "\($0).needsSync" })),
            ])))
    }
    // The read was due: the app kept its declaration. Anything else that failed is for the
    // other experiments; a case whose only failure is the unnamed read omitted naming it.
    guard context.keys == ["started"] else { return nil }
    return .confirmed(
      Classification(
        .unclassified,
        Reason(
          .unnamedRead,
          [
            "list": Reason(list),
            "counts": Reason(states[1].quoting(due.map { "\($0).needsSync" })),
          ])))
  }

  /// A filter changed the state of a record: hiding a row dropped state that belongs to its
  /// record.
  private func filterChangedState() -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    let fields = ["confirmed", "pending", "needsSync"]
    let changed = before.fields.map(\.key).filter { key in
      fields.contains { key.hasSuffix(".\($0)") } && before[key] != after[key]
    }
    guard !changed.isEmpty else {
      return .notConfirmed(Reason(.filterChangedNothing))
    }
    return .confirmed(
      Classification(
        .recordIdentity,
        Reason(
          .filterDroppedState,
          ["before": Reason(before.quoting(changed)), "after": Reason(after.quoting(changed))])))
  }

  /// Leaving the refresh answer out gives the expected state, and the refresh was stale when
  /// its answer came.
  private func staleRefresh(_ request: String) -> Finding? {
    let facts = refreshStaleness(of: request)
    guard !facts.isEmpty else {
      return .notConfirmed(Reason(.refreshAnswerWasNewest, ["request": Reason(request)]))
    }
    return staleWhenLeftOut(Reason(.answerToRefresh, ["request": Reason(request)]), facts: facts)
  }

  /// A refresh answer cleared a write still in flight.
  private func refreshDroppedWrite(_ request: String) -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    let dropped = before.fields.map(\.key).filter { key in
      key.hasSuffix(".pending") && before[key] != .text("none") && after[key] == .text("none")
    }
    guard !dropped.isEmpty else { return nil }
    return .confirmed(
      Classification(
        .inFlightGate,
        Reason(
          .refreshDroppedWrite,
          [
            "request": Reason(request), "before": Reason(before.quoting(dropped)),
            "after": Reason(after.quoting(dropped)),
          ])))
  }

  /// Why an answer to the refresh `request` was stale at the failing step; empty when it
  /// answered the newest refresh for the first time.
  private func refreshStaleness(of request: String) -> [Reason] {
    var named = false
    var answered: Int?
    var session: Int?
    var newer: (name: Reason, step: Int)?
    for step in context.earlierRecords {
      guard case .optimistic(let action) = step.action else { continue }
      switch action {
      case .refresh(request): named = true
      case .refresh(let other) where named && step.after.bool("sent") == true:
        newer = (other.map { Reason($0) } ?? Reason(.anotherRefresh), step.number)
      case .respondToRefresh(request, _) where named: answered = answered ?? step.number
      case .session where named: session = step.number
      default: continue
      }
    }
    var facts: [Reason] = []
    if let session { facts.append(Reason(.sessionChangedAt, ["step": "\(session)"])) }
    if let answered { facts.append(Reason(.answeredAt, ["step": "\(answered)"])) }
    if let newer {
      facts.append(Reason(.sentAfterIt, ["request": newer.name, "step": "\(newer.step)"]))
    }
    return facts
  }
}
