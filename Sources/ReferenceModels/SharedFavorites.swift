import Contracts

/// The reference favourites list under the entity rule shared (``EntityRule/shared``): several
/// rows may show one entity, as a boost row shows the post it boosts.
///
/// It keeps one state per entity, in a reference list (``ReferenceFavorites``) of the entities,
/// and shows each row from its entity's state, as an app with a normalized store does: a row
/// loaded as `b@a` shows the entity of row `a`, whose id is the entity's key. A tap (or a choice)
/// on any row of an entity is a write to the entity, so every row of it shows the provisional
/// value and the same pending write, and one answer settles all of them — a success adopts the
/// server's value in each, a rejection rolls each back, an unknown outcome withdraws the value
/// from each and requires a sync. The in-flight gate is the entity's: a tap on another row of a
/// pending entity sends nothing, as a tap on the same row would not.
///
/// A sync, a read or a refresh of any row reads the entity. A session change keeps each row's
/// entity and takes each entity's value from the first of its rows the session lists. It sends no
/// batches (a batch naming two rows of one entity is not modelled). Everything else is the
/// reference list's.
@MainActor
open class SharedFavorites: OptimisticUpdateSubject {
  /// The list of entities behind the rows, one record per entity.
  public let entities: ReferenceFavorites
  /// The row ids in display order.
  private var rows: [String] = []
  /// The entity each row shows, by row id; a row not listed shows its own.
  private var entityOfRow: [String: String] = [:]

  /// Creates an empty list whose entities are kept by `entities` (a reference list unless given).
  public init(entities: ReferenceFavorites = ReferenceFavorites()) {
    self.entities = entities
  }

  open var entityRule: EntityRule { .shared }

  public func entity(of id: String) -> String { entityOfRow[id] ?? id }

  open var capabilities: Set<SubjectCapability> {
    entities.capabilities.subtracting([.batches])
  }

  public var inFlightRule: InFlightRule { entities.inFlightRule }
  public var displayRule: DisplayRule { entities.displayRule }
  public var unknownOutcomeRule: UnknownOutcomeRule { entities.unknownOutcomeRule }
  public var choices: [OptimisticValue] { entities.choices }
  public var serverValues: [OptimisticValue] { entities.serverValues }
  public var writeTimeout: Duration? { entities.writeTimeout }
  public func useClock(_ clock: any ContractClock) { entities.useClock(clock) }

  /// Loads the rows: a row with an ``RecordValue/entity`` shows that row's entity; the others
  /// each show an entity of their own, loaded with their value.
  open func load(_ records: [RecordValue]) {
    for record in records {
      if !rows.contains(record.id) { rows.append(record.id) }
      if let shown = record.entity {
        entityOfRow[record.id] = entity(of: shown)
      }
    }
    entities.load(ownEntities(of: records))
  }

  /// The entities `records` give values to: each entity once, with the value of the first of its
  /// rows listed.
  private func ownEntities(of records: [RecordValue]) -> [RecordValue] {
    var values: [RecordValue] = []
    for record in records {
      let key = record.entity.map(entity(of:)) ?? entity(of: record.id)
      guard !values.contains(where: { $0.id == key }) else { continue }
      values.append(RecordValue(id: key, value: record.value))
    }
    return values
  }

  open func tap(record id: String) -> AnyHashable? { entities.tap(record: entity(of: id)) }

  public func choose(_ value: OptimisticValue, record id: String) -> AnyHashable? {
    entities.choose(value, record: entity(of: id))
  }

  open func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    entities.respond(to: request, with: outcome)
  }

  public func startSync(record id: String) -> AnyHashable? {
    entities.startSync(record: entity(of: id))
  }

  public func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    entities.respond(toSync: request, with: outcome)
  }

  /// The rows whose entity the list shows, in display order.
  public var order: [String] {
    let shown = Set(entities.order)
    return rows.filter { shown.contains(entity(of: $0)) }
  }

  /// The row's state: its entity's.
  open func state(of id: String) -> RecordState? {
    guard rows.contains(id) else { return nil }
    return entities.state(of: entity(of: id))
  }

  public func cancel(request: AnyHashable) { entities.cancel(request: request) }

  /// Re-sorts the rows; the entities follow the order of their first rows.
  public func reorder(to order: [String]) {
    rows = order + rows.filter { !order.contains($0) }
    var keys: [String] = []
    for row in rows where !keys.contains(entity(of: row)) {
      keys.append(entity(of: row))
    }
    entities.reorder(to: keys)
  }

  /// Signs out and in: the rows come in the session's order, each keeps its entity, and each
  /// entity takes the value of the first of its rows listed.
  public func replaceSession(with records: [RecordValue]) {
    let listed = records.map(\.id)
    rows = listed + rows.filter { !listed.contains($0) }
    entities.replaceSession(with: ownEntities(of: records))
  }

  public func takeStartedReads() -> [StartedRead] { entities.takeStartedReads() }
  public func takeStartedWrites() -> [StartedWrite] { entities.takeStartedWrites() }
  public func filter(showing value: OptimisticValue?) { entities.filter(showing: value) }
  public func filter(showing value: Bool?) { entities.filter(showing: value) }
  public func startRefresh() -> AnyHashable? { entities.startRefresh() }

  /// Applies a refresh's list: each entity takes the value of the first of its rows listed.
  public func respond(toRefresh request: AnyHashable, with outcome: RefreshOutcome) {
    guard case .list(let values) = outcome else {
      return entities.respond(toRefresh: request, with: outcome)
    }
    entities.respond(toRefresh: request, with: .list(ownEntities(of: values)))
  }
}
