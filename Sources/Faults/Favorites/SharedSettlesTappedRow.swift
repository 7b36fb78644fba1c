import Contracts
import ReferenceModels

extension Fault {
  /// "I liked the post in its boost, and the original row forgot it": a list that shows one post
  /// in several rows keeps a copy per row, and an answer settles only the copy of the row tapped.
  public static let sharedSettlesTappedRow = Fault.optimisticUpdates(
    "shared-settles-tapped-row", in: "reference shared-entity favourites",
    symptom: "I liked the post through its boost, and the original row forgot it",
    expectedClass: .recordIdentity
  ) { TappedRowSettlingFavorites() }
}

/// The bug: the list declares shared entities and shows a pending write (and its gate) in every
/// row of the entity, but each row keeps its own copy and the answer settles only the tapped row's.
final class TappedRowSettlingFavorites: OptimisticUpdateSubject {
  /// One record per row: each row's own copy of its entity.
  private let copies = ReferenceFavorites(writeTimeout: nil)
  /// The entity each row shows, by row id; a row not listed shows its own.
  private var entityOfRow: [String: String] = [:]
  /// The row whose write each entity has in flight, by entity.
  private var tapped: [String: String] = [:]

  var entityRule: EntityRule { .shared }
  func entity(of id: String) -> String { entityOfRow[id] ?? id }
  var capabilities: Set<SubjectCapability> { [.sessions, .cancellation, .uiLayer] }
  var order: [String] { copies.order }

  func load(_ records: [RecordValue]) {
    for case (let id, let shown?) in records.map({ ($0.id, $0.entity) }) {
      entityOfRow[id] = entity(of: shown)
    }
    copies.load(records)
  }

  /// The row whose state the row `id` shows: its entity's tapped row while that row's write is
  /// pending, else `id` itself.
  private func shownRow(_ id: String) -> String {
    guard let row = tapped[entity(of: id)], copies.state(of: row)?.pendingRequest != nil
    else { return id }
    return row
  }

  func tap(record id: String) -> AnyHashable? {
    tapped[entity(of: id)] = shownRow(id)
    return copies.tap(record: tapped[entity(of: id)] ?? id)
  }

  func state(of id: String) -> RecordState? { copies.state(of: shownRow(id)) }
  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    copies.respond(to: request, with: outcome)
  }
  func startSync(record id: String) -> AnyHashable? { copies.startSync(record: id) }
  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    copies.respond(toSync: request, with: outcome)
  }
  func cancel(request: AnyHashable) { copies.cancel(request: request) }
  func replaceSession(with records: [RecordValue]) { copies.replaceSession(with: records) }
}
