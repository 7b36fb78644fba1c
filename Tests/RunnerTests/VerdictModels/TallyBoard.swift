import Contracts

/// A list of bookmarks written for the verdict set against the protocol alone.
///
/// Requests are numbered; each remembers its record and the session it was sent in. A record
/// keeps the number of its write and of its read in flight; the rows are a separate layer that
/// `paint()` rebuilds from the records.
@MainActor
class TallyBoard: OptimisticUpdateSubject {
  /// One bookmark.
  struct Mark {
    var server: Bool
    var shown: Bool
    var write: Int?
    var read: Int?
    var blocked = false
  }

  /// One row on screen.
  struct Row {
    var on: Bool
    var busy: Bool
    var live: Bool
  }

  var marks: [String: Mark] = [:]
  var ids: [String] = []
  var rows: [String: Row] = [:]
  var sentFor: [Int: (id: String, session: Int)] = [:]
  var nextRequest = 1
  var session = 0

  init() {}

  var capabilities: Set<SubjectCapability> { [.cancellation, .sorting, .sessions, .uiLayer] }
  var order: [String] { ids }

  func load(_ records: [RecordValue]) {
    for record in records {
      marks[record.id] = Mark(server: record.value.isOn, shown: record.value.isOn)
    }
    ids = records.map(\.id)
    paint()
  }

  func tap(record id: String) -> AnyHashable? {
    guard var mark = marks[id], mark.write == nil, !mark.blocked else { return nil }
    let number = send(for: id)
    mark.write = number
    mark.shown.toggle()
    marks[id] = mark
    paint()
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
    guard let number = request as? Int, let id = owner(of: number), var mark = marks[id],
      mark.write == number
    else { return }
    answer(&mark, outcome)
    marks[id] = mark
    paint()
  }

  /// Applies a write's answer.
  func answer(_ mark: inout Mark, _ outcome: ServerOutcome) {
    mark.write = nil
    switch outcome {
    case .saved(let value):
      mark.server = value.isOn
      mark.shown = value.isOn
    case .rejected:
      mark.shown = mark.server
    case .unknown:
      mark.shown = mark.server
      mark.blocked = true
    }
  }

  func startSync(record id: String) -> AnyHashable? {
    guard marks[id] != nil else { return nil }
    let number = send(for: id)
    marks[id]?.read = number
    return number
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let number = request as? Int, let id = owner(of: number), var mark = marks[id],
      mark.read == number
    else { return }
    mark.read = nil
    if case .value(let value) = outcome {
      read(&mark, value.isOn)
    }
    marks[id] = mark
    paint()
  }

  /// Applies a read of `value`.
  func read(_ mark: inout Mark, _ value: Bool) {
    mark.server = value
    if mark.write == nil { mark.shown = value }
    mark.blocked = false
  }

  func cancel(request: AnyHashable) {
    guard let number = request as? Int, let id = owner(of: number), var mark = marks[id],
      mark.write == number
    else { return }
    mark.write = nil
    mark.shown = mark.server
    mark.blocked = true
    marks[id] = mark
    paint()
  }

  func reorder(to order: [String]) {
    ids = order.filter { marks[$0] != nil } + ids.filter { !order.contains($0) }
  }

  func replaceSession(with records: [RecordValue]) {
    session += 1
    marks = [:]
    load(records)
  }

  /// The record a request is for, if it was sent in this session.
  func owner(of number: Int) -> String? {
    guard let sent = sentFor[number], sent.session == session else { return nil }
    return sent.id
  }

  /// Rebuilds the rows from the records.
  func paint() {
    rows = marks.mapValues { mark in
      Row(on: mark.shown, busy: mark.write != nil, live: mark.write == nil && !mark.blocked)
    }
  }

  func state(of id: String) -> RecordState? {
    guard let mark = marks[id], let row = rows[id] else { return nil }
    return RecordState(
      confirmed: mark.server, displayed: row.on, pendingRequest: mark.write.map(AnyHashable.init),
      needsSync: mark.blocked, isSaving: row.busy, isTapEnabled: row.live,
      modelValue: reportsModel ? mark.shown : nil)
  }

  /// Whether ``state(of:)`` reports the model's value apart from the row's.
  var reportsModel: Bool { true }
}

/// A correct board that chooses differently: no UI layer, no sessions, no cancellation; a read
/// that arrives while a write is pending leaves the provisional value shown and is remembered.
@MainActor
final class PlainTallyBoard: TallyBoard {
  override var capabilities: Set<SubjectCapability> { [.sorting] }
}

/// One bug: success is shown on screen but not stored as the confirmed value.
@MainActor
final class TallyShowingUnstoredSuccess: TallyBoard {
  override func answer(_ mark: inout Mark, _ outcome: ServerOutcome) {
    if case .saved(let value) = outcome {
      mark.write = nil
      mark.shown = value.isOn
      return
    }
    super.answer(&mark, outcome)
  }
}

/// One bug: a read's answer forgets the write still in flight.
@MainActor
final class TallyReadDroppingWrite: TallyBoard {
  override func read(_ mark: inout Mark, _ value: Bool) {
    mark.write = nil
    super.read(&mark, value)
  }
}

/// One bug: rows are not repainted after a write's answer, so the row keeps the provisional
/// value (and its indicators) while the record is right.
@MainActor
class TallyNotRepaintingAnswers: TallyBoard {
  override func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let number = request as? Int, let id = owner(of: number), var mark = marks[id],
      mark.write == number
    else { return }
    answer(&mark, outcome)
    marks[id] = mark
    rows[id]?.busy = false
    rows[id]?.live = !mark.blocked
  }
}

/// One bug: a cancel looks its record up by id in any session, so cancelling a write from before
/// a session change blocks the new session's record.
@MainActor
final class TallyCancellingAcrossSessions: TallyBoard {
  override func cancel(request: AnyHashable) {
    guard let number = request as? Int, let id = sentFor[number]?.id, var mark = marks[id]
    else { return }
    mark.write = nil
    mark.shown = mark.server
    mark.blocked = true
    marks[id] = mark
    paint()
  }
}

/// One bug: an answer finds its record by the row it was tapped in, so after a re-sort it
/// reaches another record.
@MainActor
final class TallyAnsweringByRow: TallyBoard {
  private var rowOf: [Int: Int] = [:]

  override func tap(record id: String) -> AnyHashable? {
    let sent = super.tap(record: id)
    if let number = sent as? Int, let index = ids.firstIndex(of: id) { rowOf[number] = index }
    return sent
  }

  override func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let number = request as? Int, owner(of: number) != nil,
      marks.values.contains(where: { $0.write == number }), let index = rowOf[number],
      index < ids.count, var mark = marks[ids[index]], mark.write != nil
    else { return }
    answer(&mark, outcome)
    marks[ids[index]] = mark
    paint()
  }
}

/// One bug: a rejection rolls back to the value the record showed before the tap.
@MainActor
final class TallyRollingBackToTap: TallyBoard {
  private var before: [Int: Bool] = [:]

  override func tap(record id: String) -> AnyHashable? {
    let shown = marks[id]?.shown
    let sent = super.tap(record: id)
    if let number = sent as? Int, let shown { before[number] = shown }
    return sent
  }

  override func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard case .rejected = outcome, let number = request as? Int, let id = owner(of: number),
      var mark = marks[id], mark.write == number, let shown = before[number]
    else {
      super.respond(to: request, with: outcome)
      return
    }
    mark.write = nil
    mark.shown = shown
    marks[id] = mark
    paint()
  }
}

/// One bug: an unknown outcome keeps the provisional value on screen.
@MainActor
class TallyKeepingGuessOnTimeout: TallyBoard {
  override func answer(_ mark: inout Mark, _ outcome: ServerOutcome) {
    if case .unknown = outcome {
      mark.write = nil
      mark.blocked = true
      return
    }
    super.answer(&mark, outcome)
  }
}

/// One bug: an answer is matched to its record, not to the write, so a late duplicate answer to
/// an earlier write settles the write now pending.
@MainActor
final class TallyMatchingByRecord: TallyBoard {
  override func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let number = request as? Int, let id = owner(of: number), var mark = marks[id],
      mark.write != nil
    else { return }
    answer(&mark, outcome)
    marks[id] = mark
    paint()
  }
}

/// One bug: a tap while a write is pending sends another write.
@MainActor
final class TallyWithoutGate: TallyBoard {
  override func tap(record id: String) -> AnyHashable? {
    guard var mark = marks[id], !mark.blocked else { return nil }
    let number = send(for: id)
    mark.write = number
    mark.shown.toggle()
    marks[id] = mark
    paint()
    return number
  }
}

/// One bug: the saving indicator stays after a success.
@MainActor
final class TallyKeepingSpinner: TallyBoard {
  override func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    let wasSaved: Bool
    if case .saved = outcome { wasSaved = true } else { wasSaved = false }
    let id = (request as? Int).flatMap { owner(of: $0) }
    let pending = id.flatMap { marks[$0]?.write } == request as? Int
    super.respond(to: request, with: outcome)
    if wasSaved, pending, let id { rows[id]?.busy = true }
  }
}

/// One bug: a session change keeps the records' need of a sync.
@MainActor
final class TallyKeepingBlocksAcrossSessions: TallyBoard {
  override func replaceSession(with records: [RecordValue]) {
    let blocked = Set(marks.filter { $0.value.blocked }.keys)
    super.replaceSession(with: records)
    for id in blocked where marks[id] != nil { marks[id]?.blocked = true }
    paint()
  }
}

/// One bug: a failed read unblocks the record.
@MainActor
final class TallyUnblockingOnFailedRead: TallyBoard {
  override func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    if case .failed = outcome, let number = request as? Int, let id = owner(of: number),
      marks[id]?.read == number
    {
      marks[id]?.blocked = false
    }
    super.respond(toSync: request, with: outcome)
  }
}

/// One bug: a cancel rolls back but does not block writes until a sync.
@MainActor
final class TallyCancelWithoutBlock: TallyBoard {
  override func cancel(request: AnyHashable) {
    super.cancel(request: request)
    for id in marks.keys where marks[id]?.write == nil { marks[id]?.blocked = false }
    paint()
  }
}

/// The same bug as ``TallyNotRepaintingAnswers`` in a board that does not report its model's
/// value apart from the row.
@MainActor
final class UnreportedTallyNotRepaintingAnswers: TallyNotRepaintingAnswers {
  override var reportsModel: Bool { false }
}

/// The same bug as ``TallyKeepingGuessOnTimeout`` in a board that does not report its model's
/// value apart from the row.
@MainActor
final class UnreportedTallyKeepingGuessOnTimeout: TallyKeepingGuessOnTimeout {
  override var reportsModel: Bool { false }
}
