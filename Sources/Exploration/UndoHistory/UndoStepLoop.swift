import Contracts
import UndoKit

/// What a user sees of an undo-history subject after a step: the part the family's invariants
/// judge, read the same way by both undo-history explorers.
protocol UndoObservation {
  /// The model's value.
  var value: Int { get }
  /// The value the UI layer shows.
  var display: Int { get }
  /// The undo manager's `groupingLevel`.
  var level: Int { get }
  /// The undo manager's `canUndo`.
  var canUndo: Bool { get }
  /// Whether the UI's Undo control is enabled.
  var undoEnabled: Bool { get }
  /// Whether the UI's Redo control is enabled.
  var redoEnabled: Bool { get }
  /// The undo manager's `redoCount`.
  var redos: Int { get }
  /// The misuses UndoKit recorded during the step, comma-separated, or `nil` for none.
  var misuse: String? { get set }
}

/// The step loop both undo-history explorers share: perform a step as one event with UndoKit's
/// misuse recorded, observe, judge, check the family's invariants, and report what differed.
@MainActor
enum UndoStepLoop {
  /// Performs `action` as one event, as the runner does, and reads what the subject shows.
  ///
  /// - Parameters:
  ///   - stepNumber: The step's number in the sequence, from 1.
  ///   - kind: The kind of failure a failure of the step would be.
  ///   - action: Applies the step to the subject.
  ///   - observe: Reads what the subject shows.
  ///   - judge: Judges the observation against the oracle (moving it on): the stated differences.
  ///   - invariants: The broken invariants of the observation, judged after `judge`.
  /// - Returns: The observation, and the step's failure or `nil` when it passed.
  static func perform<Observation: UndoObservation>(
    stepNumber: Int, kind: String, action: () -> Void, observe: () -> Observation,
    judge: (Observation) -> [OracleMismatch], invariants: (Observation) -> [OracleMismatch]
  ) -> (observation: Observation, failure: StepFailure?) {
    let (_, misuses) = UndoManager.recordingMisuse {
      action()
      UndoManager.endEvent()
    }
    var now = observe()
    if !misuses.isEmpty {
      now.misuse = misuses.map(\.kind.rawValue).joined(separator: ",")
    }
    let stated = judge(now)
    let broken = invariants(now)
    guard stated.isEmpty && broken.isEmpty else {
      return (
        now, StepFailure(stepNumber: stepNumber, actionKind: kind, mismatches: stated + broken)
      )
    }
    return (now, nil)
  }

  /// The family's invariants, as the runner checks them after every step: the UI shows the
  /// model's value, then `extra` (a selection's), and outside a drag the Undo and Redo controls
  /// follow the history and `groupingLevel` is 0; UndoKit reported no misuse.
  ///
  /// - Parameters:
  ///   - now: The observation after the step.
  ///   - display: The display the UI must show, as the failure states it.
  ///   - extra: Further broken invariants, listed after the display's.
  ///   - dragging: Whether a drag is in progress (the controls and the level are not judged).
  /// - Returns: The broken invariants, in that order.
  static func invariants(
    _ now: some UndoObservation, display: OracleMismatch.Expected, extra: [OracleMismatch] = [],
    dragging: Bool
  ) -> [OracleMismatch] {
    var broken: [OracleMismatch] = []
    func invariant(_ key: String, _ expected: OracleMismatch.Expected, _ actual: StateValue) {
      broken.append(OracleMismatch(key: key, expected: expected, actual: actual, isInvariant: true))
    }
    if now.display != now.value {
      invariant("display", display, .int(now.display))
    }
    broken += extra
    if !dragging {
      if now.undoEnabled != now.canUndo {
        invariant("undoEnabled", .literal(.bool(now.canUndo)), .bool(now.undoEnabled))
      }
      if now.redoEnabled != (now.redos > 0) {
        invariant("redoEnabled", .literal(.bool(now.redos > 0)), .bool(now.redoEnabled))
      }
      if now.level != 0 {
        invariant("level", .literal(.int(0)), .int(now.level))
      }
    }
    if let misuse = now.misuse {
      invariant("misuse", .literal(.text("none")), .text(misuse))
    }
    return broken
  }
}
