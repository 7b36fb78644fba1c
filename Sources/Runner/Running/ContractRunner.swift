import Contracts

/// Runs planned cases: every case against a fresh subject, every expectation and invariant
/// checked after every step, every case run even after failures, failures classified by
/// experiment.
@MainActor
public struct ContractRunner {
  /// Reads a monotonic clock, in seconds; only used for durations.
  public var clock: @Sendable () -> Double
  /// Receives every event as it happens.
  public var onEvent: @MainActor (RunEvent) -> Void
  /// Asked before every step and case; `true` stops the run after the step in progress.
  public var shouldStop: @Sendable () -> Bool

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - clock: A monotonic clock in seconds.
  ///   - shouldStop: Asked before every step and case; `true` stops the run (SIGINT, SIGTERM).
  ///   - onEvent: Receives every event as it happens.
  public init(
    clock: @escaping @Sendable () -> Double,
    shouldStop: @escaping @Sendable () -> Bool = { false },
    onEvent: @escaping @MainActor (RunEvent) -> Void = { _ in }
  ) {
    self.clock = clock
    self.shouldStop = shouldStop
    self.onEvent = onEvent
  }

  /// Runs `plan` and returns the results.
  public func run(_ plan: RunPlan) -> RunReport {
    let start = clock()
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
        let result = runCase(contractCase, of: entry.suite, against: entry.subject)
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
    let report = RunReport(
      suites: suites, durationSeconds: clock() - start, wasInterrupted: interrupted,
      plannedCases: plan.caseCount)
    onEvent(.runFinished(report))
    return report
  }

  /// Runs one case against a fresh subject made by `subject`, and classifies a failure.
  public func runCase(
    _ contractCase: ContractCase, of suite: ContractSuite, against subject: SubjectEntry
  ) -> CaseResult {
    let start = clock()
    onEvent(.caseStarted(suiteID: suite.id, caseID: contractCase.id, subject: subject.name))
    let fresh = subject.make()
    let missing = contractCase.requirements.filter { !fresh.capabilities.contains($0) }
    var result = CaseResult(
      suiteID: suite.id, caseID: contractCase.id, title: contractCase.title,
      subject: subject.name, outcome: .passed, steps: [], classification: nil,
      durationSeconds: 0)
    if !missing.isEmpty {
      let names = missing.map(\.rawValue).joined(separator: ", ")
      result.outcome = .skipped(reason: "requires \(names); subject '\(subject.name)' lacks it")
    } else {
      let steps = StepExecutor.run(contractCase.steps, on: fresh, shouldStop: shouldStop) { step in
        onEvent(
          .stepFinished(
            suiteID: suite.id, caseID: contractCase.id, subject: subject.name, step: step))
      }
      result.steps = steps
      if steps.count < contractCase.steps.count {
        result.outcome = .interrupted
      } else if steps.contains(where: { !$0.passed }) {
        result.outcome = .failed
        result.classification = Classifier(subject: subject).classify(
          contractCase, steps: steps)
      }
    }
    result.durationSeconds = clock() - start
    onEvent(.caseFinished(result))
    return result
  }
}
