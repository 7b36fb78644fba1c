import Contracts

/// A store of likes keyed by post id that lets the user tap as fast as they like (the in-flight
/// rule latest-wins), written against the protocol alone.
///
/// Every tap sends a write tagged with a serial number and the post remembers only the newest
/// serial: an answer carrying any other serial is an answer to a superseded write and is
/// dropped.
@MainActor
class LikeStore: OptimisticUpdateSubject {
  /// One post's like.
  struct Like {
    var stored: OptimisticValue
    var showing: OptimisticValue
    var newestSerial: Int?
    var mustRefetch = false
  }

  var likes: [String: Like] = [:]
  var postIDs: [String] = []
  /// The post each serial (a write's or a fetch's) was sent for.
  var postOfSerial: [Int: String] = [:]
  /// The newest fetch per post.
  var newestFetch: [String: Int] = [:]
  var serial = 0

  init() {}

  var inFlightRule: InFlightRule { .latestWins }
  var capabilities: Set<SubjectCapability> { [.sorting] }
  var order: [String] { postIDs }

  func load(_ records: [RecordValue]) {
    for record in records {
      likes[record.id] = Like(stored: record.value, showing: record.value)
    }
    postIDs = records.map(\.id)
  }

  /// The next serial, sent for `post`.
  func nextSerial(for post: String) -> Int {
    serial += 1
    postOfSerial[serial] = post
    return serial
  }

  func tap(record id: String) -> AnyHashable? {
    guard var like = likes[id], !like.mustRefetch else { return nil }
    let sent = nextSerial(for: id)
    like.showing = valueAfterTap(showing: like.showing)
    like.newestSerial = sent
    likes[id] = like
    return sent
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let sent = request as? Int, let id = postOfSerial[sent], var like = likes[id],
      isCurrent(sent, of: like)
    else { return }
    settle(&like, with: outcome)
    likes[id] = like
  }

  /// Whether the answer to `sent` is the one the post waits for.
  func isCurrent(_ sent: Int, of like: Like) -> Bool {
    like.newestSerial == sent
  }

  /// Settles the post with the answer to its newest write.
  func settle(_ like: inout Like, with outcome: ServerOutcome) {
    like.newestSerial = nil
    switch outcome {
    case .saved(let value):
      like.stored = value
      like.showing = value
    case .rejected:
      like.showing = like.stored
    case .unknown:
      like.showing = like.stored
      like.mustRefetch = true
    }
  }

  func startSync(record id: String) -> AnyHashable? {
    guard likes[id] != nil else { return nil }
    let sent = nextSerial(for: id)
    newestFetch[id] = sent
    return sent
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let sent = request as? Int, let id = postOfSerial[sent], newestFetch[id] == sent,
      var like = likes[id]
    else { return }
    newestFetch[id] = nil
    guard case .value(let value) = outcome else { return }
    like.stored = value
    if like.newestSerial == nil { like.showing = value }
    like.mustRefetch = false
    likes[id] = like
  }

  func reorder(to order: [String]) {
    postIDs = order.filter { likes[$0] != nil } + postIDs.filter { !order.contains($0) }
  }

  func state(of id: String) -> RecordState? {
    guard let like = likes[id] else { return nil }
    return RecordState(
      confirmed: like.stored, displayed: like.showing,
      pendingRequest: like.newestSerial.map(AnyHashable.init), needsSync: like.mustRefetch,
      isSaving: like.newestSerial != nil, isTapEnabled: !like.mustRefetch)
  }
}

/// One bug: an answer is taken if it answers any write still unanswered for the post, so a
/// superseded write's late answer settles the post.
@MainActor
final class LikeStoreTakingSupersededAnswers: LikeStore {
  private var unanswered: Set<Int> = []

  override func tap(record id: String) -> AnyHashable? {
    let sent = super.tap(record: id)
    if let number = sent as? Int { unanswered.insert(number) }
    return sent
  }

  override func isCurrent(_ sent: Int, of like: Like) -> Bool {
    like.newestSerial != nil && unanswered.remove(sent) != nil
  }
}

/// One bug: a rejection rolls the post back to the value shown before the rejected tap, not
/// to the value the server confirmed.
@MainActor
final class LikeStoreRollingBackOneTap: LikeStore {
  private var shownBefore: [Int: OptimisticValue] = [:]

  override func tap(record id: String) -> AnyHashable? {
    let before = likes[id]?.showing
    let sent = super.tap(record: id)
    if let number = sent as? Int, let before { shownBefore[number] = before }
    return sent
  }

  override func settle(_ like: inout Like, with outcome: ServerOutcome) {
    let sent = like.newestSerial
    super.settle(&like, with: outcome)
    if case .rejected = outcome, let sent, let before = shownBefore[sent] {
      like.showing = before
    }
  }
}
