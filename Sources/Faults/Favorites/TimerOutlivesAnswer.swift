import Contracts
import ReferenceModels

extension Fault {
  /// "My second tap was undone a few seconds later, though it saved": the timer of an answered
  /// write is never stopped, and when it fires it times out whatever write is pending.
  public static let timerOutlivesAnswer = Fault.optimisticUpdates(
    "timer-outlives-answer", in: "reference favourites",
    symptom: "my second tap was undone a few seconds later, though it saved",
    expectedClass: .staleResponse
  ) { LingeringTimerFavorites() }
}

/// The bug: the timeout timer belongs to the record, not to the write — an answer leaves it
/// running, and when it fires it withdraws the write pending on the record then.
final class LingeringTimerFavorites: ReferenceFavorites {
  override func stopTimeout(of token: AnyHashable) {}

  override func timeOut(_ state: inout FavoriteState, timingOut request: Request) {
    guard let pending = state.pending else { return }
    state.cancel(pending)
  }
}
