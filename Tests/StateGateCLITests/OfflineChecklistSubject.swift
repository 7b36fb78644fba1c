// docs/subjects.md shows this file from here to its end, verbatim; a test keeps the two the same.
import Contracts

/// A to-do's checkbox in an offline-first app: a write whose outcome is unknown is sent again.
struct Checkbox {
  var confirmed: OptimisticValue
  var sending: (ticket: Int, value: OptimisticValue)?
  var timeout: ClockTimer?
}

/// The adapter: tickets count up across sessions, so an old session's answer never matches.
@MainActor
final class OfflineChecklistSubject: OptimisticUpdateSubject {
  private var boxes: [String: Checkbox] = [:]
  private var ids: [String] = []
  private var reads: [Int: String] = [:]
  private var owners: [Int: String] = [:]
  private var lastTicket = 0
  private var clock: any ContractClock = VirtualClock()
  private var sentAgain: [StartedWrite] = []
  private let timeoutAfter = Duration.seconds(10)

  var unknownOutcomeRule: UnknownOutcomeRule { .keepAndRetry }
  var capabilities: Set<SubjectCapability> { [.sessions, .cancellation] }
  var writeTimeout: Duration? { timeoutAfter }
  var order: [String] { ids }

  func useClock(_ clock: any ContractClock) {
    self.clock = clock
  }

  func load(_ records: [RecordValue]) {
    for box in boxes.values { box.timeout?.cancel() }
    boxes = [:]
    reads = [:]
    owners = [:]
    sentAgain = []
    for record in records { boxes[record.id] = Checkbox(confirmed: record.value) }
    ids = records.map(\.id)
  }

  func tap(record id: String) -> AnyHashable? {
    guard let box = boxes[id], box.sending == nil else { return nil }
    return send(valueAfterTap(showing: box.confirmed), to: id)
  }

  /// Sends `value` to the record under a new ticket, the only one whose answer settles it now.
  private func send(_ value: OptimisticValue, to id: String) -> Int {
    lastTicket += 1
    let ticket = lastTicket
    boxes[id]?.timeout?.cancel()
    boxes[id]?.sending = (ticket, value)
    boxes[id]?.timeout = clock.schedule(after: timeoutAfter) { [weak self] in
      self?.sendAgain(ticket)
    }
    owners[ticket] = id
    return ticket
  }

  /// The record whose newest attempt is `ticket`, and the value that attempt carries.
  private func attempt(_ ticket: Int) -> (id: String, value: OptimisticValue)? {
    guard let id = owners[ticket], let sending = boxes[id]?.sending, sending.ticket == ticket
    else { return nil }
    return (id, sending.value)
  }

  /// Keeps the record as it is and sends the attempt's write again, as an offline queue does.
  private func sendAgain(_ ticket: Int) {
    guard let (id, value) = attempt(ticket) else { return }
    sentAgain.append(StartedWrite(record: id, value: value, request: send(value, to: id)))
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let ticket = request as? Int, let id = attempt(ticket)?.id else { return }
    switch outcome {
    case .saved(let value): boxes[id]?.confirmed = value
    case .rejected: break
    case .unknown:
      sendAgain(ticket)
      return
    }
    boxes[id]?.timeout?.cancel()
    boxes[id]?.sending = nil
  }

  func cancel(request: AnyHashable) {
    guard let ticket = request as? Int else { return }
    sendAgain(ticket)
  }

  func takeStartedWrites() -> [StartedWrite] {
    defer { sentAgain = [] }
    return sentAgain
  }

  func startSync(record id: String) -> AnyHashable? {
    guard boxes[id] != nil else { return nil }
    lastTicket += 1
    reads = reads.filter { $0.value != id }
    reads[lastTicket] = id
    return lastTicket
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let ticket = request as? Int, let id = reads.removeValue(forKey: ticket),
      case .value(let value) = outcome
    else { return }
    boxes[id]?.confirmed = value
  }

  func replaceSession(with records: [RecordValue]) {
    load(records)
  }

  func state(of id: String) -> RecordState? {
    guard let box = boxes[id] else { return nil }
    let pending = box.sending != nil
    return RecordState(
      confirmed: box.confirmed, displayed: box.sending?.value ?? box.confirmed,
      pendingRequest: box.sending.map { AnyHashable($0.ticket) }, needsSync: false,
      isSaving: pending, isTapEnabled: !pending)
  }
}
