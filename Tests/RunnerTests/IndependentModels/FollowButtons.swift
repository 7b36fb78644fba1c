import Contracts

/// A list of follow buttons written against the protocol alone.
///
/// Each account is an object that holds its own follow state, its write in flight (with that
/// write's timer) and its read in flight; tokens are strings unique across sessions, and an
/// answer finds its account by asking each one whether the token is its own. The user follows
/// (`on`) or unfollows (`off`); a private account's server answers `requested`. A write gives up
/// after 8 s on the runner's clock, and the app reads an account by itself after an unknown
/// outcome, a cancel or a timeout. Rows are read straight from the accounts (no UI layer).
@MainActor
class FollowButtons: OptimisticUpdateSubject {
  /// A write in flight.
  struct Write {
    var token: String
    var intent: OptimisticValue
    var timer: ClockTimer?
  }

  /// One account's follow button.
  final class Account {
    let id: String
    var server: OptimisticValue
    var write: Write?
    var read: String?
    var unsure = false

    init(id: String, server: OptimisticValue) {
      self.id = id
      self.server = server
    }

    var shown: OptimisticValue { write?.intent ?? server }
    var acceptsWrite: Bool { write == nil && !unsure }
  }

  static let timeout = Duration.seconds(8)

  var accounts: [Account] = []
  var sent = 0
  var clock: (any ContractClock)?
  var readsStarted: [StartedRead] = []

  init() {}

  var capabilities: Set<SubjectCapability> {
    [.cancellation, .sorting, .sessions, .automaticReads, .writeTimeouts, .values]
  }
  var serverValues: [OptimisticValue] { ["requested"] }
  var writeTimeout: Duration? { Self.timeout }
  var order: [String] { accounts.map(\.id) }

  func useClock(_ clock: any ContractClock) {
    self.clock = clock
  }

  func account(_ id: String) -> Account? {
    accounts.first { $0.id == id }
  }

  func load(_ records: [RecordValue]) {
    replaceAccounts(records)
  }

  func replaceSession(with records: [RecordValue]) {
    replaceAccounts(records)
  }

  private func replaceAccounts(_ records: [RecordValue]) {
    for account in accounts { account.write?.timer?.cancel() }
    accounts = records.map { Account(id: $0.id, server: $0.value) }
  }

  private func newToken(_ kind: String, _ id: String) -> String {
    sent += 1
    return "\(kind)/\(id)/\(sent)"
  }

  func follow(_ id: String, to value: OptimisticValue) -> String? {
    guard let account = account(id), account.acceptsWrite, value != account.shown else {
      return nil
    }
    let token = newToken("follow", id)
    account.write = Write(token: token, intent: value, timer: startTimer(for: token))
    return token
  }

  func startTimer(for token: String) -> ClockTimer? {
    clock?.schedule(after: Self.timeout) { [weak self] in self?.timedOut(token) }
  }

  func timedOut(_ token: String) {
    guard let account = accounts.first(where: { $0.write?.token == token }) else { return }
    giveUp(on: account)
  }

  func tap(record id: String) -> AnyHashable? {
    guard let account = account(id) else { return nil }
    return follow(id, to: valueAfterTap(showing: account.shown))
  }

  func choose(_ value: OptimisticValue, record id: String) -> AnyHashable? {
    guard choices.contains(value) else { return nil }
    return follow(id, to: value)
  }

  /// The account whose write in flight is `request`, its write finished.
  func finishWrite(_ request: AnyHashable) -> Account? {
    guard let token = request as? String,
      let account = accounts.first(where: { $0.write?.token == token })
    else { return nil }
    account.write?.timer?.cancel()
    account.write = nil
    return account
  }

  /// The outcome of the account's write is unknown: reread it.
  func giveUp(on account: Account) {
    account.write?.timer?.cancel()
    account.write = nil
    account.unsure = true
    let token = newToken("reread", account.id)
    account.read = token
    readsStarted.append(StartedRead(record: account.id, request: token))
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let token = request as? String,
      let account = accounts.first(where: { $0.write?.token == token })
    else { return }
    switch outcome {
    case .saved(let value):
      _ = finishWrite(request)
      account.server = value
    case .rejected:
      _ = finishWrite(request)
    case .unknown:
      giveUp(on: account)
    }
  }

  func cancel(request: AnyHashable) {
    guard let token = request as? String,
      let account = accounts.first(where: { $0.write?.token == token })
    else { return }
    giveUp(on: account)
  }

  func takeStartedReads() -> [StartedRead] {
    defer { readsStarted = [] }
    return readsStarted
  }

  func startSync(record id: String) -> AnyHashable? {
    guard let account = account(id) else { return nil }
    let token = newToken("read", id)
    account.read = token
    return token
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let token = request as? String,
      let account = accounts.first(where: { $0.read == token })
    else { return }
    account.read = nil
    if case .value(let value) = outcome {
      account.server = value
      account.unsure = false
    }
  }

  func reorder(to order: [String]) {
    accounts.sort { (order.firstIndex(of: $0.id) ?? .max) < (order.firstIndex(of: $1.id) ?? .max) }
  }

  func state(of id: String) -> RecordState? {
    guard let account = account(id) else { return nil }
    return RecordState(
      confirmed: account.server, displayed: account.shown,
      pendingRequest: account.write.map { AnyHashable($0.token) }, needsSync: account.unsure,
      isSaving: account.write != nil, isTapEnabled: account.acceptsWrite)
  }
}

/// One bug: when the timer fires the app marks the account for a reread but keeps showing the
/// follow it sent, and keeps waiting for its answer.
@MainActor
final class FollowButtonsKeepingTimedOutFollow: FollowButtons {
  override func timedOut(_ token: String) {
    guard let account = accounts.first(where: { $0.write?.token == token }) else { return }
    account.unsure = true
    let read = "reread/\(account.id)/\(token)"
    account.read = read
    readsStarted.append(StartedRead(record: account.id, request: read))
  }
}

/// One bug: the app remembers the writes it gave up on and still applies their answer when it
/// comes late.
@MainActor
final class FollowButtonsApplyingLateAnswers: FollowButtons {
  var timedOutWrites: [String: Account] = [:]

  override func timedOut(_ token: String) {
    if let account = accounts.first(where: { $0.write?.token == token }) {
      timedOutWrites[token] = account
    }
    super.timedOut(token)
  }

  override func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    if let token = request as? String, let account = timedOutWrites.removeValue(forKey: token),
      accounts.contains(where: { $0 === account }), case .saved(let value) = outcome
    {
      account.server = value
      account.unsure = false
      return
    }
    super.respond(to: request, with: outcome)
  }
}

/// One bug: the timer is never stopped and times out whatever the account has in flight when
/// it fires.
@MainActor
final class FollowButtonsWithTimerPerAccount: FollowButtons {
  override func startTimer(for token: String) -> ClockTimer? {
    guard let id = token.split(separator: "/").dropFirst().first.map(String.init) else {
      return nil
    }
    _ = clock?.schedule(after: Self.timeout) { [weak self] in
      guard let self, let account = self.account(id), account.write != nil else { return }
      self.giveUp(on: account)
    }
    return nil
  }
}

/// The same buttons, correct, with no reads of their own: after a timeout the user syncs.
@MainActor
final class FollowButtonsWithoutReads: FollowButtons {
  override var capabilities: Set<SubjectCapability> {
    [.cancellation, .sorting, .sessions, .writeTimeouts, .values]
  }

  override func takeStartedReads() -> [StartedRead] {
    readsStarted = []
    return []
  }
}

/// The same buttons, correct, with no timers: each write's deadline is kept and compared with
/// the clock's time whenever the app is touched (drawn, tapped, answered).
@MainActor
final class FollowButtonsCheckingDeadlines: FollowButtons {
  var deadlines: [(token: String, due: Duration)] = []

  override func startTimer(for token: String) -> ClockTimer? {
    if let clock { deadlines.append((token, clock.now + Self.timeout)) }
    return nil
  }

  func expireOverdue() {
    guard let now = clock?.now else { return }
    let due = deadlines.filter { $0.due <= now }
    deadlines.removeAll { $0.due <= now }
    for entry in due { timedOut(entry.token) }
  }

  override func takeStartedReads() -> [StartedRead] {
    expireOverdue()
    return super.takeStartedReads()
  }

  override func state(of id: String) -> RecordState? {
    expireOverdue()
    return super.state(of: id)
  }

  override func tap(record id: String) -> AnyHashable? {
    expireOverdue()
    return super.tap(record: id)
  }

  override func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    expireOverdue()
    super.respond(to: request, with: outcome)
  }

  override func cancel(request: AnyHashable) {
    expireOverdue()
    super.cancel(request: request)
  }

  override func startSync(record id: String) -> AnyHashable? {
    expireOverdue()
    return super.startSync(record: id)
  }

  override func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    expireOverdue()
    super.respond(toSync: request, with: outcome)
  }

  override func replaceSession(with records: [RecordValue]) {
    expireOverdue()
    super.replaceSession(with: records)
  }
}
