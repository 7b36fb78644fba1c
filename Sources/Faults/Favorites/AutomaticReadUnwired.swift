import Contracts
import ReferenceModels

extension Fault {
  /// "After a timeout the star stays locked even after the app re-read it": the app's own read
  /// is sent, but its answer finds no read in flight on the record.
  public static let automaticReadUnwired = Fault.optimisticUpdates(
    "automatic-read-unwired", in: "reference favourites that reread by themselves",
    symptom: "after a timeout the star stays locked even after the app re-read it",
    expectedClass: .unknownOutcome
  ) { UnwiredRereadFavorites(rereadsAutomatically: true) }
}

/// The bug: the automatic read goes out, but the record is never told to wait for it, so its
/// answer is dropped and the record stays blocked.
final class UnwiredRereadFavorites: ReferenceFavorites {
  override func reread(_ state: inout FavoriteState, ticket: Int) {}
}
