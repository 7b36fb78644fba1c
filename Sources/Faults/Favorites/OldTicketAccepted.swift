import Contracts
import ReferenceModels

extension Fault {
  /// "A slow old request overwrote my latest tap": any answer settles the pending write.
  public static let oldTicketAccepted = Fault.optimisticUpdates(
    "old-ticket-accepted", in: "reference favourites",
    symptom: "a slow old request overwrote my latest tap", expectedClass: .staleResponse
  ) { TicketBlindFavorites() }
}

/// The bug: an answer for the record settles whatever write is pending, whatever its ticket.
final class TicketBlindFavorites: ReferenceFavorites {
  override func settle(
    _ state: inout FavoriteState, answering request: Request, with outcome: ServerOutcome
  ) {
    guard let pending = state.pending else { return }
    state.finish(pending, outcome: outcome)
  }
}
