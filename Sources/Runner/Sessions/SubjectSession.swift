import Contracts
import RunModel

/// Drives one fresh subject through actions and reads back what a user would see.
///
/// Observing never changes what it observes: UI-facing state is read first, and no query that
/// posts notifications is used.
@MainActor
protocol SubjectSession: AnyObject {
  /// Performs `action` as one user or system event.
  ///
  /// - Returns: Remarks for the step record, such as a request that was never sent.
  func perform(_ action: ContractAction) -> [String]
  /// The state now, keyed by expectation key.
  func observe() -> StateSnapshot
  /// The family's invariants that `snapshot` breaks.
  func brokenInvariants(in snapshot: StateSnapshot) -> [Mismatch]
  /// What the case's last step leaves broken once no step follows it, such as a read the subject
  /// started that no step named.
  func closingViolations() -> [Mismatch]
}

extension SubjectSession {
  func closingViolations() -> [Mismatch] { [] }
}

/// Makes the session that drives `subject`.
@MainActor
func makeSession(for subject: ContractSubject) -> any SubjectSession {
  switch subject {
  case .undoHistory(let subject): UndoHistorySession(subject)
  case .optimistic(let subject): OptimisticSession(subject)
  }
}
