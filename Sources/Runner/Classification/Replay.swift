import Contracts

/// Replays steps on fresh subjects for the classification experiments.
@MainActor
struct Replay {
  let subject: SubjectEntry

  /// A session on a fresh subject after `steps`, and the snapshot after each step.
  func run(_ steps: [ContractStep]) -> (session: any SubjectSession, snapshots: [StateSnapshot]) {
    let session = makeSession(for: subject.make())
    var snapshots = [session.observe()]
    for step in steps {
      _ = session.perform(step.action)
      snapshots.append(session.observe())
    }
    return (session, snapshots)
  }

  /// The state after `steps` and then `probe` actions, observed after each probe action.
  func probe(after steps: [ContractStep], _ actions: [ContractAction]) -> [StateSnapshot] {
    let (session, _) = run(steps)
    return actions.map { action in
      _ = session.perform(action)
      return session.observe()
    }
  }

  /// Whether `steps`, replayed on a fresh subject, end in a state that meets `expectations`.
  ///
  /// - Parameters:
  ///   - expectations: The expectations to check after the last step.
  ///   - steps: The (possibly altered) steps to replay.
  ///   - ignoring: Keys not to check.
  /// - Returns: Whether every expectation not ignored holds.
  func meets(
    _ expectations: [Expectation], after steps: [ContractStep], ignoring: Set<String> = []
  ) -> Bool {
    guard let last = run(steps).snapshots.last else { return false }
    return expectations.allSatisfy { expectation in
      ignoring.contains(expectation.key) || last[expectation.key] == expectation.value
    }
  }
}

extension StateSnapshot {
  /// The whole number under `key`, if any.
  func int(_ key: String) -> Int? {
    if case .int(let number)? = self[key] { return number }
    return nil
  }

  /// The yes/no under `key`, if any.
  func bool(_ key: String) -> Bool? {
    if case .bool(let flag)? = self[key] { return flag }
    return nil
  }

  /// The text under `key`, if any.
  func text(_ key: String) -> String? {
    if case .text(let text)? = self[key] { return text }
    return nil
  }
}
