import Contracts
import ReferenceModels

extension Fault {
  /// "After a failure the star shows a value from before a refresh": rollback to a snapshot.
  public static let rollbackToSnapshot = Fault.optimisticUpdates(
    "rollback-to-snapshot", in: "reference favourites",
    symptom: "after a failure the star shows a value from before a refresh",
    expectedClass: .rollback
  ) { SnapshotRollbackFavorites() }
}

/// The bug: a rejection restores the value shown when the star was tapped, not the value
/// confirmed now.
final class SnapshotRollbackFavorites: ReferenceFavorites {
  private var shownAtTap: [String: OptimisticValue] = [:]

  override func tap(record id: String) -> AnyHashable? {
    let shown = states[id]?.visible
    let token = super.tap(record: id)
    if token != nil {
      shownAtTap[id] = shown
    }
    return token
  }

  override func settle(
    _ state: inout FavoriteState, answering request: Request, with outcome: ServerOutcome
  ) {
    // Only the answer that settles the write rolls back: a stale answer changes nothing, as in
    // the reference, so this fault changes one decision.
    let settles = state.pending == request.ticket
    super.settle(&state, answering: request, with: outcome)
    if outcome == .rejected, settles, let snapshot = shownAtTap[request.record] {
      state = FavoriteState(
        confirmed: state.confirmed, visible: snapshot, needsSync: state.needsSync,
        syncing: state.syncing)
    }
  }
}
