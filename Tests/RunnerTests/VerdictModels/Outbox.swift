import Contracts

/// Saved articles of an offline-first reader (the unknown-outcome rule keep-and-retry), written
/// against the protocol alone: an outbox holds one envelope per article; when an attempt's fate
/// is unknown (it timed out, it was cancelled) the envelope is sent again under a new attempt
/// number, and only the newest attempt's answer is read.
@MainActor
class Outbox: OptimisticUpdateSubject {
  /// A write waiting in the outbox.
  struct Envelope {
    var attempt: Int
    var value: OptimisticValue
  }

  var saved: [String: OptimisticValue] = [:]
  var envelopes: [String: Envelope] = [:]
  var articles: [String] = []
  var articleOfAttempt: [Int: String] = [:]
  var lastFetch: [String: Int] = [:]
  var attempts = 0
  var resent: [StartedWrite] = []

  init() {}

  var unknownOutcomeRule: UnknownOutcomeRule { .keepAndRetry }
  var capabilities: Set<SubjectCapability> { [.cancellation] }
  var order: [String] { articles }

  func load(_ records: [RecordValue]) {
    for record in records { saved[record.id] = record.value }
    articles = records.map(\.id)
  }

  /// A new attempt number for `id`.
  func newAttempt(for id: String) -> Int {
    attempts += 1
    articleOfAttempt[attempts] = id
    return attempts
  }

  func tap(record id: String) -> AnyHashable? {
    guard let value = saved[id], envelopes[id] == nil else { return nil }
    let attempt = newAttempt(for: id)
    envelopes[id] = Envelope(attempt: attempt, value: valueAfterTap(showing: value))
    return attempt
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let attempt = request as? Int, let id = articleOfAttempt[attempt],
      let envelope = envelopes[id], envelope.attempt == attempt
    else { return }
    switch outcome {
    case .saved(let value):
      saved[id] = value
      envelopes[id] = nil
    case .rejected:
      refused(envelope, of: id)
    case .unknown:
      sendAgain(envelope, of: id)
    }
  }

  /// The server refused the envelope's value.
  func refused(_ envelope: Envelope, of id: String) {
    envelopes[id] = nil
  }

  /// Sends the envelope again under a new attempt number.
  func sendAgain(_ envelope: Envelope, of id: String) {
    let attempt = newAttempt(for: id)
    envelopes[id] = Envelope(attempt: attempt, value: envelope.value)
    resent.append(StartedWrite(record: id, value: envelope.value, request: attempt))
  }

  func cancel(request: AnyHashable) {
    respond(to: request, with: .unknown)
  }

  func takeStartedWrites() -> [StartedWrite] {
    defer { resent = [] }
    return resent
  }

  func startSync(record id: String) -> AnyHashable? {
    guard saved[id] != nil else { return nil }
    let attempt = newAttempt(for: id)
    lastFetch[id] = attempt
    return attempt
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let attempt = request as? Int, let id = articleOfAttempt[attempt],
      lastFetch[id] == attempt
    else { return }
    lastFetch[id] = nil
    if case .value(let value) = outcome { saved[id] = value }
  }

  func state(of id: String) -> RecordState? {
    guard let value = saved[id] else { return nil }
    let envelope = envelopes[id]
    return RecordState(
      confirmed: value, displayed: envelope?.value ?? value,
      pendingRequest: envelope.map { AnyHashable($0.attempt) }, needsSync: false,
      isSaving: envelope != nil, isTapEnabled: envelope == nil)
  }
}

/// One bug: a refusal of an attempt is taken as a save of its value, as a client that treats any
/// definite answer to a retry as success does.
@MainActor
final class OutboxConfirmingRefusals: Outbox {
  override func refused(_ envelope: Envelope, of id: String) {
    saved[id] = envelope.value
    envelopes[id] = nil
  }
}

/// One bug: an unknown outcome drops the envelope and shows the saved value again, but sends
/// nothing and asks for no read: the user's intent is lost.
@MainActor
final class OutboxDroppingUnknown: Outbox {
  override func sendAgain(_ envelope: Envelope, of id: String) {
    envelopes[id] = nil
  }
}
