import Contracts
import ReferenceModels

extension Fault {
  /// "I pressed Cancel on 'Remove favourite?' and it was removed anyway": a list that asks
  /// before it removes sends the write when the user declines, as if confirmed.
  public static let declineStillSends = Fault.optimisticUpdates(
    "decline-still-sends", in: "reference favourites that ask before removing",
    symptom: "I cancelled 'Remove favourite?' and the star went off anyway",
    expectedClass: .inFlightGate
  ) { DeclineSendingFavorites() }
}

/// The bug: the list declares that a removal asks first, but its Cancel button runs the same
/// handler as its Confirm button, so a declined removal is sent.
final class DeclineSendingFavorites: ConfirmingFavorites {
  override func decline(record id: String) {
    _ = confirm(record: id)
  }
}
