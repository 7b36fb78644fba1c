import Contracts
import ReferenceModels

extension Fault {
  /// "I pulled to refresh twice and the list went back to older values": every refresh answer is
  /// applied, the older one last.
  public static let oldRefreshApplied = Fault.optimisticUpdates(
    "old-refresh-applied", in: "reference favourites",
    symptom: "I pulled to refresh twice and the list went back to older values",
    expectedClass: .staleResponse
  ) { RefreshTicketBlindFavorites() }
}

/// The bug: an answer to any refresh of the session reloads the list, whichever refresh is the
/// newest and however often it is answered.
final class RefreshTicketBlindFavorites: ReferenceFavorites {
  override func answers(refresh request: Request) -> Bool {
    true
  }
}
