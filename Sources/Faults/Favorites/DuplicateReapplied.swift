import Contracts
import ReferenceModels

extension Fault {
  /// "The star flips back a moment after saving": a repeated answer is applied again.
  public static let duplicateReapplied = Fault.optimisticUpdates(
    "duplicate-reapplied", in: "reference favourites",
    symptom: "the star flips back a moment after saving", expectedClass: .staleResponse
  ) { ReapplyingFavorites() }
}

/// The bug: an answer is matched against the record's latest ticket, not its pending one, so a
/// duplicate of the last answer settles the record again.
final class ReapplyingFavorites: ReferenceFavorites {
  private var latestTicket: [String: Int] = [:]

  override func tap(record id: String) -> AnyHashable? {
    let token = super.tap(record: id)
    if let token, let request = request(of: token) {
      latestTicket[id] = request.ticket
    }
    return token
  }

  override func settle(
    _ state: inout FavoriteState, answering request: Request, with outcome: ServerOutcome
  ) {
    if state.pending == nil, latestTicket[request.record] == request.ticket {
      state = FavoriteState(
        confirmed: state.confirmed, visible: state.visible, pending: request.ticket,
        needsSync: state.needsSync, syncing: state.syncing)
    }
    super.settle(&state, answering: request, with: outcome)
  }
}
