import Contracts
import ReferenceModels

extension Fault {
  /// "A private account shows Following though my request is only pending": a saved value the
  /// user cannot choose is replaced by what the user asked for.
  public static let requestedShownAsFollowing = Fault.optimisticUpdates(
    "requested-shown-as-following", in: "reference follow list",
    symptom: "a private account shows Following though my request is only pending",
    expectedClass: .serverAuthority
  ) { IntentKeepingFollows(choices: .followChoices, serverValues: ["requested"]) }
}

/// The bug: an answer saving a value outside the user's choices is taken as a save of the
/// intent, so the server's `requested` never shows.
final class IntentKeepingFollows: ReferenceFavorites {
  override func settle(
    _ state: inout FavoriteState, answering request: Request, with outcome: ServerOutcome
  ) {
    if case .saved(let value) = outcome, !choices.contains(value), state.pending == request.ticket {
      super.settle(&state, answering: request, with: .saved(state.visible))
      return
    }
    super.settle(&state, answering: request, with: outcome)
  }
}
