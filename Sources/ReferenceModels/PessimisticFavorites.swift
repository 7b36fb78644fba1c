import Contracts

/// The reference favourites list with the pessimistic display (``DisplayRule/pessimistic``), as
/// lemmy-ui's votes, Mlem's 2023 voting and mastodon-ios's buttons behave: a tap sends the write
/// and shows the saving indicator, but the star keeps the confirmed value until the answer, then
/// shows what the answer settled — the server's value on success, the confirmed value after a
/// rejection, the withdrawn write after an unknown outcome.
///
/// Everything else is the reference list's: the in-flight gate, the stale-answer checks, sessions,
/// filters (which filter by the value the row shows), refreshes and batches.
@MainActor
open class PessimisticFavorites: ReferenceFavorites {
  open override var displayRule: DisplayRule { .pessimistic }

  /// How a row shows its record: the confirmed value, pending or not; the saving indicator and
  /// the gate as the reference list's.
  open override func row(for id: String, showing state: FavoriteState)
    -> FavoritesListViewModel.Row
  {
    var row = super.row(for: id, showing: state)
    row.displayed = displayRule.shown(
      confirmed: state.confirmed, provisional: state.pending == nil ? nil : state.visible)
    return row
  }
}
