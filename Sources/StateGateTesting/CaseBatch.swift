import Contracts
import Foundation
import RunModel
import Runner

/// The cases one ``ContractCases`` call listed: each records its events as it runs (in whatever
/// order Swift Testing runs them), and the last to finish writes them all, in plan order, as one
/// result directory with the layout `stategate run` writes.
///
/// A `swift test` run that leaves some of the cases out (a `--filter`) writes no directory: it
/// would claim a run of cases that did not run.
final class CaseBatch: @unchecked Sendable {
  /// The cases, in plan order.
  let plan: RunPlan
  /// The suites selected before the filter, for the manifest.
  let suites: [ContractSuite]
  /// The filter's patterns.
  let filter: [String]
  /// Where the directory goes: `STATEGATE_OUTPUT`, else `artifacts` in the current directory.
  let output: String
  /// Replaces values the subjects produced, as `stategate run` does by default.
  let deidentifier: Deidentifier
  private let lock = NSLock()
  private var finished: [String: (result: CaseResult, events: [RunEvent])] = [:]
  private let start = ContractTests.clock()

  /// Creates the batch of `plan`'s cases, planned from `suites` and `filter`, written under
  /// `output`.
  init(plan: RunPlan, suites: [ContractSuite], filter: [String], output: String) {
    self.plan = plan
    self.suites = suites
    self.filter = filter
    self.output = output
    deidentifier = Deidentifier()
    deidentifier.learn(plan.entries.map(\.suite))
  }

  /// The id of each case, in plan order, as ``ContractTestCase/id`` spells it.
  static func id(suite: String, case caseID: String, subject: String) -> String {
    "\(suite)/\(caseID)/\(subject)"
  }

  /// Records the case `id`'s result and events; when it completes a round of the plan's cases,
  /// writes them as a result directory and starts the next round.
  ///
  /// - Returns: A problem writing the directory, phrased for an issue; `nil` when there was none
  ///   or the directory is not due yet.
  @MainActor
  func finish(_ id: String, result: CaseResult, events: [RunEvent]) -> String? {
    // A full round is written and forgotten, so a repeated test run (`--repetitions`) writes
    // one directory per round, not one per case after the first.
    let round = lock.withLock { () -> [String: (result: CaseResult, events: [RunEvent])]? in
      finished[id] = (result, events)
      guard finished.count == plan.caseCount else { return nil }
      defer { finished = [:] }
      return finished
    }
    guard let round else { return nil }
    let written = ContractTests.write(plan, suites: suites, filter: filter, output: output) {
      record in
      var plan = plan
      plan.readDeclarations()
      record(.runStarted(plan))
      var suites: [SuiteResult] = []
      for entry in plan.entries {
        record(.suiteStarted(entry))
        var results: [CaseResult] = []
        for contractCase in entry.cases {
          let key = Self.id(
            suite: entry.suite.id, case: contractCase.id, subject: entry.subject.name)
          guard let done = round[key] else { continue }
          done.events.forEach(record)
          results.append(done.result)
        }
        let suite = SuiteResult(
          suiteID: entry.suite.id, title: entry.suite.title, family: entry.suite.family,
          subject: entry.subject.name, cases: results,
          durationSeconds: results.reduce(0) { $0 + $1.durationSeconds })
        record(.suiteFinished(suite))
        suites.append(suite)
      }
      var report = RunReport(
        suites: suites, durationSeconds: ContractTests.clock() - start, wasInterrupted: false,
        plannedCases: plan.caseCount)
      report.declaredCapabilities = plan.declaredCapabilities
      report.implementedUndeclared = plan.implementedUndeclared
      record(.runFinished(report))
      return report
    }
    return written.problem
  }
}
