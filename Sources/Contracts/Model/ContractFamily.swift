/// The two contract families stategate checks, each with its own actions, state and classes.
public enum ContractFamily: String, CaseIterable, Sendable, Codable {
  /// Undo and redo with explicit action groups (`UndoHistorySubject`).
  case undoHistory = "undo"
  /// Optimistic updates with one in-flight write per record (`OptimisticUpdateSubject`).
  case optimisticUpdates = "optimistic"

  /// A short human name, such as "undo history".
  public var displayName: String {
    switch self {
    case .undoHistory: "undo history"
    case .optimisticUpdates: "optimistic updates"
    }
  }
}
