/// The reference optimistic-update subject: a list of favourites, one `FavoriteState` per record,
/// a list view model, sessions, and a network double that holds each request's completion.
///
/// A request — a write or a sync — captures the record id, the session and the ticket; an answer
/// is applied only if its session is current and its ticket is the record's pending one. Tickets
/// restart at 1 in every session, so the session check is needed, not implied by the ticket check.
///
/// The fault catalogue builds the same list with one planted bug (``FavoritesFault``); every
/// `fault` branch is such a bug, and the reference list takes none of them.
@MainActor
public final class ReferenceFavorites: OptimisticUpdateSubject {
  /// A request in flight, as the network layer captured it.
  private struct Request {
    var record: String
    var row: Int
    var session: Int
    var ticket: Int
    var isSync: Bool
  }

  /// The list the user sees.
  public let list = FavoritesListViewModel()
  private let fault: FavoritesFault?
  private var states: [String: FavoriteState] = [:]
  private var session = 1
  private var nextTicket = 1
  private var requests: [Int: Request] = [:]
  private var nextToken = 1
  /// Rows whose spinner was switched on by a tap (only the `saving-not-bound` fault keeps these).
  private var spinning: Set<String> = []

  /// Creates an empty list.
  public convenience init() {
    self.init(fault: nil)
  }

  /// Creates a list with a planted bug, for the fault catalogue.
  init(fault: FavoritesFault?) {
    self.fault = fault
  }

  public var capabilities: Set<SubjectCapability> {
    [.cancellation, .sorting, .sessions, .uiLayer]
  }

  public func load(_ records: [RecordValue]) {
    for record in records {
      states[record.id] = FavoriteState(record.value, fault: fault)
    }
    list.reload(order: records.map(\.id), states: states)
    refreshList()
  }

  public func tap(record id: String) -> AnyHashable? {
    guard let row = list.rows.firstIndex(where: { $0.id == id }), var state = states[id] else {
      return nil
    }
    if fault == .globalPendingFlag, states.values.contains(where: { $0.pending != nil }) {
      return nil
    }
    let ticket = nextTicket
    guard state.begin(!state.visible, ticket: ticket) else { return nil }
    nextTicket += 1
    states[id] = state
    let token = send(Request(record: id, row: row, session: session, ticket: ticket, isSync: false))
    spinning.insert(id)
    refreshList()
    return token
  }

  public func startSync(record id: String) -> AnyHashable? {
    guard let row = list.rows.firstIndex(where: { $0.id == id }), states[id] != nil else {
      return nil
    }
    let ticket = nextTicket
    nextTicket += 1
    states[id]?.beginSync(ticket: ticket)
    return send(Request(record: id, row: row, session: session, ticket: ticket, isSync: true))
  }

  public func respond(toSync token: AnyHashable, with outcome: SyncOutcome) {
    guard let (record, request) = resolve(token), request.isSync else { return }
    states[record]?.finishSync(request.ticket, outcome: outcome)
    refreshList()
  }

  public func respond(to token: AnyHashable, with outcome: ServerOutcome) {
    guard let (record, request) = resolve(token), !request.isSync else { return }
    states[record]?.finish(request.ticket, outcome: outcome)
    if case .saved = outcome {
      spinning.remove(record)
    }
    refreshList()
  }

  public func cancel(request token: AnyHashable) {
    guard let (record, request) = resolve(token), !request.isSync else { return }
    states[record]?.cancel(request.ticket)
    refreshList()
  }

  public func reorder(to order: [String]) {
    list.reorder(order)
  }

  public func replaceSession(with records: [RecordValue]) {
    session += 1
    nextTicket = 1
    if fault == .sessionKeepsState {
      for record in records {
        states[record.id, default: FavoriteState(record.value, fault: fault)]
          .replaceSession(with: record.value)
      }
    } else {
      states.removeAll()
      for record in records {
        states[record.id] = FavoriteState(record.value, fault: fault)
      }
      spinning.removeAll()
    }
    list.reload(order: records.map(\.id), states: states)
    refreshList()
  }

  public var order: [String] { list.rows.map(\.id) }

  public func state(of id: String) -> RecordState? {
    guard let state = states[id], let row = list.row(for: id) else { return nil }
    let pendingToken = state.pending.flatMap { ticket in
      requests.filter { $0.value.record == id && $0.value.ticket == ticket && !$0.value.isSync }
        .keys.max()
    }
    return RecordState(
      confirmed: state.confirmed, displayed: row.displayed,
      pendingRequest: pendingToken.map { AnyHashable($0) }, needsSync: state.needsSync,
      isSaving: row.isSaving, isTapEnabled: row.isTapEnabled)
  }

  /// Hands `request` to the network double and returns its token.
  private func send(_ request: Request) -> AnyHashable {
    let token = nextToken
    nextToken += 1
    requests[token] = request
    return token
  }

  /// The record an answer to `token` is for, and the request, if it belongs to this session.
  private func resolve(_ token: AnyHashable) -> (String, Request)? {
    guard let number = token as? Int, let request = requests[number] else { return nil }
    let sessionUnchecked =
      request.isSync ? fault == .oldSessionSyncAccepted : fault == .oldSessionAccepted
    guard request.session == session || sessionUnchecked else { return nil }
    if fault == .rowNumberIdentity {
      guard list.rows.indices.contains(request.row) else { return nil }
      return (list.rows[request.row].id, request)
    }
    return (request.record, request)
  }

  private func refreshList() {
    list.refresh(
      from: states, savingOverride: fault == .savingNotBound ? spinning : nil,
      tapLock: fault == .globalPendingFlag && states.values.contains { $0.pending != nil })
  }
}
