import Contracts
import ReferenceModels

/// The seed's optimistic model as a subject, with nothing around it: one ``FavoriteState`` per
/// record, the list's order, sessions whose tickets restart at 1, and an integer token per
/// request — the same model the Hypothesis machine of the benchmark drives, in Swift.
@MainActor
final class SeedFavorites: OptimisticUpdateSubject {
  /// A request in flight: its record, session and ticket.
  private struct Request {
    var record: String
    var session: Int
    var ticket: Int
    var isSync: Bool
  }

  private var states: [String: FavoriteState] = [:]
  private var rows: [String] = []
  private var session = 1
  private var nextTicket = 1
  private var requests: [Request] = []
  /// Per record, the token of each pending ticket.
  private var tokens: [String: (ticket: Int, token: Int)] = [:]

  var capabilities: Set<SubjectCapability> { [.cancellation, .sorting, .sessions] }
  var order: [String] { rows }

  func load(_ records: [RecordValue]) {
    for record in records { states[record.id] = FavoriteState(record.value) }
    rows = records.map(\.id)
  }

  func replaceSession(with records: [RecordValue]) {
    session += 1
    nextTicket = 1
    states = [:]
    tokens = [:]
    load(records)
  }

  func reorder(to order: [String]) {
    rows = order.filter { states[$0] != nil } + rows.filter { !order.contains($0) }
  }

  private func send(_ record: String, ticket: Int, isSync: Bool) -> Int {
    requests.append(Request(record: record, session: session, ticket: ticket, isSync: isSync))
    return requests.count - 1
  }

  /// The request a token stands for, if it is of the current session and of the right kind.
  private func request(_ token: AnyHashable, isSync: Bool) -> Request? {
    guard let index = token as? Int, requests.indices.contains(index) else { return nil }
    let request = requests[index]
    return request.session == session && request.isSync == isSync ? request : nil
  }

  func tap(record id: String) -> AnyHashable? {
    guard var state = states[id], state.begin(state.visible.isOn ? .off : .on, ticket: nextTicket)
    else {
      return nil
    }
    let token = send(id, ticket: nextTicket, isSync: false)
    tokens[id] = (nextTicket, token)
    nextTicket += 1
    states[id] = state
    return token
  }

  func respond(to token: AnyHashable, with outcome: ServerOutcome) {
    guard let request = request(token, isSync: false) else { return }
    states[request.record]?.finish(request.ticket, outcome: outcome)
  }

  func cancel(request token: AnyHashable) {
    guard let request = request(token, isSync: false) else { return }
    states[request.record]?.cancel(request.ticket)
  }

  func startSync(record id: String) -> AnyHashable? {
    guard states[id] != nil else { return nil }
    let token = send(id, ticket: nextTicket, isSync: true)
    states[id]?.beginSync(ticket: nextTicket)
    nextTicket += 1
    return token
  }

  func respond(toSync token: AnyHashable, with outcome: SyncOutcome) {
    guard let request = request(token, isSync: true) else { return }
    states[request.record]?.finishSync(request.ticket, outcome: outcome)
  }

  func state(of id: String) -> RecordState? {
    guard let state = states[id] else { return nil }
    let token = state.pending.flatMap { ticket in
      tokens[id].flatMap { $0.ticket == ticket ? AnyHashable($0.token) : nil }
    }
    return RecordState(
      confirmed: state.confirmed, displayed: state.visible, pendingRequest: token,
      needsSync: state.needsSync, isSaving: state.pending != nil,
      isTapEnabled: state.pending == nil && !state.needsSync)
  }
}
