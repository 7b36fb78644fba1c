import Contracts

/// What happened at one step of a case: the action, the state around it and what differed.
public struct StepRecord: Hashable, Sendable {
  /// The 1-based step number within the case.
  public var number: Int
  /// The step's line in the suite file.
  public var line: Int
  /// The action performed.
  public var action: ContractAction
  /// The state before the action.
  public var before: StateSnapshot
  /// The state after the action.
  public var after: StateSnapshot
  /// The expectations the suite stated for the step.
  public var expectations: [Expectation]
  /// The values the suite captured after the step (their values are in ``after``).
  public var captures: [Capture]
  /// Everything that differed: stated expectations first, then broken invariants.
  public var mismatches: [Mismatch]
  /// Remarks from the run, such as a request that was never sent.
  public var notes: [String]

  /// Whether the step met every expectation and invariant.
  public var passed: Bool { mismatches.isEmpty }

  /// What went wrong at this step, as one line: its mismatches, or — for a step its worker did
  /// not finish, which has none — its notes (the signal or the limit).
  public var whatFailed: String {
    mismatches.isEmpty ? notes.joined(separator: "; ") : mismatches.summary
  }

  /// Creates a step record.
  public init(
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
