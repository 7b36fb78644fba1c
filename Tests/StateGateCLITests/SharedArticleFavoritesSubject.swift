import Contracts

/// A timeline whose rows may show one post, as a boost row shows the post it boosts.
///
/// The posts are the article's records (the adapter above, one `FavoriteState` each), and a row
/// is only a key into them. A write through any row is its post's write, so every row of the post
/// shows it and one answer settles them all; the article's gate is the post's.
@MainActor
final class SharedArticleFavoritesSubject: OptimisticUpdateSubject {
  /// The posts, one record each.
  private let posts = ArticleFavoritesSubject()
  /// The rows, in display order.
  private(set) var order: [String] = []
  /// The post each boost row shows, by row id; a row not listed is a post of its own.
  private var postOfRow: [String: String] = [:]

  var capabilities: Set<SubjectCapability> { posts.capabilities }
  var entityRule: EntityRule { .shared }
  func entity(of id: String) -> String { postOfRow[id] ?? id }

  func load(_ list: [RecordValue]) {
    for row in list {
      if let post = row.entity { postOfRow[row.id] = entity(of: post) }
    }
    order = list.map(\.id)
    posts.load(list.filter { entity(of: $0.id) == $0.id })
  }

  func tap(record id: String) -> AnyHashable? { posts.tap(record: entity(of: id)) }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    posts.respond(to: request, with: outcome)
  }

  func startSync(record id: String) -> AnyHashable? { posts.startSync(record: entity(of: id)) }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    posts.respond(toSync: request, with: outcome)
  }

  func replaceSession(with list: [RecordValue]) {
    order = list.map(\.id)
    posts.replaceSession(with: list.filter { entity(of: $0.id) == $0.id })
  }

  func state(of id: String) -> RecordState? {
    order.contains(id) ? posts.state(of: entity(of: id)) : nil
  }
}
