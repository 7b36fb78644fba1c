import Contracts
import ReferenceModels

extension Fault {
  /// "After signing in again a spinner keeps spinning": sign-in updates values, keeps the rest.
  public static let sessionKeepsState = Fault.optimisticUpdates(
    "session-keeps-state", in: "reference favourites",
    symptom: "after signing in again a spinner keeps spinning", expectedClass: .sessionReset
  ) { StateKeepingFavorites() }
}

/// The bug: the new session's value is written into the old state, which keeps its pending
/// write and sync flag.
final class StateKeepingFavorites: ReferenceFavorites {
  override func reset(_ state: inout FavoriteState, forNewSessionWith value: OptimisticValue) {
    state = FavoriteState(
      confirmed: value, visible: state.pending == nil ? value : state.visible,
      pending: state.pending, needsSync: state.needsSync, syncing: state.syncing)
  }
}
