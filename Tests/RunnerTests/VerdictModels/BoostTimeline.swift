import Contracts

/// A timeline whose rows may show one post, a boost row showing the post it boosts (the entity
/// rule shared), written against the protocol alone: a normalized store of posts, and row cells
/// that are repainted from the store for every row of a post after each change.
@MainActor
class BoostTimeline: OptimisticUpdateSubject {
  /// One post in the store.
  struct Post {
    var server: OptimisticValue
    var write: (ticket: Int, value: OptimisticValue)?
    var unsure = false
  }

  /// One row's cell, a copy of its post as last painted.
  struct Cell {
    var server: OptimisticValue
    var star: OptimisticValue
    var ticket: Int?
    var unsure: Bool
  }

  var posts: [String: Post] = [:]
  /// The post each row shows.
  var postOfRow: [String: String] = [:]
  var rowIDs: [String] = []
  var cells: [String: Cell] = [:]
  var ticketPost: [Int: String] = [:]
  var fetches: [String: Int] = [:]
  var tickets = 0

  init() {}

  var entityRule: EntityRule { .shared }
  var order: [String] { rowIDs }
  func entity(of id: String) -> String { postOfRow[id] ?? id }

  func load(_ records: [RecordValue]) {
    for record in records {
      let post = record.entity.map { entity(of: $0) } ?? record.id
      postOfRow[record.id] = post
      if posts[post] == nil { posts[post] = Post(server: record.value) }
    }
    rowIDs = records.map(\.id)
    for post in Set(postOfRow.values) { paint(post: post) }
  }

  /// Repaints every row of `post` from the store.
  func paint(post: String) {
    guard let stored = posts[post] else { return }
    for row in rowIDs where postOfRow[row] == post {
      cells[row] = Cell(
        server: stored.server, star: stored.write?.value ?? stored.server,
        ticket: stored.write?.ticket, unsure: stored.unsure)
    }
  }

  func tap(record id: String) -> AnyHashable? {
    guard let post = postOfRow[id], var stored = posts[post], stored.write == nil,
      !stored.unsure
    else { return nil }
    tickets += 1
    ticketPost[tickets] = post
    stored.write = (tickets, valueAfterTap(showing: stored.server))
    posts[post] = stored
    paint(post: post)
    return tickets
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let ticket = request as? Int, let post = ticketPost[ticket], var stored = posts[post],
      stored.write?.ticket == ticket
    else { return }
    stored.write = nil
    switch outcome {
    case .saved(let value): stored.server = value
    case .rejected: break
    case .unknown: stored.unsure = true
    }
    posts[post] = stored
    repaintAfterAnswer(post: post, ticket: ticket)
  }

  /// Repaints the rows of `post` after the answer to `ticket`.
  func repaintAfterAnswer(post: String, ticket: Int) {
    paint(post: post)
  }

  func startSync(record id: String) -> AnyHashable? {
    guard let post = postOfRow[id] else { return nil }
    tickets += 1
    ticketPost[tickets] = post
    fetches[post] = tickets
    return tickets
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let ticket = request as? Int, let post = ticketPost[ticket], fetches[post] == ticket
    else { return }
    fetches[post] = nil
    guard case .value(let value) = outcome else { return }
    posts[post]?.server = value
    posts[post]?.unsure = false
    paint(post: post)
  }

  func state(of id: String) -> RecordState? {
    guard let cell = cells[id] else { return nil }
    return RecordState(
      confirmed: cell.server, displayed: cell.star,
      pendingRequest: cell.ticket.map(AnyHashable.init), needsSync: cell.unsure,
      isSaving: cell.ticket != nil, isTapEnabled: cell.ticket == nil && !cell.unsure)
  }
}

/// One bug: after an answer only the row the tap came through is repainted, so a boost row keeps
/// the old write's star and spinner.
@MainActor
final class BoostTimelineRepaintingTappedRow: BoostTimeline {
  private var tappedRow: [Int: String] = [:]

  override func tap(record id: String) -> AnyHashable? {
    let sent = super.tap(record: id)
    if let ticket = sent as? Int { tappedRow[ticket] = id }
    return sent
  }

  override func repaintAfterAnswer(post: String, ticket: Int) {
    guard let row = tappedRow[ticket], let stored = posts[post] else { return }
    cells[row] = Cell(
      server: stored.server, star: stored.server, ticket: nil, unsure: stored.unsure)
  }
}

/// One bug: the store forks a boost into a post of its own when it loads the timeline, while the
/// timeline still says the boost shows the original post, so a like through either row reaches
/// only that row's copy.
@MainActor
final class BoostTimelineForkingBoosts: BoostTimeline {
  private var boosted: [String: String] = [:]

  override func entity(of id: String) -> String { boosted[id] ?? id }

  override func load(_ records: [RecordValue]) {
    for record in records {
      if let original = record.entity { boosted[record.id] = boosted[original] ?? original }
    }
    super.load(records.map { RecordValue(id: $0.id, value: $0.value) })
  }
}
