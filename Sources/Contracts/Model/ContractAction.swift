/// An action of either family.
public enum ContractAction: Hashable, Sendable, CustomStringConvertible {
  /// An undo-history action.
  case undoHistory(UndoHistoryAction)
  /// An optimistic-update action.
  case optimistic(OptimisticAction)

  /// The action as a suite writes it.
  public var description: String {
    switch self {
    case .undoHistory(let action): action.description
    case .optimistic(let action): action.description
    }
  }
}
