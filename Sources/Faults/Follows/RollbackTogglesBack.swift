import Contracts
import ReferenceModels

extension Fault {
  /// "After a failed change to Close Friends the button shows Follow, not Following": a
  /// rejection undoes the change as a tap would, instead of showing the value confirmed now.
  public static let rollbackTogglesBack = Fault.optimisticUpdates(
    "rollback-toggles-back", in: "reference follow list",
    symptom: "after a failed change to Close Friends the button shows Follow, not Following",
    expectedClass: .rollback
  ) { TogglingBackFollows(choices: .followChoices, serverValues: ["requested"]) }
}

/// The bug: a rejection shows the value a tap on the intent would ask for — right for on/off,
/// where that is the confirmed value, wrong for any other choice.
final class TogglingBackFollows: ReferenceFavorites {
  override func settle(
    _ state: inout FavoriteState, answering request: Request, with outcome: ServerOutcome
  ) {
    let intent = state.visible
    let settles = state.pending == request.ticket
    super.settle(&state, answering: request, with: outcome)
    guard outcome == .rejected, settles else { return }
    state = FavoriteState(
      confirmed: state.confirmed, visible: valueAfterTap(showing: intent),
      needsSync: state.needsSync, syncing: state.syncing)
  }
}
