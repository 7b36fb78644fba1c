import Contracts

/// A list of pinned notes written against the protocol alone, choosing differently from the
/// reference list wherever the contract allows: string tokens unique across sessions, a refresh
/// that a write of its note overtook (sent, answered or cancelled while it was in flight) is
/// ignored rather than applied, a session change keeps the user's row order, and rows are read
/// straight from the notes (no UI layer of its own).
@MainActor
class PinnedNotes: OptimisticUpdateSubject {
  /// One note's pin.
  struct Note {
    var pinnedOnServer: Bool
    var shownPinned: Bool
    var write: String?
    var mustRefresh = false
    var refresh: String?
    /// Bumped by every write sent, answered or cancelled: a refresh from before is overtaken.
    var epoch = 0
    var refreshEpoch = 0
  }

  var notes: [String: Note] = [:]
  var rows: [String] = []
  var session = 0
  var serial = 0
  /// What each token was sent for: note, session, and whether it is a refresh.
  var sent: [String: (note: String, session: Int, refresh: Bool)] = [:]

  init() {}

  var capabilities: Set<SubjectCapability> { [.cancellation, .sorting, .sessions] }
  var order: [String] { rows }

  func load(_ records: [RecordValue]) {
    session += 1
    for record in records {
      notes[record.id] = Note(pinnedOnServer: record.value.isOn, shownPinned: record.value.isOn)
    }
    rows = records.map(\.id)
  }

  func replaceSession(with records: [RecordValue]) {
    let kept = rows.filter { id in records.contains { $0.id == id } }
    notes = [:]
    load(records)
    rows = kept + rows.filter { !kept.contains($0) }
  }

  private func token(_ kind: String, for id: String, refresh: Bool) -> String {
    serial += 1
    let token = "\(kind)-\(id)-\(serial)"
    sent[token] = (id, session, refresh)
    return token
  }

  func tap(record id: String) -> AnyHashable? {
    guard var note = notes[id], note.write == nil, !note.mustRefresh else { return nil }
    let write = token("pin", for: id, refresh: false)
    note.write = write
    note.shownPinned.toggle()
    note.epoch += 1
    notes[id] = note
    return write
  }

  /// The note a token of the current session was sent for.
  private func note(of request: AnyHashable, refresh: Bool) -> String? {
    guard let token = request as? String, let origin = sent[token], origin.session == session,
      origin.refresh == refresh
    else { return nil }
    return origin.note
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let id = note(of: request, refresh: false), var note = notes[id],
      note.write == request as? String
    else { return }
    note.write = nil
    note.epoch += 1
    switch outcome {
    case .saved(let pinned): note.pinnedOnServer = pinned.isOn
    case .rejected: break
    case .unknown: note.mustRefresh = true
    }
    note.shownPinned = note.pinnedOnServer
    notes[id] = note
  }

  func cancel(request: AnyHashable) {
    guard let id = note(of: request, refresh: false), var note = notes[id],
      note.write == request as? String
    else { return }
    note.write = nil
    note.epoch += 1
    note.shownPinned = note.pinnedOnServer
    note.mustRefresh = true
    notes[id] = note
  }

  func startSync(record id: String) -> AnyHashable? {
    guard var note = notes[id] else { return nil }
    let refresh = token("read", for: id, refresh: true)
    note.refresh = refresh
    note.refreshEpoch = note.epoch
    notes[id] = note
    return refresh
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let id = note(of: request, refresh: true), var note = notes[id],
      note.refresh == request as? String, note.refreshEpoch == note.epoch
    else { return }
    note.refresh = nil
    if case .value(let pinned) = outcome {
      note.pinnedOnServer = pinned.isOn
      if note.write == nil { note.shownPinned = pinned.isOn }
      note.mustRefresh = false
    }
    notes[id] = note
  }

  func reorder(to order: [String]) {
    rows = order.filter { notes[$0] != nil } + rows.filter { !order.contains($0) }
  }

  func state(of id: String) -> RecordState? {
    guard let note = notes[id] else { return nil }
    return RecordState(
      confirmed: note.pinnedOnServer, displayed: note.shownPinned,
      pendingRequest: note.write.map { AnyHashable($0) }, needsSync: note.mustRefresh,
      isSaving: note.write != nil, isTapEnabled: note.write == nil && !note.mustRefresh)
  }
}

/// One bug, where an unknown outcome on one note meets a success on another: any saved answer
/// is taken as "the connection works again" and unblocks every note waiting for a refresh.
@MainActor
final class PinnedNotesUnblockingOnAnySuccess: PinnedNotes {
  override func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    let pending = notes.values.contains { $0.write == request as? String }
    super.respond(to: request, with: outcome)
    if pending, case .saved = outcome {
      for id in notes.keys { notes[id]?.mustRefresh = false }
    }
  }
}
