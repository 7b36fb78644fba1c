import Contracts
import ReferenceModels

extension Fault {
  /// "The vote shows before the server took it": a list that declares the pessimistic display
  /// paints the user's intent while the write is pending.
  public static let pessimisticShowsIntent = Fault.optimisticUpdates(
    "pessimistic-shows-intent", in: "reference pessimistic favourites",
    symptom: "the vote shows before the server took it, though the list declares it waits",
    expectedClass: .uiBinding
  ) { IntentShowingPessimisticFavorites() }
}

/// The bug: the list declares the pessimistic display, but its row shows the provisional value
/// while the write is pending, as an optimistic row would.
final class IntentShowingPessimisticFavorites: PessimisticFavorites {
  override func row(for id: String, showing state: FavoriteState) -> FavoritesListViewModel.Row {
    var row = super.row(for: id, showing: state)
    row.displayed = state.visible
    return row
  }
}
