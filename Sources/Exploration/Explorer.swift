import Contracts
import RunModel
import Runner

/// Explores subjects with generated sequences: each family's actions, weighted and with
/// preconditions, checked after every step by a self-checking oracle; the first failure of each
/// subject is shrunk, written as a suite case, and run through the runner, which checks it again
/// and classifies it by experiment.
///
/// The same seed and options give the same sequences, the same findings and the same report.
@MainActor
package struct Explorer {
  /// The options.
  package var options: ExplorationOptions
  /// Reads a monotonic clock, in seconds.
  package var clock: @Sendable () -> Double
  /// Asked between sequences; `true` stops the exploration.
  package var shouldStop: @Sendable () -> Bool
  /// Called with each sequence's number (from 0) before it is generated, and with `nil` after
  /// every step performed, shrinking included: a watcher's sign that the work goes on.
  package var onProgress: (Int?) -> Void = { _ in }

  /// Creates an explorer.
  ///
  /// - Parameters:
  ///   - options: Seed, budget, sequence length and shard.
  ///   - clock: A monotonic clock in seconds, for the time budget and durations.
  ///   - shouldStop: Asked between sequences; `true` stops (SIGINT, SIGTERM).
  package init(
    options: ExplorationOptions, clock: @escaping @Sendable () -> Double,
    shouldStop: @escaping @Sendable () -> Bool = { false }
  ) {
    self.options = options
    self.clock = clock
    self.shouldStop = shouldStop
  }

  /// Counts of nothing for every action and situation `family` knows.
  package static func emptyCoverage(of family: ContractFamily) -> Coverage {
    switch family {
    case .undoHistory:
      Coverage(
        actions: UndoStep.generated.kinds.map(\.words),
        situations: UndoSituation.allCases.map(\.name))
    case .optimisticUpdates:
      Coverage(
        actions: OptimisticStep.generated.kinds.map(OptimisticStep.coverageName),
        situations: OptimisticSituation.allCases.map(\.name))
    }
  }

  /// The suite id exploration cases of `family` are recorded under.
  package static func suiteID(of family: ContractFamily) -> String {
    "explore-\(family.rawValue)"
  }

  /// Explores each subject in turn.
  ///
  /// - Parameter subjects: The subjects, explored in this order.
  /// - Returns: What each exploration did and found.
  package func explore(_ subjects: [SubjectEntry]) -> ExplorationReport {
    var results: [SubjectExploration] = []
    var interrupted = false
    let end = options.budgetEnd(startingAt: clock())
    for (position, subject) in subjects.enumerated() where !interrupted {
      let deadline = end.map { end in
        let now = clock()
        return now
          + ExplorationOptions.share(until: end, now: now, subjectsLeft: subjects.count - position)
      }
      results.append(explore(subject, until: deadline))
      interrupted = shouldStop()
    }
    return ExplorationReport(options: options, subjects: results, wasInterrupted: interrupted)
  }

  /// Explores one subject until the budget or `deadline` is spent or a failure is found.
  ///
  /// - Parameters:
  ///   - subject: The subject.
  ///   - deadline: When to stop, on ``clock``; `nil` for a budget of sequences.
  /// - Returns: What the exploration did and found.
  package func explore(_ subject: SubjectEntry, until deadline: Double?) -> SubjectExploration {
    switch subject.family {
    case .undoHistory where Self.hasSelection(subject):
      explore(subject, with: SelectionSequenceRun.self, until: deadline)
    case .undoHistory: explore(subject, with: UndoSequenceRun.self, until: deadline)
    case .optimisticUpdates: explore(subject, with: OptimisticSequenceRun.self, until: deadline)
    }
  }

  /// Generates sequence `sequence` of the seed space again, handing each step's suite text to
  /// `onStep` before the step is performed, and writes its failure, unshrunk, as a case.
  ///
  /// What a subject that broke its process while exploring was doing: the text of the step it
  /// crashed or hung in arrives before the step runs.
  ///
  /// - Returns: The case the sequence's failure is written as, or `nil` when it did not fail.
  package func record(
    _ subject: SubjectEntry, sequence: Int, onStep: (String) -> Void
  ) -> RecordedFailure? {
    switch subject.family {
    case .undoHistory where Self.hasSelection(subject):
      record(subject, sequence: sequence, with: SelectionSequenceRun.self, onStep: onStep)
    case .undoHistory:
      record(subject, sequence: sequence, with: UndoSequenceRun.self, onStep: onStep)
    case .optimisticUpdates:
      record(subject, sequence: sequence, with: OptimisticSequenceRun.self, onStep: onStep)
    }
  }

  /// What `subject` declares that the oracle does not model, so that exploring it would fail a
  /// correct model; `nil` when the oracle models all it declares.
  ///
  /// The oracle models every rule on its own, and each pair of rules but two: the in-flight rule
  /// queue-latest with the unknown-outcome rule keep-and-retry (whether a queued tap survives a
  /// retry is not stated), and queue-latest with the entity rule shared (which row a write the
  /// app sends by itself reports is not stated). No built-in subject declares either pair.
  ///
  /// ``explore(_:until:)`` must not be given such a subject; `stategate explore` leaves it out.
  package static func unmodelledRule(of subject: SubjectEntry) -> String? {
    guard case .optimistic(let made) = subject.make(), made.inFlightRule == .queueLatest else {
      return nil
    }
    let queueing = "the in-flight rule \(made.inFlightRule.rawValue)"
    if made.unknownOutcomeRule == .keepAndRetry {
      return "\(queueing) with the unknown-outcome rule \(made.unknownOutcomeRule.rawValue)"
    }
    if made.entityRule == .shared {
      return "\(queueing) with the entity rule \(made.entityRule.rawValue)"
    }
    return nil
  }

  /// Whether `subject` declares capability `selection`: it is explored with selections, item by
  /// item (``SelectionSequenceRun``).
  static func hasSelection(_ subject: SubjectEntry) -> Bool {
    guard case .undoHistory(let made) = subject.make() else { return false }
    return made.capabilities.contains(.selection)
  }

  private func record<Run: SequenceRun>(
    _ subject: SubjectEntry, sequence: Int, with run: Run.Type, onStep: (String) -> Void
  ) -> RecordedFailure? {
    let engine = SequenceEngine<Run>(subject: subject, maxSteps: options.maxSteps)
    let recorded = engine.record(
      seed: SplitMix64.seed(options.seed, sequence: sequence), onStep: onStep)
    guard let failure = recorded.failure else { return nil }
    let written = FoundCase(
      subject: subject, family: subject.family, seed: options.seed, sequence: sequence,
      generatedSteps: recorded.performed.count, replays: 0, actions: recorded.run.actionTexts,
      failure: failure, statements: recorded.run.statements(for: failure),
      requirements: recorded.run.requirements)
    return RecordedFailure(
      generatedSteps: recorded.performed.count, firstSeen: failure.summary,
      caseText: written.caseText,
      suiteText: written.suiteText(classification: nil))
  }

  private func explore<Run: SequenceRun>(
    _ subject: SubjectEntry, with run: Run.Type, until deadline: Double?
  ) -> SubjectExploration {
    var engine = SequenceEngine<Run>(subject: subject, maxSteps: options.maxSteps)
    engine.onStep = { [onProgress] in onProgress(nil) }
    let start = clock()
    var coverage: Coverage?
    var sequences = 0
    var steps = 0
    var index = options.shard.index - 1
    while true {
      if case .sequences(let count) = options.budget, index >= count { break }
      if let deadline, sequences > 0, clock() >= deadline { break }
      if sequences > 0 && shouldStop() { break }
      onProgress(index)
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
        Reason(
          .explorationNotReproducedAtStep,
          ["seen": Reason(failing.summary), "step": Reason("\(failing.stepNumber)")]))
    }
    return (written, result, shrunk.replays)
  }
}

/// A generated sequence's failure written as a case before any shrinking: what
/// ``Explorer/record(_:sequence:onStep:)`` returns.
package struct RecordedFailure: Codable, Sendable {
  /// The sequence's length up to its failing step.
  package var generatedSteps: Int
  /// What the oracle saw at the failing step.
  package var firstSeen: String
  /// The case block.
  package var caseText: String
  /// A whole suite file holding the case (its class line says it is not yet classified).
  package var suiteText: String
}
