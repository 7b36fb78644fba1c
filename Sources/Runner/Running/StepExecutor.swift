import Contracts
import RunModel

/// Runs steps on a subject and records each one; shared by the runner and the experiments.
@MainActor
enum StepExecutor {
  /// Runs `steps` on `subject`, checking expectations and invariants after each.
  ///
  /// - Parameters:
  ///   - steps: The steps, in order.
  ///   - subject: A fresh subject.
  ///   - closesCase: Whether the last step ends the case, so that what the subject left open
  ///     (reads it started that no step named) fails it; `false` for a prefix of a longer case,
  ///     whose next step would name them.
  ///   - shouldStop: Asked before every step but the first; `true` ends the run early.
  ///   - onStep: Receives each step's record as soon as it exists.
  /// - Returns: The records of the steps that ran.
  static func run(
    _ steps: [ContractStep], on subject: ContractSubject, closesCase: Bool = true,
    shouldStop: () -> Bool = { false }, onStep: (StepRecord) -> Void = { _ in }
  ) -> [StepRecord] {
    let execution = CaseExecution(subject)
    var records: [StepRecord] = []
    records.reserveCapacity(steps.count)
    for (index, step) in steps.enumerated() {
      if index > 0 && shouldStop() {
        break
      }
      let record = execution.run(step, closing: closesCase && index == steps.count - 1)
      onStep(record)
      records.append(record)
    }
    return records
  }
}

/// One case in progress on one fresh subject: runs steps, keeps their captures, and checks the
/// stated expectations and every invariant of the family after each — both are reported, even
/// when they concern the same key.
@MainActor
final class CaseExecution {
  /// The session driving the subject.
  let session: any SubjectSession
  /// The state observed after the last step (before the first, the fresh subject's state).
  private(set) var current: StateSnapshot
  private var captured = CapturedValues()
  private var performed = 0

  /// Starts a case on a fresh `subject`.
  init(_ subject: ContractSubject) {
    session = makeSession(for: subject)
    current = session.observe()
  }

  /// Runs `step`: performs its action, keeps its captures, checks it; a `closing` step (the
  /// case's last) is also checked for what it leaves broken with no step after it.
  func run(_ step: ContractStep, closing: Bool = false) -> StepRecord {
    let before = current
    let notes = session.perform(step.action)
    let after = session.observe()
    current = after
    performed += 1
    var mismatches = captured.keep(step.captures, from: after)
    mismatches += captured.check(step.expectations, against: after)
    mismatches += session.brokenInvariants(in: after)
    if closing {
      mismatches += session.closingViolations()
    }
    return StepRecord(
      number: performed, line: step.line, action: step.action, before: before, after: after,
      expectations: step.expectations, captures: step.captures, mismatches: mismatches,
      notes: notes)
  }

  /// Performs `action` as a probe — nothing is checked — and returns the state after it.
  func probe(_ action: ContractAction) -> StateSnapshot {
    _ = session.perform(action)
    current = session.observe()
    return current
  }

  /// The stated `expectations` the current state misses, with the captures made so far.
  func unmet(_ expectations: [Expectation]) -> [Mismatch] {
    captured.check(expectations, against: current)
  }
}

/// The values a case captured so far, by name.
struct CapturedValues {
  private var values: [String: StateValue] = [:]
  /// Names whose key was not observed when they were captured.
  private var missing: Set<String> = []

  /// Keeps the values `captures` name from `snapshot`.
  ///
  /// - Returns: A mismatch for every captured key the subject did not report.
  mutating func keep(_ captures: [Capture], from snapshot: StateSnapshot) -> [Mismatch] {
    var mismatches: [Mismatch] = []
    for capture in captures {
      if let value = snapshot[capture.key] {
        values[capture.name] = value
        missing.remove(capture.name)
      } else {
        missing.insert(capture.name)
        mismatches.append(
          Mismatch(
            key: capture.key, expected: .text("a value to capture"), capture: capture.name,
            actual: nil))
      }
    }
    return mismatches
  }

  /// The stated expectations `snapshot` misses.
  ///
  /// A comparison with a capture whose key was not observed is not made again (the capture
  /// already failed); one with a capture never made counts as missed.
  func check(_ expectations: [Expectation], against snapshot: StateSnapshot) -> [Mismatch] {
    expectations.compactMap { expectation in
      let expected: StateValue
      var name: String?
      switch expectation.operand {
      case .literal(let value):
        expected = value
      case .capture(let capture):
        name = capture
        guard let value = values[capture] else {
          if missing.contains(capture) { return nil }
          return Mismatch(
            key: expectation.key, relation: expectation.relation,
            expected: .text("a value never captured"), capture: capture,
            actual: snapshot[expectation.key])
        }
        expected = value
      }
      let actual = snapshot[expectation.key]
      let holds =
        switch expectation.relation {
        case .equal: actual == expected
        case .notEqual: actual != nil && actual != expected
        }
      return holds
        ? nil
        : Mismatch(
          key: expectation.key, relation: expectation.relation, expected: expected,
          capture: name, actual: actual)
    }
  }
}
