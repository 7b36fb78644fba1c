import Contracts
import ReferenceModels

extension Fault {
  /// "The star stays filled although the server refused the favourite": success keeps the intent.
  public static let successCopiesIntent = Fault.optimisticUpdates(
    "success-copies-intent", in: "reference favourites",
    symptom: "the star stays filled although the server refused the favourite",
    expectedClass: .serverAuthority
  ) { IntentKeepingFavorites() }
}

/// The bug: a success is applied with the value shown, not the value in the response.
final class IntentKeepingFavorites: ReferenceFavorites {
  override func settle(
    _ state: inout FavoriteState, answering request: Request, with outcome: ServerOutcome
  ) {
    guard case .saved = outcome else {
      super.settle(&state, answering: request, with: outcome)
      return
    }
    super.settle(&state, answering: request, with: .saved(state.visible))
  }
}
