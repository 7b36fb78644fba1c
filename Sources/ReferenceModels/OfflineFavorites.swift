import Contracts

/// The reference favourites list under the unknown-outcome rule keep-and-retry
/// (``UnknownOutcomeRule/keepAndRetry``), as offline-first apps behave: when a write's outcome is
/// unknown (no answer before its timeout, a cancel, an answer that says nothing) the row keeps the
/// provisional value, stays pending with its saving indicator, and the list sends the same write
/// again under a new ticket (reported by ``takeStartedWrites()``), until one attempt is answered.
///
/// The retry's success adopts the server's value; its rejection rolls back to the value
/// confirmed before the tap, so a refused value is never shown as confirmed. A late answer to an
/// abandoned attempt changes nothing, whatever it says: only the record's newest attempt is
/// pending, and the retry carries the same value, so its own answer settles the record.
///
/// It sends no batches (a batch's retry is not modelled). Everything else is the reference
/// list's: the in-flight gate, the stale-answer checks, syncs, sessions, filters and refreshes.
@MainActor
open class OfflineFavorites: ReferenceFavorites {
  open override var unknownOutcomeRule: UnknownOutcomeRule { .keepAndRetry }

  open override var capabilities: Set<SubjectCapability> {
    super.capabilities.subtracting([.batches])
  }

  open override func tapAll(records ids: [String]) -> AnyHashable? { nil }

  /// Applies the answer to the write `request`: an unknown outcome keeps the record as it is (the
  /// list sends the write again); any other answer as the reference list's.
  open override func settle(
    _ state: inout FavoriteState, answering request: Request, with outcome: ServerOutcome
  ) {
    guard outcome != .unknown else { return }
    super.settle(&state, answering: request, with: outcome)
  }

  /// A cancel (and a timeout, which is one) leaves the outcome unknown: the record keeps its
  /// provisional value and stays pending; the list sends the write again.
  open override func withdraw(_ state: inout FavoriteState, cancelling request: Request) {}
}
