import Contracts
import ReferenceModels

extension Fault {
  /// "My older tap came back and undid my last one": a list where the latest tap wins applies the
  /// answer to a write it has since superseded.
  public static let latestWinsAppliesSuperseded = Fault.optimisticUpdates(
    "latest-wins-applies-superseded", in: "reference latest-wins favourites",
    symptom: "my older tap came back and undid my last one", expectedClass: .staleResponse
  ) { SupersededApplyingFavorites() }
}

/// The bug: the list declares that the latest tap wins, but an answer to any write of the record
/// settles the write pending now, as if it were the latest's.
final class SupersededApplyingFavorites: LatestWinsFavorites {
  override func settle(
    _ state: inout FavoriteState, answering request: Request, with outcome: ServerOutcome
  ) {
    guard let pending = state.pending else { return }
    state.finish(pending, outcome: outcome)
  }
}
