import Contracts
import ReferenceModels

extension Fault {
  /// The read form of the session bug: sync answers are not checked against the session.
  public static let oldSessionSyncAccepted = Fault.optimisticUpdates(
    "old-session-sync-accepted", in: "reference favourites",
    symptom: "after signing in again, a refresh from the old account overwrote my star",
    expectedClass: .staleResponse
  ) { SessionBlindSyncsFavorites() }
}

/// The bug: every sync answer counts as current; tickets restart at 1 in each session, so an old
/// answer can match a new pending sync.
final class SessionBlindSyncsFavorites: ReferenceFavorites {
  override func isCurrent(_ request: Request) -> Bool {
    request.isSync || super.isCurrent(request)
  }
}
