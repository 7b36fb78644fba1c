import Contracts
import PhotoModels

/// The adapter that lets stategate drive `AlbumFavorites` through the optimistic-update contract.
@MainActor
final class AlbumSubject: OptimisticUpdateSubject {
  let album: AlbumFavorites

  /// Creates the adapter over `album` (a fresh, unrecorded one by default).
  init(album: AlbumFavorites = AlbumFavorites(rereadsAfterTimeout: true)) {
    self.album = album
  }

  var capabilities: Set<SubjectCapability> {
    album.rereadsAfterTimeout
      ? [.sorting, .sessions, .filtering, .batches, .automaticReads]
      : [.sorting, .sessions, .filtering, .batches]
  }
  var order: [String] { album.shownPhotos.map(\.id) }
  func filter(showing value: Bool?) { album.showOnly(value) }

  func takeStartedReads() -> [StartedRead] {
    album.takeStartedRereads().map { StartedRead(record: $0.photoID, request: $0) }
  }

  func load(_ records: [RecordValue]) { album.show(records.map { ($0.id, $0.value.isOn) }) }
  func replaceSession(with records: [RecordValue]) { load(records) }
  func tap(record id: String) -> AnyHashable? { album.toggle(id) }
  func reorder(to order: [String]) { album.sort(by: order) }
  func startSync(record id: String) -> AnyHashable? { album.refresh(id) }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let refresh = request as? AlbumFavorites.Refresh else { return }
    switch outcome {
    case .value(let value): album.refreshed(refresh, favorite: value.isOn)
    case .failed: album.refreshed(refresh, favorite: nil)
    }
  }

  func respond(to token: AnyHashable, with outcome: ServerOutcome) {
    guard let write = token as? AlbumFavorites.Write else { return }
    switch outcome {
    case .saved(let value): album.finish(write, savedValue: value.isOn)
    case .rejected: album.finish(write, savedValue: nil)
    case .unknown: album.finish(write, savedValue: nil, timedOut: true)
    }
  }

  func tapAll(records ids: [String]) -> AnyHashable? { album.toggleAll(ids) }

  func respond(toBatch request: AnyHashable, with outcome: BatchOutcome) {
    guard let batch = request as? AlbumFavorites.Batch else { return }
    var answers: [String: AlbumFavorites.BatchAnswer] = [:]
    for id in batch.photoIDs {
      switch outcome.outcome(for: id) {
      case .saved(let value)?: answers[id] = .saved(value.isOn)
      case .rejected?: answers[id] = .rejected
      case .unknown?, nil: answers[id] = .timedOut
      }
    }
    album.finish(batch, answers: answers)
  }

  /// The token the runner knows a pending write by: its batch's, when it was sent in one.
  private func token(of write: AlbumFavorites.Write) -> AnyHashable {
    album.batch(of: write).map { AnyHashable($0) } ?? AnyHashable(write)
  }

  func state(of id: String) -> RecordState? {
    guard let photo = album.photos.first(where: { $0.id == id }) else { return nil }
    return RecordState(
      confirmed: photo.confirmed, displayed: photo.shown,
      pendingRequest: photo.pending.map(token(of:)),
      needsSync: photo.mustRefresh, isSaving: photo.pending != nil,
      isTapEnabled: photo.pending == nil && !photo.mustRefresh)
  }
}
