import Contracts
import ReferenceModels

extension Fault {
  /// "The star went off while it was still asking me": a list that asks before it removes paints
  /// the removal on the row as soon as the question opens.
  public static let askingShowsRemoval = Fault.optimisticUpdates(
    "asking-shows-removal", in: "reference favourites that ask before removing",
    symptom: "the star went off while 'Remove favourite?' was still asking",
    expectedClass: .uiBinding
  ) { RemovalShowingFavorites() }
}

/// The bug: the list asks before it removes, but its row shows the value the question would
/// write while the question is open, as if the removal had been sent.
final class RemovalShowingFavorites: ConfirmingFavorites {
  override func row(for id: String, showing state: FavoriteState) -> FavoritesListViewModel.Row {
    var row = super.row(for: id, showing: state)
    if let asked = questions[id] { row.displayed = asked }
    return row
  }

  override func tap(record id: String) -> AnyHashable? {
    defer { refreshList() }
    return super.tap(record: id)
  }

  override func decline(record id: String) {
    super.decline(record: id)
    refreshList()
  }
}
