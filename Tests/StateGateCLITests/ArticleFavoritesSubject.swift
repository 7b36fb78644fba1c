// docs/subjects.md shows this file from here to its end, verbatim; a test keeps the two the same.
import Contracts
import Foundation

/// The optimistic-updates article's state machine, as the article writes it.
struct FavoriteState {
  private(set) var confirmed: Bool
  private(set) var visible: Bool
  private(set) var pending: UUID?

  init(_ value: Bool) {
    confirmed = value
    visible = value
  }

  mutating func begin(_ desired: Bool) -> UUID? {
    guard pending == nil else { return nil }
    let ticket = UUID()
    pending = ticket
    visible = desired
    return ticket
  }

  mutating func finish(_ ticket: UUID, saved: Bool?) {
    guard pending == ticket else { return }
    if let saved {
      confirmed = saved
    }
    visible = confirmed
    pending = nil
  }

  mutating func replaceSession(with value: Bool) {
    pending = nil
    confirmed = value
    visible = value
  }

  /// A value read from the server: confirmed, and shown unless a write is pending.
  mutating func adoptRead(_ value: Bool) {
    confirmed = value
    if pending == nil {
      visible = value
    }
  }
}

/// A list of `FavoriteState`s as a subject: what the article leaves to the app — which record a
/// ticket belongs to, the unknown outcome that requires a read, the reads, the session change.
@MainActor
final class ArticleFavoritesSubject: OptimisticUpdateSubject {
  private var records: [String: FavoriteState] = [:]
  private(set) var order: [String] = []
  /// The record each write in flight belongs to, by ticket.
  private var writes: [UUID: String] = [:]
  /// The newest read of each record still in flight.
  private var reads: [String: UUID] = [:]
  /// Records whose last write had an unknown outcome: no write until a read answers.
  private var needsRead: Set<String> = []

  var capabilities: Set<SubjectCapability> { [.sessions] }

  func load(_ list: [RecordValue]) {
    replaceSession(with: list)
  }

  func tap(record id: String) -> AnyHashable? {
    guard var state = records[id], !needsRead.contains(id),
      let ticket = state.begin(!state.visible)
    else { return nil }
    records[id] = state
    writes[ticket] = id
    return ticket
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let ticket = request as? UUID, let id = writes.removeValue(forKey: ticket) else { return }
    switch outcome {
    case .saved(let value): records[id]?.finish(ticket, saved: value.isOn)
    case .rejected: records[id]?.finish(ticket, saved: nil)
    case .unknown:
      records[id]?.finish(ticket, saved: nil)
      needsRead.insert(id)
    }
  }

  func startSync(record id: String) -> AnyHashable? {
    guard records[id] != nil else { return nil }
    let ticket = UUID()
    reads[id] = ticket
    return ticket
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let ticket = request as? UUID,
      let id = reads.first(where: { $0.value == ticket })?.key
    else { return }
    reads[id] = nil
    guard case .value(let value) = outcome else { return }
    records[id]?.adoptRead(value.isOn)
    needsRead.remove(id)
  }

  func replaceSession(with list: [RecordValue]) {
    records = Dictionary(uniqueKeysWithValues: list.map { ($0.id, FavoriteState($0.value.isOn)) })
    order = list.map(\.id)
    writes = [:]
    reads = [:]
    needsRead = []
  }

  func state(of id: String) -> RecordState? {
    guard let state = records[id] else { return nil }
    return RecordState(
      confirmed: state.confirmed, displayed: state.visible, pendingRequest: state.pending,
      needsSync: needsRead.contains(id), isSaving: state.pending != nil,
      isTapEnabled: state.pending == nil && !needsRead.contains(id))
  }
}
