import Contracts

/// Drives an optimistic-update subject: names the requests it sends and maps the subject's
/// tokens back to those names when observing.
@MainActor
final class OptimisticSession: SubjectSession {
  private let subject: any OptimisticUpdateSubject
  private var tokens: [String: AnyHashable] = [:]
  private var records: [String] = []
  private var lastTapSent: Bool?

  init(_ subject: any OptimisticUpdateSubject) {
    self.subject = subject
  }

  func perform(_ action: ContractAction) -> [String] {
    guard case .optimistic(let action) = action else {
      return ["'\(action)' is not an optimistic-update action"]
    }
    lastTapSent = nil
    switch action {
    case .records(let values):
      remember(values)
      subject.load(values)
    case .tap(let record, let name):
      let token = subject.tap(record: record)
      lastTapSent = token != nil
      if let name, let token {
        tokens[name] = token
      }
    case .respond(let name, let outcome):
      guard let token = tokens[name] else { return [unsent(name)] }
      subject.respond(to: token, with: outcome)
    case .cancel(let name):
      guard let token = tokens[name] else { return [unsent(name)] }
      subject.cancel(request: token)
    case .sort(let order):
      subject.sort(by: order)
    case .session(let values):
      remember(values)
      subject.replaceSession(with: values)
    case .sync(let record, let value):
      subject.completeSync(record: record, value: value)
    }
    return []
  }

  private func unsent(_ name: String) -> String {
    "request '\(name)' was never sent; the step did nothing"
  }

  private func remember(_ values: [RecordValue]) {
    for value in values where !records.contains(value.id) {
      records.append(value.id)
    }
  }

  func observe() -> StateSnapshot {
    var snapshot = StateSnapshot()
    snapshot.set("order", .list(subject.order))
    if let lastTapSent {
      snapshot.set("sent", .bool(lastTapSent))
    }
    for id in records {
      guard let state = subject.state(of: id) else { continue }
      snapshot.set("\(id).confirmed", .bool(state.confirmed))
      snapshot.set("\(id).displayed", .bool(state.displayed))
      snapshot.set("\(id).pending", .text(name(of: state.pendingRequest)))
      snapshot.set("\(id).needsSync", .bool(state.needsSync))
      snapshot.set("\(id).saving", .bool(state.isSaving))
      snapshot.set("\(id).tapEnabled", .bool(state.isTapEnabled))
    }
    return snapshot
  }

  private func name(of token: AnyHashable?) -> String {
    guard let token else { return "none" }
    return tokens.first { $0.value == token }?.key ?? "unnamed"
  }

  func brokenInvariants(in snapshot: StateSnapshot) -> [Mismatch] {
    var broken: [Mismatch] = []
    for id in records {
      guard case .text(let pending)? = snapshot["\(id).pending"],
        case .bool(let needsSync)? = snapshot["\(id).needsSync"]
      else { continue }
      let isPending = pending != "none"
      check(
        &broken, snapshot, "\(id).saving", .bool(isPending), "the saving indicator follows pending")
      check(
        &broken, snapshot, "\(id).tapEnabled", .bool(!isPending && !needsSync),
        "taps are accepted exactly when nothing is pending and no sync is due")
      if !isPending, let confirmed = snapshot["\(id).confirmed"] {
        check(
          &broken, snapshot, "\(id).displayed", confirmed,
          "with nothing pending the row shows the confirmed value")
      }
    }
    return broken
  }

  private func check(
    _ broken: inout [Mismatch], _ snapshot: StateSnapshot, _ key: String, _ expected: StateValue,
    _ rule: String
  ) {
    guard let actual = snapshot[key], actual != expected else { return }
    broken.append(Mismatch(key: key, expected: expected, actual: actual, invariant: rule))
  }
}
