import Contracts

/// The results of one suite against one subject.
package struct SuiteResult: Hashable, Sendable {
  /// The suite's id.
  package var suiteID: String
  /// The suite's title.
  package var title: String
  /// The suite's family.
  package var family: ContractFamily
  /// The subject the suite ran against.
  package var subject: String
  /// The results of the planned cases, in suite order.
  package var cases: [CaseResult]
  /// Wall-clock time of the suite, in seconds.
  package var durationSeconds: Double

  /// Creates a suite result.
  package init(
    suiteID: String, title: String, family: ContractFamily, subject: String, cases: [CaseResult],
    durationSeconds: Double
  ) {
    self.suiteID = suiteID
    self.title = title
    self.family = family
    self.subject = subject
    self.cases = cases
    self.durationSeconds = durationSeconds
  }

  /// Counts of this suite's outcomes.
  package var counts: OutcomeCounts { OutcomeCounts(cases) }
}

/// How many cases passed, failed and were skipped, and the failures per class.
package struct OutcomeCounts: Hashable, Sendable {
  /// Cases that passed.
  package var passed = 0
  /// Cases that failed.
  package var failed = 0
  /// Cases that were skipped.
  package var skipped = 0
  /// Cases stopped by an interruption.
  package var interrupted = 0
  /// Failed cases per class.
  package var perClass: [FailureClass: Int] = [:]

  /// Counts `results`.
  package init(_ results: [CaseResult]) {
    for result in results {
      add(result)
    }
  }

  /// Counts one more result.
  package mutating func add(_ result: CaseResult) {
    switch result.outcome {
    case .passed: passed += 1
    case .failed:
      failed += 1
      if let failureClass = result.classification?.failureClass {
        perClass[failureClass, default: 0] += 1
      }
    case .skipped: skipped += 1
    case .interrupted: interrupted += 1
    }
  }

  /// All cases counted.
  package var total: Int { passed + failed + skipped + interrupted }
}

/// Everything one `stategate run` produced.
package struct RunReport: Hashable, Sendable {
  /// The suites' results, in run order.
  package var suites: [SuiteResult]
  /// Wall-clock time of the run, in seconds.
  package var durationSeconds: Double
  /// Whether a stop request ended the run before every planned case ran.
  package var wasInterrupted: Bool
  /// The number of cases the plan held.
  package var plannedCases: Int
  /// What a fresh subject of each planned subject declared, by subject name.
  package var declaredCapabilities: [String: Set<SubjectCapability>] = [:]
  /// The methods each subject implements without declaring their capability, by subject name.
  package var implementedUndeclared: [String: [String]] = [:]
  /// How each case the run was told must run fared (`run --require`); empty when none was.
  package var requiredCases: [RequiredCases.Outcome] = []
  /// For each subject whose failures fit product-rule answers it did not declare, one line per
  /// fit, as a policy probe found them (`Runner`'s `PolicyProbe`); empty when none was probed.
  package var policyFits: [String: [String]] = [:]

  /// Creates a report.
  package init(
    suites: [SuiteResult], durationSeconds: Double, wasInterrupted: Bool = false,
    plannedCases: Int? = nil
  ) {
    self.suites = suites
    self.durationSeconds = durationSeconds
    self.wasInterrupted = wasInterrupted
    self.plannedCases = plannedCases ?? suites.reduce(0) { $0 + $1.cases.count }
  }

  /// Planned cases that never started because the run was interrupted.
  package var notRun: Int { plannedCases - counts.total }

  /// Counts over every suite.
  package var counts: OutcomeCounts { OutcomeCounts(suites.flatMap(\.cases)) }
}
