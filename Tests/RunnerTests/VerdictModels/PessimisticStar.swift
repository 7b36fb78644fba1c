import Contracts

/// A star that keeps the confirmed value and shows its saving indicator until the answer (as
/// lemmy-ui votes), written against the protocol alone, declaring nothing: its failures must be
/// named as fitting the undeclared display rule `pessimistic`, never passed.
@MainActor
final class PessimisticStar: OptimisticUpdateSubject {
  struct Star {
    var confirmed: OptimisticValue
    var pending: (request: Int, value: OptimisticValue)?
    var needsRead = false
  }

  var stars: [String: Star] = [:]
  var order: [String] = []
  var owner: [Int: String] = [:]
  var newestRead: [String: Int] = [:]
  var nextRequest = 1

  func load(_ records: [RecordValue]) {
    for record in records { stars[record.id] = Star(confirmed: record.value) }
    order = records.map(\.id)
  }

  func tap(record id: String) -> AnyHashable? {
    guard var star = stars[id], star.pending == nil, !star.needsRead else { return nil }
    let request = nextRequest
    nextRequest += 1
    owner[request] = id
    star.pending = (request, valueAfterTap(showing: star.confirmed))
    stars[id] = star
    return request
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let number = request as? Int, let id = owner[number], var star = stars[id],
      star.pending?.request == number
    else { return }
    star.pending = nil
    switch outcome {
    case .saved(let value): star.confirmed = value
    case .rejected: break
    case .unknown: star.needsRead = true
    }
    stars[id] = star
  }

  func startSync(record id: String) -> AnyHashable? {
    guard stars[id] != nil else { return nil }
    let request = nextRequest
    nextRequest += 1
    owner[request] = id
    newestRead[id] = request
    return request
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let number = request as? Int, let id = owner[number], newestRead[id] == number,
      var star = stars[id], case .value(let value) = outcome
    else { return }
    newestRead[id] = nil
    star.confirmed = value
    star.needsRead = false
    stars[id] = star
  }

  func state(of id: String) -> RecordState? {
    guard let star = stars[id] else { return nil }
    return RecordState(
      confirmed: star.confirmed, displayed: star.confirmed, pendingRequest: star.pending?.request,
      needsSync: star.needsRead, isSaving: star.pending != nil,
      isTapEnabled: star.pending == nil && !star.needsRead)
  }
}
