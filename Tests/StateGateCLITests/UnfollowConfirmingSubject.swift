// docs/subjects.md shows this file from here to its end, verbatim; a test keeps the two the same.
import Contracts

/// A follow button that asks "Unfollow?" before it unfollows; following writes at once.
struct Follow {
  var confirmed: OptimisticValue
  var sending: (ticket: Int, value: OptimisticValue)?
  var mustRead = false
  /// The value the open "Unfollow?" question would write, while it is open.
  var asking: OptimisticValue?
}

/// The adapter: tickets count up across sessions, so an old session's answer never matches.
@MainActor
final class UnfollowConfirmingSubject: OptimisticUpdateSubject {
  private var follows: [String: Follow] = [:]
  private var ids: [String] = []
  private var reads: [Int: String] = [:]
  private var owners: [Int: String] = [:]
  private var lastTicket = 0

  var confirmationRule: ConfirmationRule { .beforeRemoving }
  var capabilities: Set<SubjectCapability> { [.sessions] }
  var order: [String] { ids }

  func load(_ records: [RecordValue]) {
    follows = [:]
    reads = [:]
    owners = [:]
    for record in records { follows[record.id] = Follow(confirmed: record.value) }
    ids = records.map(\.id)
  }

  func tap(record id: String) -> AnyHashable? {
    guard var follow = follows[id], follow.sending == nil, !follow.mustRead,
      follow.asking == nil
    else { return nil }
    let wanted = valueAfterTap(showing: follow.confirmed)
    if confirmationRule.asks(writing: wanted, choices: choices) {
      follow.asking = wanted
      follows[id] = follow
      return nil
    }
    return send(wanted, to: id)
  }

  func confirm(record id: String) -> AnyHashable? {
    guard let wanted = follows[id]?.asking else { return nil }
    follows[id]?.asking = nil
    return send(wanted, to: id)
  }

  func decline(record id: String) {
    follows[id]?.asking = nil
  }

  private func send(_ value: OptimisticValue, to id: String) -> AnyHashable? {
    guard var follow = follows[id], follow.sending == nil, !follow.mustRead,
      follow.confirmed != value
    else { return nil }
    lastTicket += 1
    follow.sending = (lastTicket, value)
    follows[id] = follow
    owners[lastTicket] = id
    return lastTicket
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let ticket = request as? Int, let id = owners[ticket], var follow = follows[id],
      follow.sending?.ticket == ticket
    else { return }
    follow.sending = nil
    switch outcome {
    case .saved(let value): follow.confirmed = value
    case .rejected: break
    case .unknown: follow.mustRead = true
    }
    follows[id] = follow
  }

  func startSync(record id: String) -> AnyHashable? {
    guard follows[id] != nil else { return nil }
    lastTicket += 1
    reads = reads.filter { $0.value != id }
    reads[lastTicket] = id
    return lastTicket
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let ticket = request as? Int, let id = reads.removeValue(forKey: ticket),
      case .value(let value) = outcome
    else { return }
    follows[id]?.confirmed = value
    follows[id]?.mustRead = false
  }

  func replaceSession(with records: [RecordValue]) {
    load(records)
  }

  func state(of id: String) -> RecordState? {
    guard let follow = follows[id] else { return nil }
    let pending = follow.sending != nil
    return RecordState(
      confirmed: follow.confirmed, displayed: follow.sending?.value ?? follow.confirmed,
      pendingRequest: follow.sending.map { AnyHashable($0.ticket) }, needsSync: follow.mustRead,
      isSaving: pending, isTapEnabled: !pending && !follow.mustRead,
      isAsking: follow.asking != nil)
  }
}
