import Contracts

/// What happened at one step of a case: the action, the state around it and what differed.
package struct StepRecord: Hashable, Sendable {
  /// The 1-based step number within the case.
  package var number: Int
  /// The step's line in the suite file.
  package var line: Int
  /// The action performed.
  package var action: ContractAction
  /// The state before the action.
  package var before: StateSnapshot
  /// The state after the action.
  package var after: StateSnapshot
  /// The expectations the suite stated for the step.
  package var expectations: [Expectation]
  /// The values the suite captured after the step (their values are in ``after``).
  package var captures: [Capture]
  /// Everything that differed: stated expectations first, then broken invariants.
  package var mismatches: [Mismatch]
  /// Remarks from the run, such as a request that was never sent.
  package var notes: [String]

  /// Whether the step met every expectation and invariant.
  package var passed: Bool { mismatches.isEmpty }

  /// What went wrong at this step, as one line: its mismatches, or — for a step its worker did
  /// not finish, which has none — its notes (the signal or the limit).
  package var whatFailed: String {
    mismatches.isEmpty ? notes.joined(separator: "; ") : mismatches.summary
  }

  /// Creates a step record.
  package init(
    number: Int, line: Int, action: ContractAction, before: StateSnapshot, after: StateSnapshot,
    expectations: [Expectation], captures: [Capture] = [], mismatches: [Mismatch],
    notes: [String] = []
  ) {
    self.number = number
    self.line = line
    self.action = action
    self.before = before
    self.after = after
    self.expectations = expectations
    self.captures = captures
    self.mismatches = mismatches
    self.notes = notes
  }
}
