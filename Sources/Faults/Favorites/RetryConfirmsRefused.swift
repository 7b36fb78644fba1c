import Contracts
import ReferenceModels

extension Fault {
  /// "The server refused my like, yet it stayed liked": an offline-first list that keeps and
  /// retries a write takes the refusal of a retry as a save of the value it sent.
  public static let retryConfirmsRefused = Fault.optimisticUpdates(
    "retry-confirms-refused", in: "reference offline-first favourites",
    symptom: "the server refused my retried like, yet it stayed liked", expectedClass: .rollback
  ) { RefusedRetryConfirmingFavorites() }
}

/// The bug: the list declares keep-and-retry, but when a write it sent again is rejected it
/// confirms the value the write carried, as if the abandoned attempt had gone through.
final class RefusedRetryConfirmingFavorites: OfflineFavorites {
  /// The records whose pending write is a retry.
  private var retrying: Set<String> = []

  override func settle(
    _ state: inout FavoriteState, answering request: Request, with outcome: ServerOutcome
  ) {
    guard request.ticket == state.pending else { return }
    switch outcome {
    case .unknown:
      retrying.insert(request.record)
    case .rejected where retrying.contains(request.record):
      retrying.remove(request.record)
      state.finish(request.ticket, outcome: .saved(state.visible))
    default:
      retrying.remove(request.record)
      super.settle(&state, answering: request, with: outcome)
    }
  }
}
