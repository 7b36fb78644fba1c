import Contracts

/// The reference optimistic-update subject: a list of favourites, one ``FavoriteState`` per
/// record, a list view model, sessions, and a network double that holds each request's
/// completion.
///
/// A request — a write or a sync — captures the record id, the session and the ticket; an answer
/// is applied only if its session is current and its ticket is the record's pending one. Tickets
/// restart at 1 in every session, so the session check is needed, not implied by the ticket check.
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
  }

  /// The list the user sees.
  public let list = FavoritesListViewModel()
  /// Each record's state, by id.
  public private(set) var states: [String: FavoriteState] = [:]
  /// The current session.
  public private(set) var session = 1
  private var nextTicket = 1
  private var requests: [Int: Request] = [:]
  private var tokenOfWrite: [String: [Int: Int]] = [:]
  private var nextToken = 1

  /// Creates an empty list.
  public init() {}

  open var capabilities: Set<SubjectCapability> {
    [.cancellation, .sorting, .sessions, .uiLayer]
  }

  open func load(_ records: [RecordValue]) {
    for record in records {
      states[record.id] = FavoriteState(record.value)
    }
    showRows(of: records)
  }

  open func tap(record id: String) -> AnyHashable? {
    guard list.row(for: id) != nil, var state = states[id] else { return nil }
    let ticket = nextTicket
    guard start(&state, desired: !state.visible, ticket: ticket) else { return nil }
    nextTicket += 1
    states[id] = state
    let token = send(Request(record: id, session: session, ticket: ticket, isSync: false))
    var tokens = tokenOfWrite[id] ?? [:]
    tokens[ticket] = token
    tokenOfWrite[id] = tokens
    refreshList()
    return token
  }

  /// The in-flight gate: starts a write of `desired` on `state`, unless a write is pending or a
  /// sync is due.
  ///
  /// - Returns: Whether the write started.
  open func start(_ state: inout FavoriteState, desired: Bool, ticket: Int) -> Bool {
    state.begin(desired, ticket: ticket)
  }

  open func respond(to token: AnyHashable, with outcome: ServerOutcome) {
    guard let request = request(of: token), !request.isSync,
      let record = record(answeredBy: request), var state = states[record]
    else { return }
    settle(&state, answering: request, with: outcome)
    states[record] = state
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
    guard let request = request(of: token), request.isSync,
      let record = record(answeredBy: request)
    else { return }
    states[record]?.finishSync(request.ticket, outcome: outcome)
    refreshList()
  }

  open func cancel(request token: AnyHashable) {
    guard let request = request(of: token), !request.isSync,
      let record = record(answeredBy: request), var state = states[record]
    else { return }
    withdraw(&state, cancelling: request)
    states[record] = state
    refreshList()
  }

  /// Applies the cancellation of the write `request`: its outcome becomes unknown.
  open func withdraw(_ state: inout FavoriteState, cancelling request: Request) {
    state.cancel(request.ticket)
  }

  open func reorder(to order: [String]) {
    list.reorder(order)
  }

  /// Signs out and in: every record gets the new session's value; requests of the old session
  /// no longer apply, and tickets start again at 1.
  public func replaceSession(with records: [RecordValue]) {
    session += 1
    nextTicket = 1
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
  open func reset(_ state: inout FavoriteState, forNewSessionWith value: Bool) {
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
    guard let number = token as? Int, let request = requests[number], isCurrent(request) else {
      return nil
    }
    return request
  }

  /// Hands `request` to the network double and returns its token.
  private func send(_ request: Request) -> Int {
    let token = nextToken
    nextToken += 1
    requests[token] = request
    return token
  }
}
