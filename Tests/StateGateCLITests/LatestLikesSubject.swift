// docs/subjects.md shows this file from here to its end, verbatim; a test keeps the two the same.
import Contracts

/// A like button that sends every tap: the newest write's ticket is the only one that settles it.
struct Like {
  var confirmed: OptimisticValue
  var shown: OptimisticValue
  var newest: Int?
  var mustRead = false
}

/// The adapter: tickets count up across sessions, so an old session's answer never matches.
@MainActor
final class LatestLikesSubject: OptimisticUpdateSubject {
  private var likes: [String: Like] = [:]
  private var ids: [String] = []
  private var reads: [Int: String] = [:]
  private var owners: [Int: String] = [:]
  private var lastTicket = 0

  var inFlightRule: InFlightRule { .latestWins }
  var capabilities: Set<SubjectCapability> { [.sessions] }
  var order: [String] { ids }

  func load(_ records: [RecordValue]) {
    likes = [:]
    reads = [:]
    owners = [:]
    for record in records {
      likes[record.id] = Like(confirmed: record.value, shown: record.value)
    }
    ids = records.map(\.id)
  }

  func tap(record id: String) -> AnyHashable? {
    guard var like = likes[id], !like.mustRead else { return nil }
    lastTicket += 1
    like.shown = valueAfterTap(showing: like.shown)
    like.newest = lastTicket
    likes[id] = like
    owners[lastTicket] = id
    return lastTicket
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let ticket = request as? Int, let id = owners.removeValue(forKey: ticket),
      var like = likes[id], like.newest == ticket
    else { return }
    like.newest = nil
    switch outcome {
    case .saved(let value): like.confirmed = value
    case .rejected: break
    case .unknown: like.mustRead = true
    }
    like.shown = like.confirmed
    likes[id] = like
  }

  func startSync(record id: String) -> AnyHashable? {
    guard likes[id] != nil else { return nil }
    lastTicket += 1
    reads = reads.filter { $0.value != id }
    reads[lastTicket] = id
    return lastTicket
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let ticket = request as? Int, let id = reads.removeValue(forKey: ticket),
      var like = likes[id], case .value(let value) = outcome
    else { return }
    like.confirmed = value
    if like.newest == nil { like.shown = value }
    like.mustRead = false
    likes[id] = like
  }

  func replaceSession(with records: [RecordValue]) {
    load(records)
  }

  func state(of id: String) -> RecordState? {
    guard let like = likes[id] else { return nil }
    return RecordState(
      confirmed: like.confirmed, displayed: like.shown,
      pendingRequest: like.newest.map { AnyHashable($0) }, needsSync: like.mustRead,
      isSaving: like.newest != nil, isTapEnabled: !like.mustRead)
  }
}
