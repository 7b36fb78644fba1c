import Contracts

/// The reference optimistic-update subject: a list of favourites, one ``FavoriteState`` per
/// record, a list view model, sessions, and a network double that holds each request's
/// completion.
///
/// A request — a write or a sync — captures the record id, the session and the ticket; an answer
/// is applied only if its session is current and its ticket is the record's pending one. Tickets
/// restart at 1 in every session, so the session check is needed, not implied by the ticket check.
///
/// Declared additions: batches — one request whose answer settles each of its records as a
/// single write's answer would — a filter that hides rows but never state, a whole-list refresh whose
/// newest answer replaces every confirmed value (a write in flight stays shown until its own
/// answer), and — when made with `rereadsAutomatically` — a read the list starts by itself after
/// an unknown outcome or a cancel, which keeps the record blocked until its answer. Made with
/// `choices` or `serverValues`, its records hold values beyond on/off (a follow list: `on`,
/// `close-friends`, and `requested` from the server). A write or a batch still unanswered when its timeout (``writeTimeout``, 10 s unless made with another)
/// elapses on the runner's clock is withdrawn exactly as a cancel would withdraw it.
///
/// Every user action and every decision a real list makes — the in-flight gate, how an answer is
/// applied, how it finds its record and session, how a row shows its record — is an `open`
/// member, so a variant can change one decision (the catalogue of planted bugs does).
@MainActor
open class ReferenceFavorites: OptimisticUpdateSubject {
  /// A request in flight, as the network layer captured it.
  public struct Request: Hashable, Sendable {
    /// The record it is for, by id.
    public var record: String
    /// The session it was sent in.
    public var session: Int
    /// Its ticket within that session.
    public var ticket: Int
    /// Whether it is a sync (a read) rather than a write.
    public var isSync: Bool
    /// Whether it is a refresh (a read of the whole list); its `record` is empty.
    public var isRefresh = false
    /// For a batch, each record it writes with the value the user asked for, in order.
    ///
    /// A batch's `record` is empty; any other request's `batch` is.
    public var batch: [RecordValue] = []
  }

  /// The list the user sees.
  public let list = FavoritesListViewModel()
  /// Each record's state, by id.
  public private(set) var states: [String: FavoriteState] = [:]
  /// The current session.
  public private(set) var session = 1
  private var nextTicket = 1
  /// Every request sent, by its token: token `n` is at index `n - 1` (tokens count up from 1),
  /// so a long session keeps an array, not a table.
  private var requests: [Request] = []
  private var tokenOfWrite: [String: [Int: Int]] = [:]
  /// The ticket of the newest refresh not yet answered, if any.
  private var refreshing: Int?
  private var startedReads: [StartedRead] = []
  /// The writes the list sent again by itself (keep-and-retry) that the runner has not taken.
  private var startedWrites: [StartedWrite] = []
  /// Whether the list reads a record by itself after an unknown outcome or a cancel.
  public let rereadsAutomatically: Bool
  /// The values a user can choose for a record, the resting one first.
  public let choices: [OptimisticValue]
  /// The values only the server gives.
  public let serverValues: [OptimisticValue]
  /// How long a write or a batch may go unanswered before the list gives up on it.
  public let timeout: Duration?
  /// The clock the list sets its timers on; the runner hands its own over before any action.
  private var clock: any ContractClock = VirtualClock()
  /// The timeout timer of each write or batch in flight, by token.
  private var timers: [Int: ClockTimer] = [:]

  /// Creates an empty list.
  ///
  /// - Parameters:
  ///   - rereadsAutomatically: Whether the list reads a record from the server by itself after
  ///     an unknown outcome or a cancel (capability `automatic-reads`).
  ///   - writeTimeout: How long a write may go unanswered before the list withdraws it as if
  ///     cancelled (capability `write-timeouts`), or `nil` for no timeout.
  ///   - choices: The values a user can choose, the resting one first (`off`, `on` unless given).
  ///   - serverValues: The values only the server gives (none unless given).
  public init(
    rereadsAutomatically: Bool = false, writeTimeout: Duration? = .seconds(10),
    choices: [OptimisticValue] = [.off, .on], serverValues: [OptimisticValue] = []
  ) {
    self.rereadsAutomatically = rereadsAutomatically
    self.timeout = writeTimeout
    self.choices = choices
    self.serverValues = serverValues
  }

  open var capabilities: Set<SubjectCapability> {
    var capabilities: Set<SubjectCapability> = [
      .cancellation, .sorting, .sessions, .uiLayer, .filtering, .refresh, .batches,
    ]
    if rereadsAutomatically {
      capabilities.insert(.automaticReads)
    }
    if timeout != nil {
      capabilities.insert(.writeTimeouts)
    }
    return capabilities
  }

  /// What a tap does while a write is pending: nothing (one write at a time), the article's rule.
  open var inFlightRule: InFlightRule { .article }
  /// What the row shows while a write is pending: the user's intent, the article's display.
  open var displayRule: DisplayRule { .article }
  /// What an unknown outcome does: withdraw the provisional value and require a sync, the
  /// article's rule.
  open var unknownOutcomeRule: UnknownOutcomeRule { .article }
  /// Which taps ask the user to confirm first: none, the article's rule; a variant that asks
  /// overrides it with ``confirm(record:)`` and ``decline(record:)`` (``ConfirmingFavorites``).
  open var confirmationRule: ConfirmationRule { .article }
  /// Confirms the question open on record `id`: none is ever open here, so nothing is sent.
  open func confirm(record id: String) -> AnyHashable? { nil }
  /// Declines the question open on record `id`: none is ever open here.
  open func decline(record id: String) {}
  /// The list's words for the cases' value words (none: the cases' own); a variant with words of
  /// its own overrides it (``ReferenceVoteArrows``).
  open var valueWords: [String: String] { [:] }

  open func load(_ records: [RecordValue]) {
    for record in records {
      states[record.id] = FavoriteState(record.value)
    }
    showRows(of: records)
  }

  open func tap(record id: String) -> AnyHashable? {
    guard let state = states[id] else { return nil }
    return write(intent(ofTapOn: state), to: id)
  }

  open func choose(_ value: OptimisticValue, record id: String) -> AnyHashable? {
    guard let state = states[id], state.visible != value, choices.contains(value) else {
      return nil
    }
    return write(value, to: id)
  }

  /// The value a tap on a record in `state` asks for: the second choice on the first, the first
  /// on any other value.
  open func intent(ofTapOn state: FavoriteState) -> OptimisticValue {
    valueAfterTap(showing: state.visible)
  }

  /// Sends a write of `desired` for record `id`, if the row is shown and its gate lets it; a
  /// tap the list holds (``hold(_:desired:)``) sends nothing.
  func write(_ desired: OptimisticValue, to id: String) -> AnyHashable? {
    guard list.isShown(id), var state = states[id] else { return nil }
    if hold(&state, desired: desired) {
      states[id] = state
      refreshList()
      return nil
    }
    let ticket = nextTicket
    guard start(&state, desired: desired, ticket: ticket) else { return nil }
    nextTicket += 1
    states[id] = state
    let token = send(Request(record: id, session: session, ticket: ticket, isSync: false))
    if tokenOfWrite[id] == nil { tokenOfWrite[id] = [:] }
    tokenOfWrite[id]?[ticket] = token
    startTimeout(of: token)
    refreshList()
    return token
  }

  open func tapAll(records ids: [String]) -> AnyHashable? {
    guard ids.count > 1, Set(ids).count == ids.count else { return nil }
    let ticket = nextTicket
    var started: [String: FavoriteState] = [:]
    var intents: [RecordValue] = []
    for id in ids {
      guard list.isShown(id), var state = states[id] else { return nil }
      let desired = intent(ofTapOn: state)
      guard start(&state, desired: desired, ticket: ticket) else { return nil }
      started[id] = state
      intents.append(RecordValue(id: id, value: desired))
    }
    nextTicket += 1
    states.merge(started) { _, new in new }
    let token = send(
      Request(record: "", session: session, ticket: ticket, isSync: false, batch: intents))
    for id in ids {
      if tokenOfWrite[id] == nil { tokenOfWrite[id] = [:] }
      tokenOfWrite[id]?[ticket] = token
    }
    startTimeout(of: token)
    refreshList()
    return token
  }

  open func respond(toBatch token: AnyHashable, with outcome: BatchOutcome) {
    guard let request = request(of: token), !request.batch.isEmpty else { return }
    stopTimeout(of: token)
    for record in records(answeredBy: request) {
      guard var state = states[record] else { continue }
      let wasBlocked = state.needsSync
      settle(&state, answering: request, with: self.outcome(of: outcome, for: record, in: request))
      states[record] = state
      rereadIfBlocked(record, wasBlocked: wasBlocked)
    }
    refreshList()
  }

  /// The records an answer to the batch `request` settles: every record it carries.
  open func records(answeredBy batch: Request) -> [String] {
    batch.batch.map(\.id)
  }

  /// What the answer to a batch means for one of its records: the whole batch's outcome, or the
  /// record's own; a record the answer does not name may or may not have been saved (unknown).
  open func outcome(of answer: BatchOutcome, for record: String, in batch: Request)
    -> ServerOutcome
  {
    answer.outcome(for: record) ?? .unknown
  }

  /// Keeps a tap of `desired` on `state` to send later instead of now (a queue); the reference
  /// list keeps none.
  ///
  /// - Returns: Whether the tap was kept (and so nothing is sent now).
  open func hold(_ state: inout FavoriteState, desired: OptimisticValue) -> Bool {
    false
  }

  /// The in-flight gate: starts a write of `desired` on `state`, unless a write is pending or a
  /// sync is due.
  ///
  /// - Returns: Whether the write started.
  open func start(_ state: inout FavoriteState, desired: OptimisticValue, ticket: Int) -> Bool {
    state.begin(desired, ticket: ticket)
  }

  open func respond(to token: AnyHashable, with outcome: ServerOutcome) {
    guard let request = request(of: token), !request.isSync,
      let record = record(answeredBy: request), var state = states[record]
    else { return }
    stopTimeout(of: token)
    let wasBlocked = state.needsSync
    settle(&state, answering: request, with: outcome)
    states[record] = state
    rereadIfBlocked(record, wasBlocked: wasBlocked)
    retryIfKept(record, after: request)
    refreshList()
  }

  /// Applies the answer to the write `request` to its record's state.
  open func settle(
    _ state: inout FavoriteState, answering request: Request, with outcome: ServerOutcome
  ) {
    state.finish(request.ticket, outcome: outcome)
  }

  open func startSync(record id: String) -> AnyHashable? {
    guard list.row(for: id) != nil, states[id] != nil else { return nil }
    let ticket = nextTicket
    nextTicket += 1
    states[id]?.beginSync(ticket: ticket)
    return send(Request(record: id, session: session, ticket: ticket, isSync: true))
  }

  open func respond(toSync token: AnyHashable, with outcome: SyncOutcome) {
    guard let request = request(of: token), request.isSync, !request.isRefresh,
      let record = record(answeredBy: request)
    else { return }
    states[record]?.finishSync(request.ticket, outcome: outcome)
    refreshList()
  }

  open func cancel(request token: AnyHashable) {
    guard let request = request(of: token), !request.isSync,
      let record = record(answeredBy: request), var state = states[record]
    else { return }
    stopTimeout(of: token)
    let wasBlocked = state.needsSync
    withdraw(&state, cancelling: request)
    states[record] = state
    rereadIfBlocked(record, wasBlocked: wasBlocked)
    retryIfKept(record, after: request)
    refreshList()
  }

  /// Starts the list's own read of record `id` when an answer or a cancel just blocked it (and
  /// the list rereads automatically): the outcome of its write is unknown, so its value must be
  /// read from the server before further writes.
  private func rereadIfBlocked(_ id: String, wasBlocked: Bool) {
    guard rereadsAutomatically, !wasBlocked, var state = states[id], state.needsSync else { return }
    let ticket = nextTicket
    nextTicket += 1
    reread(&state, ticket: ticket)
    states[id] = state
    let token = send(Request(record: id, session: session, ticket: ticket, isSync: true))
    startedReads.append(StartedRead(record: id, request: token))
  }

  /// Makes the list's own read `ticket` the record's sync in flight, so its answer (and only its
  /// answer, or a newer sync's) unblocks the record.
  open func reread(_ state: inout FavoriteState, ticket: Int) {
    state.beginSync(ticket: ticket)
  }

  /// Sends the write of record `id` again after the unknown outcome of `request`, under
  /// keep-and-retry.
  ///
  /// Only when the list keeps and retries (``UnknownOutcomeRule/keepAndRetry``) and the outcome
  /// left the record pending on `request`: the retry carries the provisional value under a new ticket (with a timeout of
  /// its own), becomes the record's pending write, and is reported by ``takeStartedWrites()``.
  /// An answer to the abandoned attempt then changes nothing: its ticket is no longer pending.
  private func retryIfKept(_ id: String, after request: Request) {
    guard unknownOutcomeRule == .keepAndRetry, request.batch.isEmpty, let state = states[id],
      state.pending == request.ticket
    else { return }
    let ticket = nextTicket
    nextTicket += 1
    states[id] = FavoriteState(
      confirmed: state.confirmed, visible: state.visible, pending: ticket,
      needsSync: state.needsSync, syncing: state.syncing)
    let token = send(Request(record: id, session: session, ticket: ticket, isSync: false))
    if tokenOfWrite[id] == nil { tokenOfWrite[id] = [:] }
    tokenOfWrite[id]?[ticket] = token
    startTimeout(of: token)
    startedWrites.append(StartedWrite(record: id, value: state.visible, request: token))
  }

  /// The writes the list sent by itself since the last call: its retries under keep-and-retry.
  open func takeStartedWrites() -> [StartedWrite] {
    defer { startedWrites = [] }
    return startedWrites
  }

  public func takeStartedReads() -> [StartedRead] {
    defer { startedReads = [] }
    return startedReads
  }

  /// Applies the cancellation of the write `request`: its outcome becomes unknown.
  open func withdraw(_ state: inout FavoriteState, cancelling request: Request) {
    state.cancel(request.ticket)
  }

  open func reorder(to order: [String]) {
    list.reorder(order)
  }

  /// Shows only the records showing on (`true`) or off (`false`), or every record (`nil`).
  public func filter(showing value: Bool?) {
    filter(showing: value.map { OptimisticValue($0) })
  }

  open func filter(showing value: OptimisticValue?) {
    list.showOnly(value)
    for id in states.keys.sorted() where !list.isShown(id) {
      guard var state = states[id] else { continue }
      hide(&state)
      states[id] = state
    }
    refreshList()
  }

  /// What hiding a record's row does to its state: nothing — a hidden record keeps its write in
  /// flight, its sync due and its values, and answers still reach it by id.
  open func hide(_ state: inout FavoriteState) {}

  open func startRefresh() -> AnyHashable? {
    let ticket = nextTicket
    nextTicket += 1
    refreshing = ticket
    return send(
      Request(record: "", session: session, ticket: ticket, isSync: true, isRefresh: true))
  }

  open func respond(toRefresh token: AnyHashable, with outcome: RefreshOutcome) {
    guard let request = request(of: token), request.isRefresh, answers(refresh: request) else {
      return
    }
    refreshing = nil
    guard case .list(let values) = outcome else { return }
    for value in values {
      guard var state = states[value.id] else { continue }
      state.reload(value.value)
      states[value.id] = state
    }
    refreshList()
  }

  /// Whether an answer to the refresh `request` applies: only the newest refresh's does, and
  /// only once.
  open func answers(refresh request: Request) -> Bool {
    request.ticket == refreshing
  }

  /// Signs out and in: every record gets the new session's value; requests of the old session
  /// no longer apply, and tickets start again at 1.
  public func replaceSession(with records: [RecordValue]) {
    session += 1
    nextTicket = 1
    refreshing = nil
    let old = states
    states.removeAll()
    for record in records {
      var state = old[record.id] ?? FavoriteState(record.value)
      reset(&state, forNewSessionWith: record.value)
      states[record.id] = state
    }
    showRows(of: records)
  }

  /// What a session change does to a record's state: it starts afresh from the new value.
  open func reset(_ state: inout FavoriteState, forNewSessionWith value: OptimisticValue) {
    state.replaceSession(with: value)
  }

  /// Whether an answer to `request` belongs to the current session.
  open func isCurrent(_ request: Request) -> Bool {
    request.session == session
  }

  /// The record an answer to `request` is for: the one it was sent for, found by id.
  open func record(answeredBy request: Request) -> String? {
    request.record
  }

  /// How a row shows its record: the star is the shown value, the saving indicator shows
  /// exactly while a write is pending, and taps are accepted when none is and no sync is due.
  open func row(for id: String, showing state: FavoriteState) -> FavoritesListViewModel.Row {
    FavoritesListViewModel.Row(
      id: id, displayed: state.visible, isSaving: state.pending != nil,
      isTapEnabled: state.pending == nil && !state.needsSync)
  }

  /// Shows the rows of `records`, in their order.
  private func showRows(of records: [RecordValue]) {
    list.show(
      records.compactMap { record in
        states[record.id].map { row(for: record.id, showing: $0) }
      })
  }

  /// Re-derives every row from its record's state.
  public func refreshList() {
    list.update(
      states.reduce(into: [:]) { rows, entry in
        rows[entry.key] = row(for: entry.key, showing: entry.value)
      })
  }

  // MARK: - Write timeouts

  /// How long a write or a batch may go unanswered: the list's timeout.
  public var writeTimeout: Duration? { timeout }

  /// Takes the runner's clock: every timeout from now on is timed on it.
  ///
  /// - Parameter clock: The clock to read time from and to set timers on.
  public func useClock(_ clock: any ContractClock) {
    self.clock = clock
  }

  /// Sets the timeout timer of the write or batch `token`, when the list declares a timeout.
  private func startTimeout(of token: Int) {
    guard let timeout else { return }
    timers[token] = clock.schedule(after: timeout) { [weak self] in
      self?.timeOut(token)
    }
  }

  /// Stops the timeout timer of the write or batch `token`: its answer came, or it was cancelled.
  open func stopTimeout(of token: AnyHashable) {
    guard let number = token as? Int else { return }
    timers.removeValue(forKey: number)?.cancel()
  }

  /// Gives up on the write or batch `token` whose timeout elapsed with no answer: each of its
  /// records is withdrawn as a cancel withdraws it, and, when the list rereads automatically, a
  /// record just blocked is read.
  private func timeOut(_ token: Int) {
    timers[token] = nil
    guard let request = request(of: token), !request.isSync else { return }
    let records = request.batch.isEmpty ? [request.record] : request.batch.map(\.id)
    for record in records {
      guard var state = states[record] else { continue }
      let wasBlocked = state.needsSync
      timeOut(&state, timingOut: request)
      states[record] = state
      rereadIfBlocked(record, wasBlocked: wasBlocked)
      retryIfKept(record, after: request)
    }
    refreshList()
  }

  /// Applies the timeout of the write `request` to one of its records: exactly a cancel — the
  /// outcome is unknown, so the provisional value is withdrawn and a sync is due.
  open func timeOut(_ state: inout FavoriteState, timingOut request: Request) {
    withdraw(&state, cancelling: request)
  }

  public var order: [String] { list.rows.map(\.id) }

  public func state(of id: String) -> RecordState? {
    guard let state = states[id], let row = list.row(for: id) else { return nil }
    let token = state.pending.flatMap { tokenOfWrite[id]?[$0] }
    return RecordState(
      confirmed: state.confirmed, displayed: row.displayed,
      pendingRequest: token.map { AnyHashable($0) }, needsSync: state.needsSync,
      isSaving: row.isSaving, isTapEnabled: row.isTapEnabled)
  }

  /// The request a token stands for, if it belongs to the current session.
  public func request(of token: AnyHashable) -> Request? {
    guard let number = token as? Int, requests.indices.contains(number - 1) else { return nil }
    let request = requests[number - 1]
    return isCurrent(request) ? request : nil
  }

  /// Hands `request` to the network double and returns its token.
  private func send(_ request: Request) -> Int {
    requests.append(request)
    return requests.count
  }
}
