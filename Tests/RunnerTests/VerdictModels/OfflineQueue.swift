import Contracts

/// A to-do list whose check marks never drop a tap (the in-flight rule queue-latest), written
/// against the protocol alone: one write per item is in flight, and a tap meanwhile is parked in
/// an outbox slot that the answer's completion sends.
@MainActor
class OfflineQueue: OptimisticUpdateSubject {
  /// One to-do item's check mark.
  struct Item {
    var serverSays: OptimisticValue
    /// The write on the wire: its job number and value.
    var onWire: (job: Int, value: OptimisticValue)?
    /// The value the latest tap wants, waiting for the write on the wire.
    var parked: OptimisticValue?
    var stale = false

    /// What the row shows: the parked value, else the value on the wire, else the server's.
    var onScreen: OptimisticValue { parked ?? onWire?.value ?? serverSays }
  }

  var items: [String: Item] = [:]
  var itemOrder: [String] = []
  var jobs: [Int: String] = [:]
  var reads: [String: Int] = [:]
  var lastJob = 0
  /// Writes sent from completions, not yet handed over.
  var outbox: [StartedWrite] = []

  init() {}

  var inFlightRule: InFlightRule { .queueLatest }
  var order: [String] { itemOrder }

  func load(_ records: [RecordValue]) {
    for record in records { items[record.id] = Item(serverSays: record.value) }
    itemOrder = records.map(\.id)
  }

  /// Puts a write of `value` for `id` on the wire.
  func put(_ value: OptimisticValue, for id: String) -> Int {
    lastJob += 1
    jobs[lastJob] = id
    items[id]?.onWire = (lastJob, value)
    return lastJob
  }

  func tap(record id: String) -> AnyHashable? {
    guard var item = items[id], !item.stale else { return nil }
    let wanted = valueAfterTap(showing: item.onScreen)
    if item.onWire != nil {
      item.parked = wanted
      items[id] = item
      return nil
    }
    return put(wanted, for: id)
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let job = request as? Int, let id = jobs[job], var item = items[id],
      item.onWire?.job == job
    else { return }
    item.onWire = nil
    switch outcome {
    case .saved(let value): item.serverSays = value
    case .rejected: break
    case .unknown:
      item.stale = true
      item.parked = nil
    }
    items[id] = item
    flush(id)
  }

  /// Sends the parked value of `id`, if any, now that nothing is on the wire.
  func flush(_ id: String) {
    guard let item = items[id], let parked = item.parked else { return }
    items[id]?.parked = nil
    guard parked != item.serverSays else { return }
    let job = put(parked, for: id)
    outbox.append(StartedWrite(record: id, value: parked, request: job))
  }

  func takeStartedWrites() -> [StartedWrite] {
    defer { outbox = [] }
    return outbox
  }

  func startSync(record id: String) -> AnyHashable? {
    guard items[id] != nil else { return nil }
    lastJob += 1
    jobs[lastJob] = id
    reads[id] = lastJob
    return lastJob
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let job = request as? Int, let id = jobs[job], reads[id] == job else { return }
    reads[id] = nil
    guard case .value(let value) = outcome else { return }
    items[id]?.serverSays = value
    items[id]?.stale = false
  }

  func state(of id: String) -> RecordState? {
    guard let item = items[id] else { return nil }
    return RecordState(
      confirmed: item.serverSays, displayed: item.onScreen,
      pendingRequest: item.onWire.map { AnyHashable($0.job) }, needsSync: item.stale,
      isSaving: item.onWire != nil, isTapEnabled: !item.stale)
  }
}

/// One bug: the answer's completion clears the outbox slot without sending it, so the parked tap
/// is lost.
@MainActor
final class OfflineQueueDroppingParked: OfflineQueue {
  override func flush(_ id: String) {
    items[id]?.parked = nil
  }
}
