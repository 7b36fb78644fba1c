/// The reference optimistic-update subject: a list of favourites, one `FavoriteState` per record,
/// a list view model, sessions, and a network double that holds each request's completion.
///
/// A request captures the record id, the session and the ticket; an answer is applied only if
/// its session is current and its ticket is the record's pending one. Tickets restart at 1 in
/// every session, so the session check is needed, not implied by the ticket check.
@MainActor
public final class ReferenceFavorites: OptimisticUpdateSubject {
  /// A write in flight, as the network layer captured it.
  private struct Request {
    var record: String
    var session: Int
    var ticket: Int
  }

  /// The list the user sees.
  public let list = FavoritesListViewModel()
  private var states: [String: FavoriteState] = [:]
  private var session = 1
  private var nextTicket = 1
  private var requests: [Int: Request] = [:]
  private var nextToken = 1

  /// Creates an empty list.
  public init() {}

  public var capabilities: Set<SubjectCapability> { [.cancellation, .sorting, .sessions] }

  public func load(_ records: [RecordValue]) {
    for record in records {
      states[record.id] = FavoriteState(record.value)
    }
    list.reload(order: records.map(\.id), states: states)
  }

  public func tap(record id: String) -> AnyHashable? {
    guard let row = list.row(for: id), var state = states[row.id] else { return nil }
    let ticket = nextTicket
    guard state.begin(!state.visible, ticket: ticket) else { return nil }
    nextTicket += 1
    states[row.id] = state
    let token = nextToken
    nextToken += 1
    requests[token] = Request(record: row.id, session: session, ticket: ticket)
    list.refresh(from: states)
    return token
  }

  public func respond(to token: AnyHashable, with outcome: ServerOutcome) {
    guard let request = currentRequest(token) else { return }
    states[request.record]?.finish(request.ticket, outcome: outcome)
    list.refresh(from: states)
  }

  public func cancel(request token: AnyHashable) {
    guard let request = currentRequest(token) else { return }
    states[request.record]?.cancel(request.ticket)
    list.refresh(from: states)
  }

  public func completeSync(record id: String, value: Bool) {
    states[id]?.completeSync(value)
    list.refresh(from: states)
  }

  public func sort(by order: [String]) {
    list.reorder(order)
  }

  public func replaceSession(with records: [RecordValue]) {
    session += 1
    nextTicket = 1
    states.removeAll()
    for record in records {
      states[record.id] = FavoriteState(record.value)
    }
    list.reload(order: records.map(\.id), states: states)
  }

  public var order: [String] { list.rows.map(\.id) }

  public func state(of id: String) -> RecordState? {
    guard let state = states[id], let row = list.row(for: id) else { return nil }
    let pendingToken = state.pending.flatMap { ticket in
      requests.first {
        $0.value.record == id && $0.value.session == session && $0.value.ticket == ticket
      }?.key
    }
    return RecordState(
      confirmed: state.confirmed, displayed: row.displayed,
      pendingRequest: pendingToken.map { AnyHashable($0) }, needsSync: state.needsSync,
      isSaving: row.isSaving, isTapEnabled: row.isTapEnabled)
  }

  /// The request `token` names, if it belongs to the current session.
  private func currentRequest(_ token: AnyHashable) -> Request? {
    guard let number = token as? Int, let request = requests[number], request.session == session
    else { return nil }
    return request
  }
}
