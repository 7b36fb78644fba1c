import Contracts
import ReferenceModels

extension Fault {
  /// "After a timeout the star is on but the favourite was never saved": a timeout succeeds.
  public static let timeoutAsSuccess = Fault.optimisticUpdates(
    "timeout-as-success", in: "reference favourites",
    symptom: "after a timeout the star is on but the favourite was never saved",
    expectedClass: .unknownOutcome
  ) { TimeoutTrustingFavorites() }
}

/// The bug: no news is taken for good news — a timeout confirms the value shown.
final class TimeoutTrustingFavorites: ReferenceFavorites {
  override func settle(
    _ state: inout FavoriteState, answering request: Request, with outcome: ServerOutcome
  ) {
    let assumed = outcome == .unknown ? .saved(state.visible) : outcome
    super.settle(&state, answering: request, with: assumed)
  }
}
