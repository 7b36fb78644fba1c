import Contracts

/// A strip of reactions (none, like, love) written for the verdict set against the protocol
/// alone, as a chat app's reaction picker behaves: a tap on a message with no reaction likes it,
/// a tap on a reacted one takes the reaction away, and the picker sets either reaction.
///
/// The cases, written with on/off, run with `on` read as `like` and `close-friends` as `love`.
/// Requests are numbered and remember their message and session; each message keeps the number
/// and value of its write in flight and the number of its read.
@MainActor
class ReactionStrip: OptimisticUpdateSubject {
  /// One message's reaction.
  struct Reaction {
    var server: OptimisticValue
    var shown: OptimisticValue
    var write: Int?
    var read: Int?
    var blocked = false
  }

  var reactions: [String: Reaction] = [:]
  var ids: [String] = []
  var sentFor: [Int: (id: String, session: Int)] = [:]
  var nextRequest = 1
  var session = 0

  init() {}

  var choices: [OptimisticValue] { [.off, "like", "love"] }
  var valueWords: [String: String] { ["on": "like", "close-friends": "love"] }
  var capabilities: Set<SubjectCapability> { [.cancellation, .sorting, .sessions] }
  var order: [String] { ids }

  func load(_ records: [RecordValue]) {
    for record in records {
      reactions[record.id] = Reaction(server: record.value, shown: record.value)
    }
    ids = records.map(\.id)
  }

  func tap(record id: String) -> AnyHashable? {
    guard let reaction = reactions[id] else { return nil }
    return react(id, with: asked(byTapOn: reaction))
  }

  /// The reaction a tap asks for: a like on a message without one, none on any other.
  func asked(byTapOn reaction: Reaction) -> OptimisticValue {
    reaction.shown == .off ? "like" : .off
  }

  func choose(_ value: OptimisticValue, record id: String) -> AnyHashable? {
    guard let reaction = reactions[id], reaction.shown != value, choices.contains(value) else {
      return nil
    }
    return react(id, with: picked(value))
  }

  /// The value the picker's item for `value` sends.
  func picked(_ value: OptimisticValue) -> OptimisticValue {
    value
  }

  /// Sends a write of `value` for `id` when nothing is in flight and no read is due.
  func react(_ id: String, with value: OptimisticValue) -> AnyHashable? {
    guard var reaction = reactions[id], reaction.write == nil, !reaction.blocked else {
      return nil
    }
    let number = send(for: id)
    reaction.write = number
    reaction.shown = value
    reactions[id] = reaction
    return number
  }

  /// Numbers a new request for `id`.
  func send(for id: String) -> Int {
    let number = nextRequest
    nextRequest += 1
    sentFor[number] = (id, session)
    return number
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let number = request as? Int, let id = owner(of: number), var reaction = reactions[id],
      reaction.write == number
    else { return }
    reaction.write = nil
    switch outcome {
    case .saved(let value):
      reaction.server = value
      reaction.shown = value
    case .rejected:
      reaction.shown = reaction.server
    case .unknown:
      reaction.shown = reaction.server
      reaction.blocked = true
    }
    reactions[id] = reaction
  }

  func startSync(record id: String) -> AnyHashable? {
    guard reactions[id] != nil else { return nil }
    let number = send(for: id)
    reactions[id]?.read = number
    return number
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let number = request as? Int, let id = owner(of: number), var reaction = reactions[id],
      reaction.read == number
    else { return }
    reaction.read = nil
    if case .value(let value) = outcome {
      reaction.server = value
      if reaction.write == nil { reaction.shown = value }
      reaction.blocked = false
    }
    reactions[id] = reaction
  }

  func cancel(request: AnyHashable) {
    guard let number = request as? Int, let id = owner(of: number), var reaction = reactions[id],
      reaction.write == number
    else { return }
    reaction.write = nil
    reaction.shown = reaction.server
    reaction.blocked = true
    reactions[id] = reaction
  }

  func reorder(to order: [String]) {
    ids = order.filter { reactions[$0] != nil } + ids.filter { !order.contains($0) }
  }

  func replaceSession(with records: [RecordValue]) {
    session += 1
    reactions = [:]
    load(records)
  }

  /// The message a request is for, if it was sent in this session.
  func owner(of number: Int) -> String? {
    guard let sent = sentFor[number], sent.session == session else { return nil }
    return sent.id
  }

  func state(of id: String) -> RecordState? {
    guard let reaction = reactions[id] else { return nil }
    return RecordState(
      confirmed: reaction.server, displayed: reaction.shown,
      pendingRequest: reaction.write.map(AnyHashable.init), needsSync: reaction.blocked,
      isSaving: reaction.write != nil, isTapEnabled: reaction.write == nil && !reaction.blocked)
  }
}

/// One bug: the picker's love item sends a like (the items are wired by position, one off).
final class ReactionStripLoveSendsLike: ReactionStrip {
  override func picked(_ value: OptimisticValue) -> OptimisticValue {
    value == "love" ? "like" : value
  }
}

/// One bug: a tap on a message with no reaction asks for the last reaction, love, instead of a
/// like.
final class ReactionStripTapAsksLove: ReactionStrip {
  override func asked(byTapOn reaction: Reaction) -> OptimisticValue {
    reaction.shown == .off ? "love" : .off
  }
}

/// A correct strip that chooses differently: no sessions, no cancellation, no re-sorting.
final class PlainReactionStrip: ReactionStrip {
  override var capabilities: Set<SubjectCapability> { [] }
}

/// One bug: a saved reaction keeps the one the user picked, not the one the server stored.
final class ReactionStripKeepingPick: ReactionStrip {
  override func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard case .saved = outcome, let number = request as? Int, let id = owner(of: number),
      let shown = reactions[id]?.shown, reactions[id]?.write == number
    else { return super.respond(to: request, with: outcome) }
    super.respond(to: request, with: .saved(shown))
  }
}

/// One bug: the picker skips the in-flight check, so picking while a reaction is saving sends
/// another write.
final class ReactionStripPickingWhileSaving: ReactionStrip {
  override func react(_ id: String, with value: OptimisticValue) -> AnyHashable? {
    guard var reaction = reactions[id], reaction.write != nil, !reaction.blocked else {
      return super.react(id, with: value)
    }
    let number = send(for: id)
    reaction.write = number
    reaction.shown = value
    reactions[id] = reaction
    return number
  }
}

/// One bug: a cancelled reaction is taken as refused — withdrawn, but the message accepts
/// reactions again without a read.
final class ReactionStripCancelAsRefusal: ReactionStrip {
  override func cancel(request: AnyHashable) {
    super.cancel(request: request)
    guard let number = request as? Int, let id = owner(of: number) else { return }
    reactions[id]?.blocked = false
  }
}
