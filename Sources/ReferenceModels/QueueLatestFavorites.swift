import Contracts

/// The reference favourites list under the in-flight rule queue-latest
/// (``InFlightRule/queueLatest``).
///
/// It behaves as apps that keep one write in flight but never drop a tap: a tap while a write is
/// pending shows its value at once and is queued, sending nothing; a newer tap replaces the
/// queued one. When the pending write is answered — saved or rejected — the answer settles the
/// record as the reference list's would, and the list sends the queued value as a new write at
/// once (reported through ``takeStartedWrites()``); that write's answer settles the record, and
/// its rejection rolls back to the value confirmed when it was sent. An unknown outcome, a cancel
/// or a timeout drops the queue (the record needs a sync first), and so does a session change.
///
/// Everything else is the reference list's: the stale-answer checks, the block after an unknown
/// outcome, sessions, filters, refreshes and batches.
@MainActor
open class QueueLatestFavorites: ReferenceFavorites {
  open override var inFlightRule: InFlightRule { .queueLatest }
  /// Writes sent by the list itself that the runner has not taken yet, oldest first.
  private var startedWrites: [StartedWrite] = []

  /// The in-flight rule queue-latest: a tap while a write is pending is queued and shown.
  open override func hold(_ state: inout FavoriteState, desired: OptimisticValue) -> Bool {
    state.queue(desired)
  }

  /// How a row shows its record: as the reference list's, except that taps stay accepted while
  /// a write is pending (only a due sync blocks them).
  open override func row(for id: String, showing state: FavoriteState)
    -> FavoritesListViewModel.Row
  {
    var row = super.row(for: id, showing: state)
    row.isTapEnabled = !state.needsSync
    return row
  }

  open override func respond(to token: AnyHashable, with outcome: ServerOutcome) {
    super.respond(to: token, with: outcome)
    sendQueuedWrites()
  }

  open override func respond(toBatch token: AnyHashable, with outcome: BatchOutcome) {
    super.respond(toBatch: token, with: outcome)
    sendQueuedWrites()
  }

  /// Sends the queued value of every record whose pending write was just answered, as a new
  /// write.
  open func sendQueuedWrites() {
    for (id, state) in states.sorted(by: { $0.key < $1.key }) where state.pending == nil {
      guard let value = state.queued, let token = write(value, to: id) else { continue }
      startedWrites.append(StartedWrite(record: id, value: value, request: token))
    }
  }

  open override func takeStartedWrites() -> [StartedWrite] {
    defer { startedWrites = [] }
    return super.takeStartedWrites() + startedWrites
  }
}
