import Contracts
import ReferenceModels

extension Fault {
  /// "The spinner keeps spinning after a failed save": the indicator is a flag of its own.
  public static let savingNotBound = Fault.optimisticUpdates(
    "saving-not-bound", in: "reference favourites",
    symptom: "the spinner keeps spinning after a failed save", expectedClass: .uiBinding
  ) { FlagSpinnerFavorites() }
}

/// The bug: the row's spinner is a flag set by a tap and cleared only by a success, not bound to
/// the pending write.
final class FlagSpinnerFavorites: ReferenceFavorites {
  private var spinning: Set<String> = []

  override func tap(record id: String) -> AnyHashable? {
    let token = super.tap(record: id)
    if token != nil {
      spinning.insert(id)
      refreshList()
    }
    return token
  }

  override func settle(
    _ state: inout FavoriteState, answering request: Request, with outcome: ServerOutcome
  ) {
    super.settle(&state, answering: request, with: outcome)
    if case .saved = outcome {
      spinning.remove(request.record)
    }
  }

  override func row(for id: String, showing state: FavoriteState) -> FavoritesListViewModel.Row {
    var row = super.row(for: id, showing: state)
    row.isSaving = spinning.contains(id)
    return row
  }
}
