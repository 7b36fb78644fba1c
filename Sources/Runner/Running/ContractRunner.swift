import Contracts
import RunModel

/// Runs planned cases: every case against a fresh subject, every expectation and invariant
/// checked after every step, every case run even after failures, failures classified by
/// experiment.
@MainActor
package struct ContractRunner {
  /// Reads a monotonic clock, in seconds; only used for durations.
  package var clock: @Sendable () -> Double
  /// Receives every event as it happens.
  package var onEvent: @MainActor (RunEvent) -> Void
  /// Asked before every step and case; `true` stops the run after the step in progress.
  package var shouldStop: @Sendable () -> Bool
  /// When set, every event and result carries tokens for the values a subject produced that no
  /// suite typed; `nil` keeps them in clear.
  package var deidentifier: Deidentifier?

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - clock: A monotonic clock in seconds.
  ///   - shouldStop: Asked before every step and case; `true` stops the run (SIGINT, SIGTERM).
  ///   - deidentifier: Replaces the values a subject produced in what the runner emits.
  ///   - onEvent: Receives every event as it happens.
  package init(
    clock: @escaping @Sendable () -> Double,
    shouldStop: @escaping @Sendable () -> Bool = { false },
    deidentifier: Deidentifier? = nil,
    onEvent: @escaping @MainActor (RunEvent) -> Void = { _ in }
  ) {
    self.clock = clock
    self.shouldStop = shouldStop
    self.deidentifier = deidentifier
    self.onEvent = onEvent
  }

  /// Runs `plan` and returns the results.
  package func run(_ plan: RunPlan) -> RunReport {
    let start = clock()
    var plan = plan
    plan.readDeclarations()
    onEvent(.runStarted(plan))
    var suites: [SuiteResult] = []
    var interrupted = false
    for entry in plan.entries where !interrupted {
      onEvent(.suiteStarted(entry))
      let suiteStart = clock()
      var results: [CaseResult] = []
      for contractCase in entry.cases {
        if shouldStop() {
          interrupted = true
          break
        }
        let result = runCase(
          contractCase, of: entry.suite, against: entry.subject,
          skipping: plan.skipReason(for: contractCase, on: entry.subject))
        results.append(result)
        if result.outcome == .interrupted {
          interrupted = true
          break
        }
      }
      let result = SuiteResult(
        suiteID: entry.suite.id, title: entry.suite.title, family: entry.suite.family,
        subject: entry.subject.name, cases: results, durationSeconds: clock() - suiteStart)
      onEvent(.suiteFinished(result))
      suites.append(result)
    }
    var report = RunReport(
      suites: suites, durationSeconds: clock() - start, wasInterrupted: interrupted,
      plannedCases: plan.caseCount)
    report.declaredCapabilities = plan.declaredCapabilities
    report.implementedUndeclared = plan.implementedUndeclared
    onEvent(.runFinished(report))
    return report
  }

  /// Runs one case against a fresh subject made by `subject`, and classifies a failure.
  ///
  /// - Parameters:
  ///   - contractCase: The case.
  ///   - suite: Its suite.
  ///   - subject: Makes the fresh subject.
  ///   - skipReason: The plan's reason to skip the case on `subject`, if it has one: the case is
  ///     then skipped without making a subject.
  /// - Returns: The case's result, as ``onEvent`` received it.
  package func runCase(
    _ contractCase: ContractCase, of suite: ContractSuite, against subject: SubjectEntry,
    skipping skipReason: String? = nil
  ) -> CaseResult {
    let start = clock()
    onEvent(.caseStarted(suiteID: suite.id, caseID: contractCase.id, subject: subject.name))
    let run =
      skipReason.map { CaseRun.Outcome(outcome: .skipped(reason: $0)) }
      ?? CaseRun.run(
        contractCase, against: subject, shouldStop: shouldStop,
        onStep: { step in
          onEvent(
            .stepFinished(
              suiteID: suite.id, caseID: contractCase.id, subject: subject.name,
              step: deidentifier?.scrub(step) ?? step))
        }, onSubject: { deidentifier?.learn(declaredBy: $0) })
    var result = CaseResult(
      suiteID: suite.id, caseID: contractCase.id, title: contractCase.title,
      subject: subject.name, outcome: run.outcome,
      steps: run.outcome == .passed ? [] : run.trail, stepCount: run.stepCount,
      firstFailure: run.firstFailure, classification: run.classification, durationSeconds: 0)
    result.durationSeconds = clock() - start
    if let deidentifier {
      result = deidentifier.scrub(result)
    }
    onEvent(.caseFinished(result))
    return result
  }
}

/// One case against a fresh subject: its steps, then, if one failed, the classification.
@MainActor
enum CaseRun {
  /// What a case produced.
  struct Outcome {
    var outcome: CaseOutcome
    /// The first ``CaseResult/trailLimit`` steps.
    var trail: [StepRecord] = []
    var stepCount = 0
    var firstFailure: StepRecord?
    var classification: Classification?
  }

  /// Runs `contractCase` against a fresh subject made by `subject`, keeping no more steps than
  /// the trail: memory stays flat however long the case.
  ///
  /// - Parameters:
  ///   - contractCase: The case.
  ///   - subject: Makes the fresh subject (and the experiments' subjects).
  ///   - shouldStop: Asked before every step but the first; `true` stops the case (interrupted).
  ///   - onStep: Receives each step's record as soon as it exists.
  ///   - onClassifying: Called when the steps are done, one failed, and classification starts.
  ///   - onSubject: Receives the fresh subject before its first step.
  ///   - classifying: Whether a failure is classified; a policy probe only needs the outcome.
  /// - Returns: The outcome, the trail, the first failure and the class of a failure.
  static func run(
    _ contractCase: ContractCase, against subject: SubjectEntry, shouldStop: () -> Bool,
    onStep: (StepRecord) -> Void, onClassifying: () -> Void = {},
    onSubject: (ContractSubject) -> Void = { _ in }, classifying: Bool = true
  ) -> Outcome {
    let fresh = subject.make()
    onSubject(fresh)
    let declared = fresh.declarations
    if let reason = declared.skipReason(for: contractCase, subject: subject.name) {
      return Outcome(outcome: .skipped(reason: reason))
    }
    // The steps and the experiments run the case in the subject's own value words.
    let contractCase = declared.adapt(contractCase).contractCase
    var result = Outcome(outcome: .passed)
    let execution = CaseExecution(fresh)
    for (index, step) in contractCase.steps.enumerated() {
      if index > 0 && shouldStop() {
        break
      }
      let record = execution.run(step, closing: index == contractCase.stepCount - 1)
      onStep(record)
      result.stepCount += 1
      if result.trail.count < CaseResult.trailLimit {
        result.trail.append(record)
      }
      if result.firstFailure == nil, !record.passed {
        result.firstFailure = record
      }
    }
    if result.stepCount < contractCase.stepCount {
      result.outcome = .interrupted
      return result
    }
    guard let failing = result.firstFailure else { return result }
    result.outcome = .failed
    guard classifying else { return result }
    onClassifying()
    result.classification = Classifier(subject: subject).classify(contractCase, failing: failing)
    return result
  }
}
