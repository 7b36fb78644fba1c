import Contracts
import ReferenceModels

extension Fault {
  /// "Picking Close Friends while Follow is still saving sends two requests": the menu's
  /// choices skip the in-flight gate that taps respect.
  public static let choiceSkipsGate = Fault.optimisticUpdates(
    "choice-skips-gate", in: "reference follow list",
    symptom: "picking Close Friends while Follow is still saving sends two requests",
    expectedClass: .inFlightGate
  ) { UngatedChoiceFollows(choices: .followChoices, serverValues: ["requested"]) }
}

/// The bug: a choice while a write is pending starts another write, which replaces the pending
/// ticket; taps are still gated.
final class UngatedChoiceFollows: ReferenceFavorites {
  private var choosing = false

  override func choose(_ value: OptimisticValue, record id: String) -> AnyHashable? {
    choosing = true
    defer { choosing = false }
    return super.choose(value, record: id)
  }

  override func start(_ state: inout FavoriteState, desired: OptimisticValue, ticket: Int) -> Bool {
    guard choosing, state.pending != nil, !state.needsSync else {
      return super.start(&state, desired: desired, ticket: ticket)
    }
    state = FavoriteState(
      confirmed: state.confirmed, visible: desired, pending: ticket, syncing: state.syncing)
    return true
  }
}
