// docs/subjects.md shows this file from here to its end, verbatim; a test keeps the two the same.
import Contracts

/// A vote button with the pessimistic display: the count stays the server's until the answer.
struct Vote {
  var confirmed: OptimisticValue
  var sending: (ticket: Int, value: OptimisticValue)?
  var mustRead = false
}

/// The adapter: tickets count up across sessions, so an old session's answer never matches.
@MainActor
final class PessimisticVotesSubject: OptimisticUpdateSubject {
  private var votes: [String: Vote] = [:]
  private var ids: [String] = []
  private var reads: [Int: String] = [:]
  private var owners: [Int: String] = [:]
  private var lastTicket = 0

  var displayRule: DisplayRule { .pessimistic }
  var capabilities: Set<SubjectCapability> { [.sessions] }
  var order: [String] { ids }

  func load(_ records: [RecordValue]) {
    votes = [:]
    reads = [:]
    owners = [:]
    for record in records { votes[record.id] = Vote(confirmed: record.value) }
    ids = records.map(\.id)
  }

  func tap(record id: String) -> AnyHashable? {
    guard var vote = votes[id], vote.sending == nil, !vote.mustRead else { return nil }
    lastTicket += 1
    vote.sending = (lastTicket, valueAfterTap(showing: vote.confirmed))
    votes[id] = vote
    owners[lastTicket] = id
    return lastTicket
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let ticket = request as? Int, let id = owners[ticket], var vote = votes[id],
      vote.sending?.ticket == ticket
    else { return }
    vote.sending = nil
    switch outcome {
    case .saved(let value): vote.confirmed = value
    case .rejected: break
    case .unknown: vote.mustRead = true
    }
    votes[id] = vote
  }

  func startSync(record id: String) -> AnyHashable? {
    guard votes[id] != nil else { return nil }
    lastTicket += 1
    reads = reads.filter { $0.value != id }
    reads[lastTicket] = id
    return lastTicket
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let ticket = request as? Int, let id = reads.removeValue(forKey: ticket),
      case .value(let value) = outcome
    else { return }
    votes[id]?.confirmed = value
    votes[id]?.mustRead = false
  }

  func replaceSession(with records: [RecordValue]) {
    load(records)
  }

  func state(of id: String) -> RecordState? {
    guard let vote = votes[id] else { return nil }
    let pending = vote.sending != nil
    return RecordState(
      confirmed: vote.confirmed,
      displayed: displayRule.shown(confirmed: vote.confirmed, provisional: vote.sending?.value),
      pendingRequest: vote.sending.map { AnyHashable($0.ticket) }, needsSync: vote.mustRead,
      isSaving: pending, isTapEnabled: !pending && !vote.mustRead)
  }
}
