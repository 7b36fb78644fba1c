// docs/subjects.md shows this file from here to its end, verbatim; a test keeps the two the same.
import Contracts

/// A bookmark button that keeps one write in flight and queues the latest tap made meanwhile.
struct Bookmark {
  var confirmed: OptimisticValue
  var shown: OptimisticValue
  var sending: Int?
  var queued: OptimisticValue?
  var mustRead = false
}

/// The adapter: tickets count up across sessions, so an old session's answer never matches.
@MainActor
final class QueuedBookmarksSubject: OptimisticUpdateSubject {
  private var bookmarks: [String: Bookmark] = [:]
  private var ids: [String] = []
  private var reads: [Int: String] = [:]
  private var owners: [Int: String] = [:]
  private var lastTicket = 0
  private var sentByItself: [StartedWrite] = []

  var inFlightRule: InFlightRule { .queueLatest }
  var capabilities: Set<SubjectCapability> { [.sessions] }
  var order: [String] { ids }

  func load(_ records: [RecordValue]) {
    bookmarks = [:]
    reads = [:]
    owners = [:]
    sentByItself = []
    for record in records {
      bookmarks[record.id] = Bookmark(confirmed: record.value, shown: record.value)
    }
    ids = records.map(\.id)
  }

  func tap(record id: String) -> AnyHashable? {
    guard var bookmark = bookmarks[id], !bookmark.mustRead else { return nil }
    let wanted = valueAfterTap(showing: bookmark.shown)
    bookmark.shown = wanted
    if bookmark.sending != nil {
      bookmark.queued = wanted
      bookmarks[id] = bookmark
      return nil
    }
    bookmarks[id] = bookmark
    return startWrite(for: id)
  }

  private func startWrite(for id: String) -> Int {
    lastTicket += 1
    bookmarks[id]?.sending = lastTicket
    owners[lastTicket] = id
    return lastTicket
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let ticket = request as? Int, let id = owners.removeValue(forKey: ticket),
      var bookmark = bookmarks[id], bookmark.sending == ticket
    else { return }
    bookmark.sending = nil
    switch outcome {
    case .saved(let value): bookmark.confirmed = value
    case .rejected: break
    case .unknown:
      bookmark.mustRead = true
      bookmark.queued = nil
    }
    let next = bookmark.queued
    bookmark.queued = nil
    bookmark.shown = next ?? bookmark.confirmed
    bookmarks[id] = bookmark
    if let next {
      sentByItself.append(StartedWrite(record: id, value: next, request: startWrite(for: id)))
    }
  }

  func takeStartedWrites() -> [StartedWrite] {
    defer { sentByItself = [] }
    return sentByItself
  }

  func startSync(record id: String) -> AnyHashable? {
    guard bookmarks[id] != nil else { return nil }
    lastTicket += 1
    reads = reads.filter { $0.value != id }
    reads[lastTicket] = id
    return lastTicket
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let ticket = request as? Int, let id = reads.removeValue(forKey: ticket),
      var bookmark = bookmarks[id], case .value(let value) = outcome
    else { return }
    bookmark.confirmed = value
    if bookmark.sending == nil { bookmark.shown = value }
    bookmark.mustRead = false
    bookmarks[id] = bookmark
  }

  func replaceSession(with records: [RecordValue]) {
    load(records)
  }

  func state(of id: String) -> RecordState? {
    guard let bookmark = bookmarks[id] else { return nil }
    return RecordState(
      confirmed: bookmark.confirmed, displayed: bookmark.shown,
      pendingRequest: bookmark.sending.map { AnyHashable($0) }, needsSync: bookmark.mustRead,
      isSaving: bookmark.sending != nil, isTapEnabled: !bookmark.mustRead)
  }
}
