import Contracts
import ReferenceModels

extension Fault {
  /// "The request timed out, then the star flipped by itself": the answer that came after the
  /// timeout was still applied.
  public static let lateAnswerAfterTimeout = Fault.optimisticUpdates(
    "late-answer-after-timeout", in: "reference favourites",
    symptom: "the request timed out, then the star flipped by itself",
    expectedClass: .staleResponse
  ) { LateAnswerFavorites() }
}

/// The bug: a timeout withdraws the write, but the list keeps waiting for its answer and applies
/// it when it comes, as if the write had never timed out.
final class LateAnswerFavorites: ReferenceFavorites {
  /// The tickets of the writes that timed out, still awaited.
  private var timedOut: Set<Int> = []

  override func timeOut(_ state: inout FavoriteState, timingOut request: Request) {
    guard state.pending == request.ticket else { return }
    timedOut.insert(request.ticket)
    super.timeOut(&state, timingOut: request)
  }

  override func settle(
    _ state: inout FavoriteState, answering request: Request, with outcome: ServerOutcome
  ) {
    guard timedOut.remove(request.ticket) != nil, state.pending == nil else {
      super.settle(&state, answering: request, with: outcome)
      return
    }
    state = FavoriteState(
      confirmed: state.confirmed, visible: state.visible, pending: request.ticket,
      needsSync: state.needsSync, syncing: state.syncing)
    state.finish(request.ticket, outcome: outcome)
  }
}
