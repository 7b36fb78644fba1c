import Contracts
import RunModel

/// Drives an optimistic-update subject: names the requests (writes, syncs, refreshes, batches) it
/// sends and maps the subject's tokens back to those names when observing.
///
/// After every step it takes the reads the subject started by itself; each must be named by a
/// `read ID as NAME` step right after the step that started it, or that next step (or the case's
/// last step) fails.
///
/// Under the in-flight rule queue-latest a named tap (or choice) that sends nothing while the
/// record's write is pending names the queued write: the write the subject reports from
/// `takeStartedWrites()` for that record later gets the name; a newer tap replaces it, and a
/// session change drops it. A step after which the subject sent a write by itself reports
/// `sent=yes`, and that write must carry the value the row shows. Under the unknown-outcome rule
/// keep-and-retry a write the subject sends again takes the name of the write its record was
/// pending on when last observed, so a case's answer to that name reaches the newest attempt,
/// and the record reads as still pending on it.
///
/// Under a confirmation rule other than `never` it observes `ID.asking`, and checks after each
/// tap, choice and decline what the rule says of it: a tap that removes asks and sends nothing,
/// any other tap asks nothing, and a decline changes nothing but closing the question.
///
/// Whatever the subject declares, rows it groups as one entity (``OptimisticUpdateSubject/entity(of:)``)
/// must report one pending write and, once settled, one value: nothing is lost between rows of
/// one entity.
@MainActor
final class OptimisticSession: SubjectSession {
  private let subject: any OptimisticUpdateSubject
  private let readsByItself: Bool
  /// What the row shows while a write is pending, as the subject declares it.
  private let display: DisplayRule
  /// What a tap does while a write is pending, as the subject declares it.
  private let inFlight: InFlightRule
  /// Whether an unknown outcome keeps the write pending and the app sends it again, as the
  /// subject declares it.
  private let keepsAndRetries: Bool
  /// Which taps ask the user to confirm first, as the subject declares it; the session observes
  /// `ID.asking` only when some may.
  private let confirmation: ConfirmationRule
  /// Reads the subject started that no `read` step named yet, oldest first.
  private var unnamedReads: [StartedRead] = []
  /// The name each record's queued tap gave the write the subject will send for it.
  private var queuedNames: [String: String] = [:]
  /// What the last step broke beyond its observation: a read it had to name, or one it left
  /// unnamed.
  private var stepViolations: [Mismatch] = []
  /// Calls the subject for each step, and knows the token each named request was sent with.
  private var driver: OptimisticDriver
  private var names: [AnyHashable: String] = [:]
  private var records: [String] = []
  private var knownRecords: Set<String> = []
  private var lastSent: Bool?
  /// The name each record was pending on when last observed, for naming the writes the subject
  /// sends by itself.
  private var observedPending: [String: String] = [:]
  /// The clock the subject reads and sets its timers on, moved only by `wait` steps.
  private let clock = VirtualClock()

  init(_ subject: any OptimisticUpdateSubject) {
    self.subject = subject
    readsByItself = subject.capabilities.contains(.automaticReads)
    display = subject.displayRule
    inFlight = subject.inFlightRule
    keepsAndRetries = subject.unknownOutcomeRule == .keepAndRetry
    confirmation = subject.confirmationRule
    driver = OptimisticDriver(for: subject)
    subject.useClock(clock)
  }

  func perform(_ action: ContractAction) -> [String] {
    guard case .optimistic(let action) = action else {
      return ["'\(action)' is not an optimistic-update action"]
    }
    lastSent = nil
    stepViolations = []
    if case .read = action {
    } else if !unnamedReads.isEmpty {
      stepViolations.append(unnamedReadsMismatch())
      unnamedReads = []
    }
    defer {
      unnamedReads += subject.takeStartedReads()
      let retried = nameStartedWrites()
      if keepsAndRetries, let unknown = madeUnknown(by: action) {
        checkRetried(after: unknown, retried: retried)
      }
    }
    switch action {
    case .records(let values):
      remember(values)
      drive(action)
    case .session(let values):
      queuedNames = [:]
      remember(values)
      drive(action)
    case .tap(let record, let name):
      let wasQueueing = isQueueing(record)
      let asks = asksFirst(record, writing: nil)
      let token = send(action, as: name)
      if let asks { checkAsked(record, asks: asks, sent: token != nil) }
      if wasQueueing, token == nil { queuedNames[record] = name }
    case .choose(let record, let value, let name):
      let wasQueueing = isQueueing(record)
      let asks = asksFirst(record, writing: value)
      let token = send(action, as: name)
      if let asks { checkAsked(record, asks: asks, sent: token != nil) }
      if wasQueueing, token == nil { queuedNames[record] = name }
    case .sync(_, let name), .refresh(let name), .batch(_, let name), .confirm(_, let name):
      send(action, as: name)
    case .syncRoundTrip(let record, _):
      guard send(action, as: nil) != nil else {
        return ["the sync of \(record) was not sent; the step did nothing"]
      }
    case .read(let record, let name):
      guard readsByItself else {
        send(action, as: name)
        return []
      }
      guard let index = unnamedReads.firstIndex(where: { $0.record == record }) else {
        lastSent = false
        stepViolations.append(
          Mismatch(
            key: "sent", expected: .bool(true), actual: .bool(false),
            invariant: "an app that declares automatic-reads starts a read of \(record) to name "
              + "here"))
        return ["the app started no read of \(record) to name '\(name)'"]
      }
      lastSent = true
      register(unnamedReads.remove(at: index).request, as: name)
    case .respond, .cancel, .respondToSync, .respondToRefresh, .respondToBatch:
      if case .unsent(let name) = drive(action) { return [unsent(name)] }
    case .sort, .filter, .wait:
      drive(action)
    case .decline(let record):
      let before = subject.state(of: record)
      drive(action)
      lastSent = false
      checkDeclined(record, before: before)
    }
    return []
  }

  /// Whether a tap (or a choice of `value`) on `record` must ask first under the declared
  /// confirmation rule; `nil` when the record does not take the write now (a write pending, a
  /// sync due, a question already open, or the value already shown), so the rule says nothing.
  private func asksFirst(_ record: String, writing value: OptimisticValue?) -> Bool? {
    guard confirmation != .never, let state = subject.state(of: record),
      state.pendingRequest == nil, !state.needsSync, !state.isAsking
    else { return nil }
    let asked = value ?? subject.valueAfterTap(showing: state.displayed)
    guard asked != state.displayed, subject.declaredValues.contains(asked) else { return nil }
    return confirmation.asks(writing: asked, choices: subject.choices)
  }

  /// Checks the tap (or choice) on `record` against the confirmation rule: one that `asks` opens
  /// the question and sends nothing; any other does not ask.
  private func checkAsked(_ record: String, asks: Bool, sent: Bool) {
    let isAsking = subject.state(of: record)?.isAsking ?? false
    let rule = "under the confirmation rule '\(confirmation.rawValue)'"
    if isAsking != asks {
      stepViolations.append(
        Mismatch(
          key: "\(record).asking", expected: .bool(asks), actual: .bool(isAsking),
          invariant: asks
            ? "\(rule) a tap that removes asks the user first"
            : "\(rule) a tap that does not remove writes at once, asking nothing"))
    }
    if asks, sent {
      stepViolations.append(
        Mismatch(
          key: "sent", expected: .bool(false), actual: .bool(true),
          invariant: "\(rule) a tap that asks sends nothing until the user confirms"))
    }
  }

  /// Checks that declining the question on `record` closed it and changed nothing else: the
  /// confirmed and shown values, the pending write and the sync due are as they were.
  private func checkDeclined(_ record: String, before: RecordState?) {
    guard let before, before.isAsking, let after = subject.state(of: record) else { return }
    let invariant = "declining a confirmation sends nothing and changes nothing"
    let pairs: [(String, StateValue, StateValue)] = [
      ("asking", .bool(false), .bool(after.isAsking)),
      ("confirmed", StateValue(before.confirmed), StateValue(after.confirmed)),
      ("displayed", StateValue(before.displayed), StateValue(after.displayed)),
      ("pending", .text(name(of: before.pendingRequest)), .text(name(of: after.pendingRequest))),
      ("needsSync", .bool(before.needsSync), .bool(after.needsSync)),
    ]
    for (field, expected, actual) in pairs where expected != actual {
      stepViolations.append(
        Mismatch(
          key: "\(record).\(field)", expected: expected, actual: actual, invariant: invariant))
    }
  }

  /// Whether a tap on `record` that sends nothing now is queued: the subject declares
  /// queue-latest, and the record has a write pending and no sync due.
  private func isQueueing(_ record: String) -> Bool {
    guard inFlight == .queueLatest, let state = subject.state(of: record) else { return false }
    return state.pendingRequest != nil && !state.needsSync
  }

  /// Takes the writes the subject sent by itself during the step, and names them.
  ///
  /// A queued write (queue-latest) gets the name its record's queued tap gave it; a retry (keep-and-retry)
  /// answers to the name of the write it sends again; any other write keeps no name (the record
  /// reads `unnamed`). The step reports `sent=yes`, and a write
  /// that does not carry the value its row shows (under the optimistic display) breaks an
  /// invariant.
  ///
  /// - Returns: The records a started write was for.
  private func nameStartedWrites() -> Set<String> {
    let started = subject.takeStartedWrites()
    guard !started.isEmpty else { return [] }
    lastSent = true
    for write in started {
      if let name = queuedNames.removeValue(forKey: write.record) {
        register(write.request, as: name)
      } else if keepsAndRetries, let name = observedPending[write.record], name != "none",
        name != "unnamed"
      {
        driver.register(write.request, as: name)
        names[write.request] = name
      }
      guard !display.showsConfirmedWhilePending, let shown = subject.state(of: write.record)
      else { continue }
      if shown.displayed != write.value {
        stepViolations.append(
          Mismatch(
            key: "\(write.record).displayed", expected: StateValue(write.value),
            actual: StateValue(shown.displayed),
            invariant: "a write the app sends by itself carries the value the row shows"))
      }
    }
    return Set(started.map(\.record))
  }

  /// The name of the write whose outcome `action` makes unknown: an unknown answer's or a
  /// cancel's; `nil` for any other action.
  private func madeUnknown(by action: OptimisticAction) -> String? {
    switch action {
    case .respond(let name, .unknown), .cancel(let name): name
    default: nil
    }
  }

  /// Under keep-and-retry, checks that the app sent again the write `name` whose outcome just
  /// became unknown: a record pending on it before the step and still pending after it must have
  /// a write in `retried`.
  private func checkRetried(after name: String, retried: Set<String>) {
    for id in records where observedPending[id] == name && !retried.contains(id) {
      guard subject.state(of: id)?.pendingRequest != nil else { continue }
      stepViolations.append(
        Mismatch(
          key: "started", expected: .list([id]), actual: .list([]),
          invariant: "under the unknown-outcome rule 'keep-and-retry' the app sends a write "
            + "again (takeStartedWrites) when its outcome becomes unknown"))
    }
  }

  /// The violation of reads left unnamed: what the step before started and did not name.
  private func unnamedReadsMismatch() -> Mismatch {
    Mismatch(
      key: "started", expected: .list([]), actual: .list(unnamedReads.map(\.record)),
      invariant: "every read the app starts is named by a 'read <id> as <name>' step right after "
        + "the step that started it")
  }

  func closingViolations() -> [Mismatch] {
    guard !unnamedReads.isEmpty else { return [] }
    defer { unnamedReads = [] }
    return [unnamedReadsMismatch()]
  }

  /// Remembers `name` for `token`; a token the subject reuses keeps its first name.
  private func register(_ token: AnyHashable, as name: String) {
    driver.register(token, as: name)
    if names[token] == nil {
      names[token] = name
    }
  }

  /// Calls the subject for `action` through the driver.
  @discardableResult
  private func drive(_ action: OptimisticAction) -> OptimisticDriver.Outcome {
    driver.apply(action, to: subject, clock: clock)
  }

  /// Calls the subject for `action`, a step that sends a request, and names what it sent
  /// `name`; the step reports whether it sent.
  ///
  /// - Returns: The token the subject sent the request with, `nil` when it sent none.
  @discardableResult
  private func send(_ action: OptimisticAction, as name: String?) -> AnyHashable? {
    guard case .sent(let token) = drive(action) else { return nil }
    lastSent = token != nil
    if let name, let token {
      register(token, as: name)
    }
    return token
  }

  private func unsent(_ name: String) -> String {
    "request '\(name)' was never sent; the step did nothing"
  }

  private func remember(_ values: [RecordValue]) {
    for value in values where knownRecords.insert(value.id).inserted {
      records.append(value.id)
    }
  }

  func observe() -> StateSnapshot {
    var snapshot = StateSnapshot()
    snapshot.set("order", .list(subject.order))
    if let lastSent {
      snapshot.set("sent", .bool(lastSent))
    }
    for id in records {
      guard let state = subject.state(of: id) else { continue }
      snapshot.set("\(id).confirmed", StateValue(state.confirmed))
      snapshot.set("\(id).displayed", StateValue(state.displayed))
      let pending = name(of: state.pendingRequest)
      observedPending[id] = pending
      snapshot.set("\(id).pending", .text(pending))
      snapshot.set("\(id).needsSync", .bool(state.needsSync))
      snapshot.set("\(id).saving", .bool(state.isSaving))
      snapshot.set("\(id).tapEnabled", .bool(state.isTapEnabled))
      if let model = state.modelValue {
        snapshot.set("\(id).model", StateValue(model))
      }
      if confirmation != .never {
        snapshot.set("\(id).asking", .bool(state.isAsking))
      }
    }
    return snapshot
  }

  private func name(of token: AnyHashable?) -> String {
    guard let token else { return "none" }
    return names[token] ?? "unnamed"
  }

  func brokenInvariants(in snapshot: StateSnapshot) -> [Mismatch] {
    var broken = stepViolations
    checkEntities(&broken, snapshot)
    for id in records {
      guard case .text(let pending)? = snapshot["\(id).pending"],
        case .bool(let needsSync)? = snapshot["\(id).needsSync"]
      else { continue }
      let isPending = pending != "none"
      check(
        &broken, snapshot, "\(id).saving", .bool(isPending), "the saving indicator follows pending")
      if inFlight.acceptsTapsWhilePending {
        check(
          &broken, snapshot, "\(id).tapEnabled", .bool(!needsSync),
          "under the in-flight rule '\(inFlight.rawValue)' taps are accepted exactly when no "
            + "sync is due")
      } else {
        check(
          &broken, snapshot, "\(id).tapEnabled", .bool(!isPending && !needsSync),
          "taps are accepted exactly when nothing is pending and no sync is due")
      }
      if let model = snapshot["\(id).model"] {
        check(&broken, snapshot, "\(id).displayed", model, "the row shows the model's value")
      }
      if isPending, display.showsConfirmedWhilePending, let confirmed = snapshot["\(id).confirmed"]
      {
        check(
          &broken, snapshot, "\(id).displayed", confirmed,
          "under the pessimistic display the row shows the confirmed value while a write is "
            + "pending")
      }
      if isPending, snapshot["\(id).asking"] == .bool(true) {
        broken.append(
          Mismatch(
            key: "\(id).asking", expected: .bool(false), actual: .bool(true),
            invariant: "a row asks to confirm a tap only while nothing is pending"))
      }
      if !isPending, let confirmed = snapshot["\(id).confirmed"] {
        check(
          &broken, snapshot, "\(id).displayed", confirmed,
          "with nothing pending the row shows the confirmed value")
        check(
          &broken, snapshot, "\(id).model", confirmed,
          "with nothing pending the model holds the confirmed value")
      }
    }
    return broken
  }

  /// The invariant two rows of one entity break when they disagree: one home for its words,
  /// which ``entityRows(of:)`` reads back for the classifier.
  static func entityInvariant(_ row: String, _ other: String) -> String {
    "rows of one entity (\(row) and \(other)) show one write and, once settled, one value"
  }

  /// The two rows a broken ``entityInvariant(_:_:)`` names, or `nil` for another invariant.
  static func entityRows(of invariant: String) -> (row: String, other: String)? {
    let start = "rows of one entity ("
    guard invariant.hasPrefix(start), let close = invariant.firstIndex(of: ")") else { return nil }
    let names = invariant[invariant.index(invariant.startIndex, offsetBy: start.count)..<close]
      .components(separatedBy: " and ")
    guard names.count == 2, entityInvariant(names[0], names[1]) == invariant else { return nil }
    return (names[0], names[1])
  }

  /// Checks that nothing is lost between rows of one entity, whatever the subject declares.
  ///
  /// Rows are grouped as the subject groups them (``OptimisticUpdateSubject/entity(of:)``): each
  /// row reports the same pending write as the entity's first row, and once nothing is pending on
  /// them the same shown and confirmed values. With one entity per row (the default) there is
  /// nothing to compare.
  private func checkEntities(_ broken: inout [Mismatch], _ snapshot: StateSnapshot) {
    var first: [String: String] = [:]
    for id in records {
      let entity = subject.entity(of: id)
      guard let row = first[entity] else {
        first[entity] = id
        continue
      }
      let rule = Self.entityInvariant(row, id)
      guard let pending = snapshot["\(row).pending"] else { continue }
      check(&broken, snapshot, "\(id).pending", pending, rule)
      guard pending == .text("none"), snapshot["\(id).pending"] == .text("none") else { continue }
      for field in ["displayed", "confirmed"] {
        if let value = snapshot["\(row).\(field)"] {
          check(&broken, snapshot, "\(id).\(field)", value, rule)
        }
      }
    }
  }

  private func check(
    _ broken: inout [Mismatch], _ snapshot: StateSnapshot, _ key: String, _ expected: StateValue,
    _ rule: String
  ) {
    guard let actual = snapshot[key], actual != expected else { return }
    broken.append(Mismatch(key: key, expected: expected, actual: actual, invariant: rule))
  }
}
