import Contracts
import Runner

/// Explores subjects with generated sequences: each family's actions, weighted and with
/// preconditions, checked after every step by a self-checking oracle; the first failure of each
/// subject is shrunk, written as a suite case, and run through the runner, which checks it again
/// and classifies it by experiment.
///
/// The same seed and options give the same sequences, the same findings and the same report.
@MainActor
public struct Explorer {
  /// The options.
  public var options: ExplorationOptions
  /// Reads a monotonic clock, in seconds.
  public var clock: @Sendable () -> Double
  /// Asked between sequences; `true` stops the exploration.
  public var shouldStop: @Sendable () -> Bool

  /// Creates an explorer.
  ///
  /// - Parameters:
  ///   - options: Seed, budget, sequence length and shard.
  ///   - clock: A monotonic clock in seconds, for the time budget and durations.
  ///   - shouldStop: Asked between sequences; `true` stops (SIGINT, SIGTERM).
  public init(
    options: ExplorationOptions, clock: @escaping @Sendable () -> Double,
    shouldStop: @escaping @Sendable () -> Bool = { false }
  ) {
    self.options = options
    self.clock = clock
    self.shouldStop = shouldStop
  }

  /// The suite id exploration cases of `family` are recorded under.
  public static func suiteID(of family: ContractFamily) -> String {
    "explore-\(family.rawValue)"
  }

  /// Explores each subject in turn.
  ///
  /// - Parameter subjects: The subjects, explored in this order.
  /// - Returns: What each exploration did and found.
  public func explore(_ subjects: [SubjectEntry]) -> ExplorationReport {
    var results: [SubjectExploration] = []
    var interrupted = false
    let end: Double?
    if case .seconds(let seconds) = options.budget {
      end = clock() + seconds
    } else {
      end = nil
    }
    for (position, subject) in subjects.enumerated() where !interrupted {
      // The time left is shared evenly by the subjects left, so one that stops early at a
      // failure leaves its time to the others.
      let deadline = end.map { end in
        let now = clock()
        return now + (end - now) / Double(subjects.count - position)
      }
      let result: SubjectExploration
      switch subject.family {
      case .undoHistory:
        result = explore(subject, with: UndoSequenceRun.self, until: deadline)
      case .optimisticUpdates:
        result = explore(subject, with: OptimisticSequenceRun.self, until: deadline)
      }
      results.append(result)
      interrupted = shouldStop()
    }
    return ExplorationReport(options: options, subjects: results, wasInterrupted: interrupted)
  }

  /// Explores one subject with the run type of its family until the budget is spent or a
  /// failure is found.
  private func explore<Run: SequenceRun>(
    _ subject: SubjectEntry, with run: Run.Type, until deadline: Double?
  ) -> SubjectExploration {
    let engine = SequenceEngine<Run>(subject: subject, maxSteps: options.maxSteps)
    let start = clock()
    var coverage: Coverage?
    var sequences = 0
    var steps = 0
    var index = options.shard.index - 1
    while true {
      if case .sequences(let count) = options.budget, index >= count { break }
      if let deadline, sequences > 0, clock() >= deadline { break }
      if sequences > 0 && shouldStop() { break }
      let outcome = engine.generate(seed: SplitMix64.seed(options.seed, sequence: index))
      sequences += 1
      steps += outcome.steps.count
      if coverage == nil {
        coverage = outcome.coverage
      } else {
        coverage?.add(outcome.coverage)
      }
      if let failure = outcome.failure {
        let found = clock() - start
        let finding = self.finding(
          in: outcome.steps, failure: failure, engine: engine, sequence: index,
          secondsToFind: found)
        return SubjectExploration(
          subject: subject.name, family: subject.family, sequences: sequences, steps: steps,
          durationSeconds: found, coverage: coverage ?? outcome.coverage, finding: finding)
      }
      index += options.shard.count
    }
    return SubjectExploration(
      subject: subject.name, family: subject.family, sequences: sequences, steps: steps,
      durationSeconds: clock() - start,
      coverage: coverage ?? Run(subject: subject.make(), recording: false).coverage, finding: nil)
  }

  /// Shrinks a failing sequence, writes it as a case and runs that case through the runner.
  ///
  /// When the experiments cannot classify the shrunk case — simplified inputs can leave a probe
  /// with nothing to see — the sequence is shrunk again keeping its generated inputs, and that
  /// case is kept if it is classified.
  private func finding<Run: SequenceRun>(
    in steps: [Run.Step], failure: StepFailure, engine: SequenceEngine<Run>, sequence: Int,
    secondsToFind: Double
  ) -> Finding {
    var found = shrunkCase(steps, failure: failure, engine: engine, sequence: sequence)
    if found.result.classification?.failureClass == .unclassified {
      let kept = shrunkCase(
        steps, failure: failure, engine: engine, sequence: sequence, simplifying: false)
      if kept.result.classification?.failureClass != .unclassified {
        found = kept
      }
    }
    return Finding(
      subject: engine.subject.name, sequence: sequence, seed: options.seed,
      generatedSteps: steps.count, shrunkSteps: found.written.contractCase.steps.count,
      replays: found.replays, secondsToFind: secondsToFind, firstSeen: failure.summary,
      caseText: found.written.caseText, suiteText: found.written.suiteText(result: found.result),
      contractCase: found.written.contractCase, result: found.result)
  }

  /// A shrink of `steps`, written as a case and run through the runner.
  private func shrunkCase<Run: SequenceRun>(
    _ steps: [Run.Step], failure: StepFailure, engine: SequenceEngine<Run>, sequence: Int,
    simplifying: Bool = true
  ) -> (written: FoundCase, result: CaseResult, replays: Int) {
    let shrunk = engine.shrink(
      steps, failure: failure, replayLimit: options.shrinkReplayLimit, simplifying: simplifying)
    let final = engine.replay(shrunk.steps, recording: true)
    let failing = final.failure ?? shrunk.failure
    let written = FoundCase(
      subject: engine.subject, family: engine.subject.family, seed: options.seed,
      sequence: sequence, generatedSteps: steps.count, replays: shrunk.replays,
      actions: final.run.actionTexts, failure: failing,
      statements: final.run.statements(for: failing), requirements: final.run.requirements)
    let suite = ContractSuite(
      id: Self.suiteID(of: engine.subject.family), family: engine.subject.family,
      title: "Found by stategate explore", source: "explore", cases: [written.contractCase])
    var result = ContractRunner(clock: clock).runCase(
      written.contractCase, of: suite, against: engine.subject)
    if result.outcome != .failed {
      // The oracle saw a failure the runner does not: the model answered differently on a
      // fresh subject (it depends on something outside the steps).
      result.outcome = .failed
      result.classification = Classification(
        .unclassified,
        "the failure did not reproduce when the shrunk case ran on a fresh subject: exploration "
          + "saw \(failing.summary) at step \(failing.stepNumber); the model depends on something "
          + "outside the steps (shared or global state, time)")
    }
    return (written, result, shrunk.replays)
  }
}
