/// How much exploring each subject gets from
/// ``ContractTests/explore(_:budget:seed:maxSteps:sourceLocation:)``.
public enum ExplorationBudget: Sendable, Equatable {
  /// This many generated sequences per subject (`stategate explore --cases N`).
  case cases(Int)
  /// This many seconds for all the subjects, shared evenly (`stategate explore --time Ns`).
  case seconds(Double)
}
