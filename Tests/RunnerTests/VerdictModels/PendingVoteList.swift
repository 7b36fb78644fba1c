import Contracts

/// A pessimistic vote list written for the verdict set against the protocol alone, as lemmy-ui's
/// votes behave: a vote is sent and its row spins, but the row keeps the server's count until the
/// answer — then shows what the server settled.
///
/// Each vote keeps the server's value, the request in flight with the value it asks for, and
/// whether the server must be read again; requests carry a generation that a session change
/// bumps. The rows are drawn from the votes by `draw()`.
@MainActor
class PendingVoteList: OptimisticUpdateSubject {
  /// One vote.
  struct Vote {
    var server: OptimisticValue
    var asking: (request: Int, value: OptimisticValue)?
    var reading: Int?
    var stale = false
  }

  /// One drawn row.
  struct Drawn {
    var value: OptimisticValue
    var spinning: Bool
    var enabled: Bool
  }

  var votes: [String: Vote] = [:]
  var rowOrder: [String] = []
  var drawn: [String: Drawn] = [:]
  /// Each request's record and generation.
  var issued: [Int: (record: String, generation: Int)] = [:]
  var generation = 1
  var counter = 0

  init() {}

  var displayRule: DisplayRule { .pessimistic }
  var capabilities: Set<SubjectCapability> { [.sessions, .cancellation, .sorting, .uiLayer] }
  var order: [String] { rowOrder }

  func load(_ records: [RecordValue]) {
    votes = Dictionary(uniqueKeysWithValues: records.map { ($0.id, Vote(server: $0.value)) })
    rowOrder = records.map(\.id)
    draw()
  }

  func tap(record id: String) -> AnyHashable? {
    guard var vote = votes[id], vote.asking == nil, !vote.stale else { return nil }
    let request = issue(for: id)
    vote.asking = (request, vote.server == .off ? .on : .off)
    votes[id] = vote
    draw()
    return request
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let number = request as? Int, let id = current(number), var vote = votes[id],
      vote.asking?.request == number
    else { return }
    vote.asking = nil
    switch outcome {
    case .saved(let value): vote.server = value
    case .rejected: break
    case .unknown: vote.stale = true
    }
    votes[id] = vote
    draw()
  }

  func startSync(record id: String) -> AnyHashable? {
    guard votes[id] != nil else { return nil }
    let request = issue(for: id)
    votes[id]?.reading = request
    return request
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let number = request as? Int, let id = current(number), var vote = votes[id],
      vote.reading == number
    else { return }
    vote.reading = nil
    if case .value(let value) = outcome {
      vote.server = value
      vote.stale = false
    }
    votes[id] = vote
    draw()
  }

  func cancel(request: AnyHashable) {
    guard let number = request as? Int, let id = current(number), var vote = votes[id],
      vote.asking?.request == number
    else { return }
    vote.asking = nil
    vote.stale = true
    votes[id] = vote
    draw()
  }

  func reorder(to order: [String]) {
    rowOrder = order.filter { votes[$0] != nil } + rowOrder.filter { !order.contains($0) }
  }

  func replaceSession(with records: [RecordValue]) {
    generation += 1
    load(records)
  }

  /// Numbers a request for `id` in the current generation.
  func issue(for id: String) -> Int {
    counter += 1
    issued[counter] = (id, generation)
    return counter
  }

  /// The record of request `number`, if it was issued in the current generation.
  func current(_ number: Int) -> String? {
    guard let sent = issued[number], sent.generation == generation else { return nil }
    return sent.record
  }

  /// The value a row draws for `vote`: the server's, pending or not.
  func value(drawnFor vote: Vote) -> OptimisticValue {
    vote.server
  }

  /// Draws every row from its vote.
  func draw() {
    drawn = votes.mapValues { vote in
      Drawn(
        value: value(drawnFor: vote), spinning: vote.asking != nil,
        enabled: vote.asking == nil && !vote.stale)
    }
  }

  func state(of id: String) -> RecordState? {
    guard let vote = votes[id], let row = drawn[id] else { return nil }
    return RecordState(
      confirmed: vote.server, displayed: row.value,
      pendingRequest: vote.asking.map { AnyHashable($0.request) }, needsSync: vote.stale,
      isSaving: row.spinning, isTapEnabled: row.enabled)
  }
}

/// One bug: the list declares the pessimistic display, but draws the vote asked for while it is
/// pending.
@MainActor
final class PendingVoteListDrawingWish: PendingVoteList {
  override func value(drawnFor vote: Vote) -> OptimisticValue {
    vote.asking?.value ?? vote.server
  }
}
