import Contracts
import ReferenceModels

extension Fault {
  /// "An old request overwrote the new user's screen": write answers are not checked against the
  /// session.
  public static let oldSessionAccepted = Fault.optimisticUpdates(
    "old-session-accepted", in: "reference favourites",
    symptom: "an old request overwrote the new user's screen", expectedClass: .staleResponse
  ) { SessionBlindWritesFavorites() }
}

/// The bug: every write answer counts as current; tickets restart at 1 in each session, so an old
/// answer can match a new pending ticket.
final class SessionBlindWritesFavorites: ReferenceFavorites {
  override func isCurrent(_ request: Request) -> Bool {
    !request.isSync || super.isCurrent(request)
  }
}
