import Contracts
import ReferenceModels

extension Fault {
  /// "Tapping twice quickly sends two requests": the gate is not checked.
  public static let secondTapSends = Fault.optimisticUpdates(
    "second-tap-sends", in: "reference favourites",
    symptom: "tapping twice quickly sends two requests", expectedClass: .inFlightGate
  ) { UngatedFavorites() }
}

/// The bug: a tap while a write is pending starts another, which replaces the pending ticket.
final class UngatedFavorites: ReferenceFavorites {
  override func start(_ state: inout FavoriteState, desired: OptimisticValue, ticket: Int) -> Bool {
    guard state.pending != nil, !state.needsSync else {
      return super.start(&state, desired: desired, ticket: ticket)
    }
    state = FavoriteState(
      confirmed: state.confirmed, visible: desired, pending: ticket, syncing: state.syncing)
    return true
  }
}
