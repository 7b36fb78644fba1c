import Contracts

/// A favourite star as IceCubesApp ships it, written against the protocol alone: no in-flight
/// gate (every tap flips the star and sends), no saving indicator, and any error — a rejection,
/// a timeout, a cancel — flips the star back; a success shows what the server answered, whichever
/// write it answers and from whichever session.
///
/// It follows none of the optimistic-updates article's rules but isolation by id, so its
/// conformance profile must name each rule that held and each that broke.
@MainActor
final class ShippedStar: OptimisticUpdateSubject {
  /// One status's star.
  struct Star {
    var server: OptimisticValue
    var shown: OptimisticValue
    /// The writes sent and not answered yet, oldest first.
    var unanswered: [Int] = []
  }

  var stars: [String: Star] = [:]
  var ids: [String] = []
  /// Each request's status.
  var owner: [Int: String] = [:]
  var nextRequest = 1

  init() {}

  var capabilities: Set<SubjectCapability> { [.cancellation, .sorting, .sessions] }
  var order: [String] { ids }

  func load(_ records: [RecordValue]) {
    for record in records {
      stars[record.id] = Star(server: record.value, shown: record.value)
    }
    ids = records.map(\.id)
  }

  func tap(record id: String) -> AnyHashable? {
    guard var star = stars[id] else { return nil }
    star.shown = star.shown.isOn ? .off : .on
    let request = nextRequest
    nextRequest += 1
    owner[request] = id
    star.unanswered.append(request)
    stars[id] = star
    return request
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let number = request as? Int, let id = owner[number], var star = stars[id] else {
      return
    }
    star.unanswered.removeAll { $0 == number }
    switch outcome {
    case .saved(let value):
      star.server = value
      star.shown = value
    case .rejected, .unknown:
      star.shown = star.shown.isOn ? .off : .on
    }
    stars[id] = star
  }

  func cancel(request: AnyHashable) {
    respond(to: request, with: .unknown)
  }

  func startSync(record id: String) -> AnyHashable? {
    guard stars[id] != nil else { return nil }
    let request = nextRequest
    nextRequest += 1
    owner[request] = id
    return request
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let number = request as? Int, let id = owner[number], var star = stars[id],
      case .value(let value) = outcome
    else { return }
    star.server = value
    star.shown = value
    stars[id] = star
  }

  func reorder(to order: [String]) {
    ids = order
  }

  func replaceSession(with records: [RecordValue]) {
    for record in records {
      stars[record.id] = Star(server: record.value, shown: record.value)
    }
  }

  func state(of id: String) -> RecordState? {
    guard let star = stars[id] else { return nil }
    return RecordState(
      confirmed: star.server, displayed: star.shown, pendingRequest: star.unanswered.last,
      needsSync: false, isSaving: false, isTapEnabled: true)
  }
}
