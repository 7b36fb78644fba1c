import Contracts

/// A favourites list that is correct except that it lists one record of its own, with an id no
/// suite typed: a value the subject produces, which a run must never write in clear.
@MainActor
final class GeneratingFavorites: OptimisticUpdateSubject {
  /// The id the subject generates.
  static let generated = "account-\(core)-secret"
  /// The part of ``generated`` no file of a result may hold: letters no hex digest, UUID or
  /// timestamp holds (a commit hash may well contain `4711`), so finding it means a leak.
  static let core = "qzx4711"

  private var records: [String: RecordState] = [:]
  private var ids: [String] = []
  private var nextToken = 0

  func load(_ records: [RecordValue]) {
    for record in records {
      if self.records[record.id] == nil { ids.append(record.id) }
      self.records[record.id] = RecordState(
        confirmed: record.value, displayed: record.value, pendingRequest: nil, needsSync: false,
        isSaving: false, isTapEnabled: true)
    }
  }

  func tap(record id: String) -> AnyHashable? {
    guard var state = records[id], state.pendingRequest == nil else { return nil }
    nextToken += 1
    state.pendingRequest = nextToken
    state.displayed = state.displayed.isOn ? .off : .on
    state.isSaving = true
    state.isTapEnabled = false
    records[id] = state
    return nextToken
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {}
  func startSync(record id: String) -> AnyHashable? { nil }
  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {}

  var order: [String] { ids + [Self.generated] }

  func state(of id: String) -> RecordState? { records[id] }
}
