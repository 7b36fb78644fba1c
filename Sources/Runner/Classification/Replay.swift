import Contracts
import RunModel

/// Replays steps on fresh subjects for the classification experiments.
@MainActor
struct Replay {
  let subject: SubjectEntry

  /// Runs `steps` on a fresh subject with every check, and returns their records.
  ///
  /// - Parameters:
  ///   - steps: The steps to replay.
  ///   - closesCase: Whether the last of `steps` is the case's last step; when it is not, the
  ///     reads the subject started at that step are part of it, and not reported as left
  ///     unnamed (the case's next step names them).
  /// - Returns: The records of the steps that ran.
  func records(_ steps: [ContractStep], closesCase: Bool = true) -> [StepRecord] {
    StepExecutor.run(steps, on: subject.make(), closesCase: closesCase)
  }

  /// The state after `steps` and then each of the `probes`, observed after each probe.
  func probe(after steps: [ContractStep], _ probes: [ContractAction]) -> [StateSnapshot] {
    let execution = CaseExecution(subject.make())
    for step in steps {
      _ = execution.run(step)
    }
    return probes.map { execution.probe($0) }
  }

  /// The state after `steps` and one more probe action.
  func probe(after steps: [ContractStep], _ action: ContractAction) -> StateSnapshot {
    probe(after: steps, [action])[0]
  }

  /// The state after `steps`, replayed on a fresh subject.
  func state(after steps: [ContractStep]) -> StateSnapshot {
    let execution = CaseExecution(subject.make())
    for step in steps {
      _ = execution.run(step)
    }
    return execution.current
  }

  /// Whether `steps`, replayed on a fresh subject, end in a state that meets `expectations`
  /// (with the captures the steps made).
  ///
  /// - Parameters:
  ///   - expectations: The expectations to check after the last step.
  ///   - steps: The (possibly altered) steps to replay.
  ///   - ignoring: Keys not to check.
  /// - Returns: Whether every expectation not ignored holds.
  func meets(
    _ expectations: [Expectation], after steps: [ContractStep], ignoring: Set<String> = []
  ) -> Bool {
    let execution = CaseExecution(subject.make())
    for step in steps {
      _ = execution.run(step)
    }
    return execution.unmet(expectations.filter { !ignoring.contains($0.key) }).isEmpty
  }

  /// A record value the subject declares other than `value` — `off` for `on` and `on` for
  /// `off` on a two-valued subject — for experiments that ask what another answer would do.
  ///
  /// - Parameter value: The value the case used.
  /// - Returns: The first declared value that differs from it.
  func otherValue(than value: OptimisticValue) -> OptimisticValue {
    otherValues(than: value)[0]
  }

  /// The value a tap asks for on a record showing `shown`, by the subject's declared choices.
  ///
  /// - Parameter shown: The value the row shows before the tap.
  /// - Returns: The value the tap's write must carry.
  func valueAfterTap(showing shown: OptimisticValue) -> OptimisticValue {
    guard case .optimistic(let fresh) = subject.make() else { return shown == .off ? .on : .off }
    return fresh.valueAfterTap(showing: shown)
  }

  /// Every record value the subject declares other than `value`, in declaration order; at
  /// least one (`off`, or `on` for `off`, when the subject declares nothing else).
  ///
  /// - Parameter value: The value the case used.
  /// - Returns: The other values.
  func otherValues(than value: OptimisticValue) -> [OptimisticValue] {
    guard case .optimistic(let fresh) = subject.make() else { return [value == .off ? .on : .off] }
    let others = fresh.declaredValues.filter { $0 != value }
    return others.isEmpty ? [value == .off ? .on : .off] : others
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

  /// The optimistic record value under `key` (`on`/`off` are kept as yes/no), if any.
  func value(_ key: String) -> OptimisticValue? {
    self[key]?.optimisticValue
  }

  /// The text under `key`, if any.
  func text(_ key: String) -> String? {
    if case .text(let text)? = self[key] { return text }
    return nil
  }

  /// `key=value` for each of `keys` the snapshot holds, separated by spaces: how reasons quote
  /// what was observed.
  func quoting(_ keys: [String]) -> String {
    keys.compactMap { key in self[key].map { "\(key)=\($0.spelled(for: key))" } }
      .joined(separator: " ")
  }
}
