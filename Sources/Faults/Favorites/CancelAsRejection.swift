import Contracts
import ReferenceModels

extension Fault {
  /// "After cancelling, the star is off but the favourite was saved": cancel means "not saved".
  public static let cancelAsRejection = Fault.optimisticUpdates(
    "cancel-as-rejection", in: "reference favourites",
    symptom: "after cancelling, the star is off but the favourite was saved",
    expectedClass: .unknownOutcome
  ) { RejectingCancelFavorites() }
}

/// The bug: a cancelled write is rolled back like a rejection, with writes allowed at once —
/// though the server may already have committed it.
final class RejectingCancelFavorites: ReferenceFavorites {
  override func withdraw(_ state: inout FavoriteState, cancelling request: Request) {
    state.finish(request.ticket, outcome: .rejected)
  }
}
