import Contracts
import ReferenceModels

extension Fault {
  /// "After a timeout the star is off but the favourite was saved": a timeout rolls back.
  public static let timeoutAsRejection = Fault.optimisticUpdates(
    "timeout-as-rejection", in: "reference favourites",
    symptom: "after a timeout the star is off but the favourite was saved",
    expectedClass: .unknownOutcome
  ) { TimeoutRejectingFavorites() }
}

/// The bug: the error handler treats every failure as a business-rule rejection.
final class TimeoutRejectingFavorites: ReferenceFavorites {
  override func settle(
    _ state: inout FavoriteState, answering request: Request, with outcome: ServerOutcome
  ) {
    super.settle(&state, answering: request, with: outcome == .unknown ? .rejected : outcome)
  }
}
