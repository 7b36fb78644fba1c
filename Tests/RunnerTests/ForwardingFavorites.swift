import Contracts
import ReferenceModels

/// A hand-written adapter around the reference list that forwards the protocol's required part
/// and its declarations: a test subject changes one declaration or one method, and keeps the
/// protocol's defaults for everything it does not write.
@MainActor
class ForwardingFavorites: OptimisticUpdateSubject {
  /// The list the adapter forwards to.
  let list: ReferenceFavorites

  init(_ list: ReferenceFavorites) {
    self.list = list
  }

  var capabilities: Set<SubjectCapability> { [] }
  var choices: [OptimisticValue] { list.choices }
  var writeTimeout: Duration? { list.writeTimeout }
  var order: [String] { list.order }
  func useClock(_ clock: any ContractClock) { list.useClock(clock) }
  func load(_ records: [RecordValue]) { list.load(records) }
  func tap(record id: String) -> AnyHashable? { list.tap(record: id) }
  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    list.respond(to: request, with: outcome)
  }
  func startSync(record id: String) -> AnyHashable? { list.startSync(record: id) }
  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    list.respond(toSync: request, with: outcome)
  }
  func state(of id: String) -> RecordState? { list.state(of: id) }
  /// The 0.3 form, a no-op here; the value form is the protocol's default, which calls it.
  func filter(showing value: Bool?) {}
}
