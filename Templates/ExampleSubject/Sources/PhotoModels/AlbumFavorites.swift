import StateGateRecorder

/// An album screen's favourite buttons: one write in flight per photo, answers to writes and to
/// refreshes checked against the photo's pending ticket and the session they were sent in.
///
/// Every entry point tells an optional `SessionRecorder` what happened and what the star then
/// shows, so a bug seen in the field can be exported and turned into a regression case with
/// `stategate import`. Not final: the tests plant a bug by overriding one decision (`settles`,
/// `awaitsReread`, `keepsStateWhenHidden`, `locksAfterTimeout`).
///
/// Made with `rereadsAfterTimeout`, the album reads a photo from the server by itself when a
/// write times out, and keeps its star locked until that read's answer. A "Favourites only"
/// filter hides rows, never state. "Favourite selected" toggles several photos in one request
/// (a ``Batch``), answered once; each photo settles as if its own write had been answered.
@MainActor
public class AlbumFavorites {
  /// One photo's favourite state.
  public struct Photo: Equatable, Sendable {
    /// The photo's id.
    public var id: String
    /// What the server last confirmed.
    public var confirmed: Bool
    /// What the star shows.
    public var shown: Bool
    /// The write in flight.
    public var pending: Write?
    /// Whether an unknown outcome requires a refresh before writing again.
    public var mustRefresh = false
    /// The refresh in flight.
    public var refreshing: Refresh?
  }

  /// A write the network layer sent: photo id, session and ticket.
  public struct Write: Hashable, Sendable {
    /// The photo the write is for.
    public var photoID: String
    /// The session it was sent in.
    public var session: Int
    /// Its ticket.
    public var ticket: Int
  }

  /// A refresh (a read of the server's value) the network layer sent: photo id, session, ticket.
  public struct Refresh: Hashable, Sendable {
    /// The photo the refresh reads.
    public var photoID: String
    /// The session it was sent in.
    public var session: Int
    /// Its ticket.
    public var ticket: Int
  }

  /// Several photos' writes the network layer sent as one request: one session and ticket.
  public struct Batch: Hashable, Sendable {
    /// The photos it writes, in the order they were selected.
    public var photoIDs: [String]
    /// The session it was sent in.
    public var session: Int
    /// Its ticket, shared by each photo's write.
    public var ticket: Int

    /// The write of photo `id` within the batch.
    public func write(of id: String) -> Write {
      Write(photoID: id, session: session, ticket: ticket)
    }
  }

  /// What the server answered for one photo of a batch.
  public enum BatchAnswer: Hashable, Sendable {
    /// Saved; the server's value.
    case saved(Bool)
    /// Refused; nothing was written.
    case rejected
    /// Timed out; the write may or may not have been saved.
    case timedOut
  }

  /// Every photo in display order, hidden by the filter or not.
  public private(set) var photos: [Photo] = []
  /// The star value the filter keeps, or `nil` when every photo shows.
  public private(set) var filter: Bool?
  /// Whether a timed-out write makes the album read the photo from the server by itself.
  public let rereadsAfterTimeout: Bool
  /// The reads the album started by itself and no one has taken yet, oldest first.
  private var startedRereads: [Refresh] = []
  /// Where the album records what happens to it; `nil` (the default) records nothing.
  public let recorder: SessionRecorder?
  private var session = 0
  private var lastTicket = 0
  /// The batches sent, by ticket.
  private var batches: [Int: Batch] = [:]

  /// Creates an empty album.
  ///
  /// - Parameters:
  ///   - recorder: Where to record the session, if anywhere (created with
  ///     `family: .optimisticUpdates, declaring: [.sorting, .sessions]`; the events of a batch,
  ///     a filter and the album's own reads add what they need to the recording's `requires`).
  ///   - rereadsAfterTimeout: Whether a timed-out write makes the album read the photo by itself.
  public init(recorder: SessionRecorder? = nil, rereadsAfterTimeout: Bool = false) {
    self.recorder = recorder
    self.rereadsAfterTimeout = rereadsAfterTimeout
  }

  /// The photos the filter shows, in display order.
  public var shownPhotos: [Photo] {
    guard let filter else { return photos }
    return photos.filter { $0.shown == filter }
  }

  /// Shows only photos whose star is `value`, or every photo when `nil`.
  public func showOnly(_ value: Bool?) {
    recorder?.filtered(showing: value)
    filter = value
    for index in photos.indices where !keepsStateWhenHidden(photos[index]) {
      if let value, photos[index].shown != value {
        photos[index].pending = nil
        photos[index].shown = photos[index].confirmed
      }
    }
  }

  /// Whether a photo the filter hides keeps its state: it does — its write in flight, its lock
  /// and its values belong to the photo, not to its row.
  func keepsStateWhenHidden(_ photo: Photo) -> Bool {
    true
  }

  /// Hands over the reads the album started by itself since the last call, and forgets them.
  public func takeStartedRereads() -> [Refresh] {
    defer { startedRereads = [] }
    return startedRereads
  }

  /// Shows the album's photos with their server values (sign-in included).
  public func show(_ values: [(id: String, favorite: Bool)]) {
    recorder?.loaded(values, id: { $0.id }, value: { $0.favorite })
    session += 1
    photos = values.map { Photo(id: $0.id, confirmed: $0.favorite, shown: $0.favorite) }
  }

  /// The star of photo `id` is tapped; returns the write to send, if any.
  public func toggle(_ id: String) -> Write? {
    guard let index = photos.firstIndex(where: { $0.id == id }),
      shownPhotos.contains(where: { $0.id == id }),
      photos[index].pending == nil, !photos[index].mustRefresh
    else {
      recorder?.tapped(record: id)
      return nil
    }
    lastTicket += 1
    let write = Write(photoID: id, session: session, ticket: lastTicket)
    recorder?.tapped(record: id, sent: write)
    photos[index].pending = write
    photos[index].shown.toggle()
    recordShown(index)
    return write
  }

  /// "Favourite selected": toggles the star of every photo `ids` names and sends the writes as
  /// one request; sends nothing, and changes nothing, unless every photo accepts a tap.
  public func toggleAll(_ ids: [String]) -> Batch? {
    let indices = ids.compactMap { id in photos.firstIndex { $0.id == id } }
    guard ids.count > 1, Set(ids).count == ids.count, indices.count == ids.count,
      indices.allSatisfy({ index in
        photos[index].pending == nil && !photos[index].mustRefresh
          && shownPhotos.contains { $0.id == photos[index].id }
      })
    else { return nil }
    lastTicket += 1
    let batch = Batch(photoIDs: ids, session: session, ticket: lastTicket)
    recorder?.batchSent(records: ids, sent: batch)
    batches[lastTicket] = batch
    for index in indices {
      photos[index].pending = batch.write(of: photos[index].id)
      photos[index].shown.toggle()
      recordShown(index)
    }
    return batch
  }

  /// The batch that sent `write`, if it was sent as part of one.
  public func batch(of write: Write) -> Batch? {
    batches[write.ticket].flatMap { $0.session == write.session ? $0 : nil }
  }

  /// The server answered `batch`: each photo's answer by id; a photo it does not name timed out.
  public func finish(_ batch: Batch, answers: [String: BatchAnswer]) {
    recordAnswer(to: batch, answers: answers)
    for (position, id) in batch.photoIDs.enumerated() {
      let write = batch.write(of: id)
      switch answers[id] ?? .timedOut {
      case .saved(let value): settle(write, savedValue: value, timedOut: false)
      case .rejected: settle(write, savedValue: nil, timedOut: false)
      case .timedOut:
        settle(
          write, savedValue: nil, timedOut: true, locks: locksAfterTimeout(inBatchAt: position))
      }
    }
  }

  /// Records the server's answer to `batch` in the shape it came in: saved whole, rejected or
  /// timed out whole, or photo by photo.
  private func recordAnswer(to batch: Batch, answers: [String: BatchAnswer]) {
    guard let recorder else { return }
    let each = batch.photoIDs.map { answers[$0] ?? .timedOut }
    if each.allSatisfy({ $0 == .rejected }) {
      recorder.answered(batch: batch, with: .rejected)
    } else if each.allSatisfy({ $0 == .timedOut }) {
      recorder.answered(batch: batch, with: .unknown)
    } else if each.allSatisfy({ if case .saved = $0 { true } else { false } }) {
      recorder.answered(
        batch: batch, saved: zip(batch.photoIDs, each), id: \.0,
        value: { if case .saved(let value) = $0.1 { value } else { false } })
    } else {
      recorder.answered(
        batch: batch, each: zip(batch.photoIDs, each), id: \.0,
        outcome: { answer in
          switch answer.1 {
          case .saved(let value): .saved(value)
          case .rejected: .rejected
          case .timedOut: .unknown
          }
        })
    }
  }

  /// Whether the photo at `position` in a timed-out batch is locked until a read: each is, since
  /// any part of the batch may have been saved.
  func locksAfterTimeout(inBatchAt position: Int) -> Bool {
    true
  }

  /// The server answered `write`: `true`/`false` is its value, `nil` a rejection; `timedOut`
  /// means the outcome is unknown.
  public func finish(_ write: Write, savedValue: Bool?, timedOut: Bool = false) {
    recorder?.answered(
      write: write, with: timedOut ? .unknown : savedValue.map { .saved($0) } ?? .rejected)
    settle(write, savedValue: savedValue, timedOut: timedOut)
  }

  /// Applies the answer to `write` if it settles its photo's pending write; a timed-out write
  /// `locks` the star until a read.
  private func settle(_ write: Write, savedValue: Bool?, timedOut: Bool, locks: Bool = true) {
    guard write.session == session,
      let index = photos.firstIndex(where: { $0.id == write.photoID }),
      let pending = photos[index].pending, settles(write, pending: pending)
    else { return }
    if let savedValue, !timedOut {
      photos[index].confirmed = savedValue
    }
    photos[index].shown = photos[index].confirmed
    photos[index].pending = nil
    photos[index].mustRefresh = timedOut && locks
    recordShown(index)
    if timedOut, locks, rereadsAfterTimeout {
      reread(index)
    }
  }

  /// Reads the photo at `index` from the server by itself after a timeout.
  private func reread(_ index: Int) {
    lastTicket += 1
    let refresh = Refresh(photoID: photos[index].id, session: session, ticket: lastTicket)
    // The album's own read, not one the user asked for: `readStarted`, not `syncStarted`.
    recorder?.readStarted(record: photos[index].id, sent: refresh)
    if awaitsReread(photos[index]) {
      photos[index].refreshing = refresh
    }
    startedRereads.append(refresh)
  }

  /// Whether the photo waits for the album's own read (it becomes the photo's refresh in flight,
  /// so its answer unlocks the star): it does.
  func awaitsReread(_ photo: Photo) -> Bool {
    true
  }

  /// Whether the answer to `write` settles the photo's pending write: only that write's own answer
  /// does, since a late answer to an older write says nothing about the newer one.
  func settles(_ write: Write, pending: Write) -> Bool {
    write == pending
  }

  /// Starts reading photo `id`'s favourite state from the server; returns the refresh to send.
  public func refresh(_ id: String) -> Refresh? {
    guard let index = photos.firstIndex(where: { $0.id == id }) else { return nil }
    lastTicket += 1
    let refresh = Refresh(photoID: id, session: session, ticket: lastTicket)
    recorder?.syncStarted(record: id, sent: refresh)
    photos[index].refreshing = refresh
    return refresh
  }

  /// The server answered `refresh`: the favourite state it read, or `nil` if the read failed.
  public func refreshed(_ refresh: Refresh, favorite: Bool?) {
    recorder?.answered(sync: refresh, with: favorite.map { .value($0) } ?? .failed)
    guard refresh.session == session,
      let index = photos.firstIndex(where: { $0.id == refresh.photoID }),
      photos[index].refreshing == refresh
    else { return }
    photos[index].refreshing = nil
    defer { recordShown(index) }
    guard let favorite else { return }
    photos[index].confirmed = favorite
    if photos[index].pending == nil { photos[index].shown = favorite }
    photos[index].mustRefresh = false
  }

  /// Re-sorts the photos into this order of ids.
  public func sort(by ids: [String]) {
    photos.sort { (ids.firstIndex(of: $0.id) ?? .max) < (ids.firstIndex(of: $1.id) ?? .max) }
    recorder?.sorted(photos, id: \.id)
  }

  /// Records what the star of the photo at `index` shows, as the app's row draws it.
  private func recordShown(_ index: Int) {
    guard let recorder else { return }
    let photo = photos[index]
    let tapEnabled = photo.pending == nil && !photo.mustRefresh
    if let pending = photo.pending {
      recorder.showed(
        record: photo.id, confirmed: photo.confirmed, displayed: photo.shown, pending: pending,
        needsSync: photo.mustRefresh, saving: true, tapEnabled: tapEnabled)
    } else {
      recorder.showed(
        record: photo.id, confirmed: photo.confirmed, displayed: photo.shown,
        needsSync: photo.mustRefresh, saving: false, tapEnabled: tapEnabled)
    }
  }
}
