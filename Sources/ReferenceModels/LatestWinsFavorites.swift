import Contracts

/// The reference favourites list under the in-flight rule latest-wins (``InFlightRule/latestWins``).
///
/// It behaves as apps that drop the one-write gate on purpose do: every tap sends. A tap while a
/// write is pending shows its value at once and sends a write that supersedes the pending one; an answer to
/// a superseded write changes nothing, and the latest write's answer settles the record — a
/// success adopts the server's value, a rejection rolls back to the value confirmed before the
/// taps (no superseded answer ever changed it), an unknown outcome withdraws and blocks writes
/// until a read.
///
/// Everything else is the reference list's: the stale-answer checks, the block after an unknown
/// outcome, sessions, filters, refreshes and batches.
@MainActor
open class LatestWinsFavorites: ReferenceFavorites {
  open override var inFlightRule: InFlightRule { .latestWins }

  /// The in-flight rule latest-wins: a write starts unless a sync is due; a pending write is
  /// superseded, so only the new ticket's answer settles the record.
  open override func start(_ state: inout FavoriteState, desired: OptimisticValue, ticket: Int)
    -> Bool
  {
    guard state.pending != nil else { return super.start(&state, desired: desired, ticket: ticket) }
    guard !state.needsSync else { return false }
    state = FavoriteState(
      confirmed: state.confirmed, visible: desired, pending: ticket, needsSync: false,
      syncing: state.syncing)
    return true
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
}
