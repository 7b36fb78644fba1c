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
  func rowsMoved(before what: String) -> Finding? {
    let moves = context.prefix.indices.filter {
      switch context.prefix[$0].action {
      case .optimistic(.sort), .optimistic(.filter): true
      default: false
      }
    }
    guard !moves.isEmpty else { return nil }
    let kept = context.through.enumerated().filter { !moves.contains($0.offset) }.map(\.element)
    guard context.replay.meets(context.step.expectations, after: kept, ignoring: ["order"]) else {
      return .notConfirmed("leaving out the re-sorts and filters does not give the expected state")
    }
    let steps = moves.map { "'\(context.prefix[$0].action)' (step \($0 + 1))" }
    return .confirmed(
      Classification(
        .recordIdentity,
        "without \(steps.joined(separator: ", ")) \(what) gives the expected state; with them "
          + "\(context.failing.after.quoting(["order"])): records are located by row, not by id"))
  }

  /// The app declares automatic-reads yet started no read of the record when the contract
  /// requires one (after an unknown outcome or a cancel).
  private func readNotStarted(_ record: String, request: String) -> Finding? {
    guard let sent = context.mismatch("sent"), sent.actual == .bool(false) else { return nil }
    guard context.failing.before.bool("\(record).needsSync") == true else {
      return .notConfirmed(
        "no read of \(record) was due (\(context.failing.before.quoting(["\(record).needsSync"]))): "
          + "'read' names the read an app starts after an unknown outcome or a cancel")
    }
    let before = context.failing.before.quoting(["\(record).needsSync"])
    return .confirmed(
      Classification(
        .unknownOutcome,
        "with \(before) the app started no read of \(record) to name '\(request)' (sent=no "
          + "after \(context.actionLabel)), though it declares automatic-reads: a record whose "
          + "outcome is unknown must be read from the server before further writes"))
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
          "the app started a read of \(notDue.joined(separator: ",")) (started=\(list)) with "
            + "\(context.failing.before.quoting(notDue.map { "\($0).needsSync" })) before "
            + "\(context.actionLabel) and \(context.failing.after.quoting(notDue.map { "\($0).needsSync" })) "
            + "after it: it reads by itself where no outcome became unknown"))
    }
    // The read was due: the app kept its declaration. Anything else that failed is for the
    // other experiments; a case whose only failure is the unnamed read omitted naming it.
    guard context.keys == ["started"] else { return nil }
    return .confirmed(
      Classification(
        .unclassified,
        "the app started a read of \(list) while it needed one (\(states[1].quoting(due.map { "\($0).needsSync" }))), "
          + "as an app that declares automatic-reads must, and the case does not name it: name it "
          + "with 'read <id> as <name>' on the step after the one that started it (a case "
          + "written for an app that does not read by itself syncs with 'sync')"))
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
      return .notConfirmed(
        "the filter changed no record's confirmed value, pending write or sync due")
    }
    return .confirmed(
      Classification(
        .recordIdentity,
        "filtering changed \(before.quoting(changed)) to \(after.quoting(changed)): hiding a row "
          + "dropped state that belongs to its record"))
  }

  /// Leaving the refresh answer out gives the expected state, and the refresh was stale when
  /// its answer came.
  private func staleRefresh(_ request: String) -> Finding? {
    let facts = refreshStaleness(of: request)
    guard !facts.isEmpty else {
      return .notConfirmed(
        "the answer to \(request) answered the newest refresh, so it was not stale")
    }
    return staleWhenLeftOut("the answer to the refresh \(request)", facts: facts)
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
        "the answer to the refresh \(request) changed \(before.quoting(dropped)) to "
          + "\(after.quoting(dropped)): reloading the list dropped a write still in flight"))
  }

  /// Why an answer to the refresh `request` was stale at the failing step; empty when it
  /// answered the newest refresh for the first time.
  private func refreshStaleness(of request: String) -> [String] {
    var named = false
    var answered: Int?
    var session: Int?
    var newer: (name: String, step: Int)?
    for step in context.earlierRecords {
      guard case .optimistic(let action) = step.action else { continue }
      switch action {
      case .refresh(request): named = true
      case .refresh(let other) where named && step.after.bool("sent") == true:
        newer = (other ?? "another refresh", step.number)
      case .respondToRefresh(request, _) where named: answered = answered ?? step.number
      case .session where named: session = step.number
      default: continue
      }
    }
    var facts: [String] = []
    if let session { facts.append("the session changed at step \(session)") }
    if let answered { facts.append("it had been answered at step \(answered)") }
    if let newer { facts.append("\(newer.name) was sent after it at step \(newer.step)") }
    return facts
  }
}
