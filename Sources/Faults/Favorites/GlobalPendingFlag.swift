import Contracts
import ReferenceModels

extension Fault {
  /// "While one star is saving I cannot star anything else": one pending flag for the list.
  public static let globalPendingFlag = Fault.optimisticUpdates(
    "global-pending-flag", in: "reference favourites",
    symptom: "while one star is saving I cannot star anything else",
    expectedClass: .recordIdentity
  ) { GlobalGateFavorites() }
}

/// The bug: the gate, and the rows' tap state, look at every record instead of their own.
final class GlobalGateFavorites: ReferenceFavorites {
  private var anyPending: Bool { states.values.contains { $0.pending != nil } }

  override func start(_ state: inout FavoriteState, desired: OptimisticValue, ticket: Int) -> Bool {
    guard !anyPending else { return false }
    return super.start(&state, desired: desired, ticket: ticket)
  }

  override func row(for id: String, showing state: FavoriteState) -> FavoritesListViewModel.Row {
    var row = super.row(for: id, showing: state)
    row.isTapEnabled = row.isTapEnabled && !anyPending
    return row
  }
}
