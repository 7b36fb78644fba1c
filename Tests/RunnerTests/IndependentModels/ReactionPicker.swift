import Contracts

/// A message's reaction picker written against the protocol alone.
///
/// Four reactions (`off`, `like`, `love`, `laugh`), one request table for every write and read
/// keyed by a struct ticket that carries its session, the server's reaction per message, and a
/// row layer of its own that the model repaints after every change. A tap on "no reaction"
/// likes; a tap on any reaction takes it away; the picker chooses any reaction.
@MainActor
class ReactionPicker: OptimisticUpdateSubject {
  /// A request's token: its session and its number in that session (restarting at 1).
  struct Ticket: Hashable {
    var session: Int
    var number: Int
  }

  /// What an open request is for.
  enum Purpose {
    case write(message: String, reaction: OptimisticValue)
    case read(message: String)
  }

  /// One row on screen.
  struct Row {
    var reaction: OptimisticValue
    var spinner: Bool
    var enabled: Bool
  }

  static let reactions: [OptimisticValue] = [.off, "like", "love", "laugh"]

  var serverReaction: [String: OptimisticValue] = [:]
  /// Every request of this session still waiting for its (first) answer.
  var open: [Ticket: Purpose] = [:]
  var writeInFlight: [String: Ticket] = [:]
  var newestRead: [String: Ticket] = [:]
  var mustReread: Set<String> = []
  var messages: [String] = []
  var session = 0
  var counter = 0
  var rows: [String: Row] = [:]

  /// The picker's words for the cases' value words (none unless set).
  var caseWords: [String: String] = [:]

  init() {}

  var capabilities: Set<SubjectCapability> {
    [.cancellation, .sorting, .sessions, .uiLayer, .values]
  }
  var valueWords: [String: String] { caseWords }
  var choices: [OptimisticValue] { Self.reactions }
  var order: [String] { messages }

  // MARK: The model

  /// The reaction the model holds: the one in flight, or the server's.
  func reaction(of id: String) -> OptimisticValue? {
    if let ticket = writeInFlight[id], case .write(_, let reaction)? = open[ticket] {
      return reaction
    }
    return serverReaction[id]
  }

  func acceptsWrite(_ id: String) -> Bool {
    serverReaction[id] != nil && writeInFlight[id] == nil && !mustReread.contains(id)
  }

  private func nextTicket() -> Ticket {
    counter += 1
    return Ticket(session: session, number: counter)
  }

  func load(_ records: [RecordValue]) {
    startSession(with: records)
  }

  func replaceSession(with records: [RecordValue]) {
    startSession(with: records)
  }

  private func startSession(with records: [RecordValue]) {
    session += 1
    counter = 0
    open = [:]
    writeInFlight = [:]
    newestRead = [:]
    mustReread = []
    serverReaction = [:]
    for record in records { serverReaction[record.id] = record.value }
    messages = records.map(\.id)
    repaint()
  }

  func send(_ reaction: OptimisticValue, to id: String) -> Ticket? {
    guard acceptsWrite(id), reaction != self.reaction(of: id) else { return nil }
    let ticket = nextTicket()
    open[ticket] = .write(message: id, reaction: reaction)
    writeInFlight[id] = ticket
    repaint()
    return ticket
  }

  func tap(record id: String) -> AnyHashable? {
    guard let shown = reaction(of: id) else { return nil }
    return send(shown == .off ? "like" : .off, to: id)
  }

  func choose(_ value: OptimisticValue, record id: String) -> AnyHashable? {
    guard Self.reactions.contains(value) else { return nil }
    return send(value, to: id)
  }

  /// Takes the open write `request` out of the table, or `nil` when it is not the message's
  /// write in flight of this session.
  func closeWrite(_ request: AnyHashable) -> String? {
    guard let ticket = request as? Ticket, case .write(let id, _)? = open[ticket],
      writeInFlight[id] == ticket
    else { return nil }
    open[ticket] = nil
    writeInFlight[id] = nil
    return id
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let id = closeWrite(request) else { return }
    switch outcome {
    case .saved(let reaction): serverReaction[id] = reaction
    case .rejected: break
    case .unknown: mustReread.insert(id)
    }
    repaint()
  }

  func cancel(request: AnyHashable) {
    guard let id = closeWrite(request) else { return }
    mustReread.insert(id)
    repaint()
  }

  func startSync(record id: String) -> AnyHashable? {
    guard serverReaction[id] != nil else { return nil }
    if let older = newestRead[id] { open[older] = nil }
    let ticket = nextTicket()
    open[ticket] = .read(message: id)
    newestRead[id] = ticket
    return ticket
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let ticket = request as? Ticket, case .read(let id)? = open[ticket] else { return }
    open[ticket] = nil
    newestRead[id] = nil
    if case .value(let reaction) = outcome {
      serverReaction[id] = reaction
      mustReread.remove(id)
    }
    repaint()
  }

  func reorder(to order: [String]) {
    let known = order.filter { serverReaction[$0] != nil }
    messages = known + messages.filter { !known.contains($0) }
  }

  // MARK: The rows

  func repaint() {
    rows = [:]
    for id in messages {
      guard let reaction = reaction(of: id) else { continue }
      rows[id] = Row(
        reaction: reaction, spinner: writeInFlight[id] != nil, enabled: acceptsWrite(id))
    }
  }

  func state(of id: String) -> RecordState? {
    guard let confirmed = serverReaction[id], let row = rows[id] else { return nil }
    return RecordState(
      confirmed: confirmed, displayed: row.reaction,
      pendingRequest: writeInFlight[id].map { AnyHashable($0) },
      needsSync: mustReread.contains(id), isSaving: row.spinner, isTapEnabled: row.enabled,
      modelValue: reaction(of: id))
  }
}

/// One bug: a rejection restores the reaction shown before the tap, not the one the server
/// confirmed since.
@MainActor
final class ReactionPickerRestoringBeforeTap: ReactionPicker {
  var before: [Ticket: OptimisticValue] = [:]

  override func send(_ reaction: OptimisticValue, to id: String) -> Ticket? {
    let shown = self.reaction(of: id)
    let ticket = super.send(reaction, to: id)
    if let ticket, let shown { before[ticket] = shown }
    return ticket
  }

  override func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard outcome == .rejected, let ticket = request as? Ticket, let shown = before[ticket],
      let id = closeWrite(request)
    else { return super.respond(to: request, with: outcome) }
    serverReaction[id] = shown
    repaint()
  }
}

/// One bug: the picker sends a new reaction while one is in flight (the tap still waits).
@MainActor
final class ReactionPickerChoosingWhilePending: ReactionPicker {
  override func choose(_ value: OptimisticValue, record id: String) -> AnyHashable? {
    if let ticket = writeInFlight[id], case .write(_, let inFlight)? = open[ticket],
      inFlight != value, Self.reactions.contains(value)
    {
      open[ticket] = nil
      writeInFlight[id] = nil
    }
    return super.choose(value, record: id)
  }
}

/// One bug: a tap on a reaction moves to the next one (like, love, laugh, then none) instead of
/// taking it away.
@MainActor
final class ReactionPickerCyclingTaps: ReactionPicker {
  override func tap(record id: String) -> AnyHashable? {
    guard let shown = reaction(of: id), let index = Self.reactions.firstIndex(of: shown) else {
      return super.tap(record: id)
    }
    return send(Self.reactions[(index + 1) % Self.reactions.count], to: id)
  }
}
