import Contracts
import ReferenceModels

extension Fault {
  /// "After the request timed out, the star stayed on though nothing was saved": the timeout
  /// blocks writes but keeps the provisional value.
  public static let timeoutKeepsProvisional = Fault.optimisticUpdates(
    "timeout-keeps-provisional", in: "reference favourites",
    symptom: "after the request timed out, the star stayed on though nothing was saved",
    expectedClass: .unknownOutcome
  ) { ProvisionalTimeoutFavorites() }
}

/// The bug: a timed-out write stops pending and requires a sync, but the row keeps showing the
/// user's intent instead of the value confirmed now.
final class ProvisionalTimeoutFavorites: ReferenceFavorites {
  override func timeOut(_ state: inout FavoriteState, timingOut request: Request) {
    guard state.pending == request.ticket else { return }
    state = FavoriteState(
      confirmed: state.confirmed, visible: state.visible, needsSync: true, syncing: state.syncing)
  }
}
