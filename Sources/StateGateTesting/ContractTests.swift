import Contracts
import Exploration
import Foundation
import ResultFiles
import ResultSchema
import ResultWriting
import RunModel
import Runner
import Testing

/// Runs contract suites and exploration from a `@Test` in a user's own test target, reporting to
/// Swift Testing: one issue per failing case at its suite line, skips as warnings, never passes.
///
/// ```swift
/// @Test @MainActor func contracts() throws {
///   try ContractTests.check(.brightness, suites: ["undo-history", "../../Suites"])
/// }
/// ```
public enum ContractTests {
  /// A monotonic clock in seconds, for durations only.
  static let clock: @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }

  /// Runs the suites `words` name against `subjects` and records what failed.
  ///
  /// Every case runs against a fresh subject, every step is checked, and a failure is classified
  /// by experiment, as `stategate run --no-isolation` does. Each failing case records one issue
  /// at the failing step's line of its `.suite` file (a built-in suite's at `sourceLocation`,
  /// with `builtin:FILE:LINE` in the text), holding the `stategate[CLASS]` tag, the step, the
  /// class and the experiment's reason. Each skipped case records a warning, which fails
  /// nothing and verifies nothing; if every case was skipped, an issue says nothing was tested.
  /// The run is written as one result directory in the layout `stategate run` writes.
  ///
  /// - Parameters:
  ///   - subjects: The subjects; a suite runs against each subject of its family.
  ///   - words: Built-in suite ids, `.suite` files and folders of them, as
  ///     `stategate run --suite` takes them (relative paths from the test file's folder); none
  ///     select every built-in suite.
  ///   - filter: `SUITE/CASE` patterns as `--filter` takes them; none keep every case.
  ///   - output: The folder the result directory goes in; `nil` for `STATEGATE_OUTPUT`, else
  ///     `artifacts` in the current directory.
  ///   - filePath: The test file relative suite paths start from; the caller's.
  ///   - sourceLocation: Where issues without a suite line point; the call's location.
  /// - Returns: The counts and the result directory.
  /// - Throws: ``SuiteReadError`` for a missing or malformed suite file.
  @MainActor
  @discardableResult
  public static func check(
    _ subjects: [SubjectEntry], suites words: [String] = [], filter: [String] = [],
    resultsIn output: String? = nil, relativeTo filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> ContractTestReport {
    let suites = try SuiteWords.resolve(words, relativeTo: filePath)
    for subject in subjects where subject.requiresIsolation {
      Issue.record(Comment(rawValue: isolationRequired(subject)), sourceLocation: sourceLocation)
    }
    let plan = RunPlan(
      suites: suites, subjects: subjects.filter { !$0.requiresIsolation },
      filter: CaseFilter(filter))
    guard plan.caseCount > 0 else {
      Issue.record(
        Comment(
          rawValue: "stategate: no case of " + suites.map(\.id).joined(separator: ", ")
            + " applies to " + subjects.map { "'\($0.name)'" }.joined(separator: ", ")
            + (filter.isEmpty ? "" : " with filter " + filter.joined(separator: " "))),
        sourceLocation: sourceLocation)
      return ContractTestReport(passed: 0, failed: 0, skipped: 0, resultDirectory: nil)
    }
    let deidentifier = Deidentifier()
    deidentifier.learn(suites)
    let written = write(plan, suites: suites, filter: filter, output: self.output(output)) {
      record in
      ContractRunner(clock: clock, deidentifier: deidentifier, onEvent: record).run(plan)
    }
    if let problem = written.problem {
      Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
    for (entry, suite) in zip(plan.entries, written.report.suites) {
      for result in suite.cases {
        try report(CaseVerdict.of(result, in: entry.suite), at: sourceLocation, cancelling: false)
      }
    }
    let counts = written.report.counts
    if counts.passed == 0, counts.failed == 0 {
      Issue.record(
        Comment(
          rawValue: "stategate: nothing was tested: every one of the \(counts.skipped) planned "
            + "cases was skipped (see the warnings); choose cases or subjects that apply"),
        sourceLocation: sourceLocation)
    }
    return ContractTestReport(
      passed: counts.passed, failed: counts.failed, skipped: counts.skipped,
      resultDirectory: written.path)
  }

  /// Runs the suites `words` name against `subject` and records what failed; see
  /// ``check(_:suites:filter:resultsIn:relativeTo:sourceLocation:)``.
  @MainActor
  @discardableResult
  public static func check(
    _ subject: SubjectEntry, suites words: [String] = [], filter: [String] = [],
    resultsIn output: String? = nil, relativeTo filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> ContractTestReport {
    try check(
      [subject], suites: words, filter: filter, resultsIn: output, relativeTo: filePath,
      sourceLocation: sourceLocation)
  }

  /// Explores `subjects` with generated sequences, as `stategate explore` does, and records one
  /// issue per subject whose exploration found a failure.
  ///
  /// The issue holds the `stategate[CLASS]` tag, the shrunk case's failing step, the class and
  /// reason from the runner's experiments, and the shrunk case's text, ready to paste into a
  /// suite file of the subject's family, where it stays caught.
  ///
  /// - Parameters:
  ///   - subjects: The subjects, explored in turn.
  ///   - budget: How many sequences each subject gets, or how many seconds all of them share.
  ///   - seed: The seed; the same seed and options explore the same sequences.
  ///   - maxSteps: The most steps a generated sequence has.
  ///   - sourceLocation: Where the issues point; the call's location.
  /// - Returns: The suite text of each shrunk case found, one per subject that failed.
  @MainActor
  @discardableResult
  public static func explore(
    _ subjects: [SubjectEntry], budget: ExplorationBudget = .cases(500), seed: UInt64 = 1,
    maxSteps: Int = 40, sourceLocation: SourceLocation = #_sourceLocation
  ) -> [String] {
    for subject in subjects where subject.requiresIsolation {
      Issue.record(Comment(rawValue: isolationRequired(subject)), sourceLocation: sourceLocation)
    }
    // A subject whose declared rule the oracle does not model is not explored, and says so.
    let unmodelled = subjects.filter { Explorer.unmodelledRule(of: $0) != nil }
    for subject in unmodelled {
      Issue.record(
        Comment(
          rawValue: "stategate: subject '\(subject.name)' declares "
            + "\(Explorer.unmodelledRule(of: subject) ?? "a rule"), which explore's oracle does not "
            + "model yet: check it with the contract cases (ContractTests.check), not explore"),
        sourceLocation: sourceLocation)
    }
    let options = ExplorationOptions(
      seed: seed,
      budget: {
        switch budget {
        case .cases(let count): .sequences(count)
        case .seconds(let seconds): .seconds(seconds)
        }
      }(), maxSteps: maxSteps)
    let report = Explorer(options: options, clock: clock).explore(
      subjects.filter { !$0.requiresIsolation && !unmodelled.map(\.name).contains($0.name) })
    for finding in report.findings {
      Issue.record(
        Comment(rawValue: text(of: finding, options: options)), sourceLocation: sourceLocation)
    }
    return report.findings.map(\.suiteText)
  }

  /// The issue text of an exploration's finding.
  ///
  /// The headline follows the tag once, as every output words it, with its details under it
  /// (``CaseVerdict/body(of:failure:)``), then the shrunk case.
  static func text(of finding: Finding, options: ExplorationOptions) -> String {
    let failure = finding.result.failureMessage(source: nil)
    return
      "stategate[\(finding.failureClass)] exploring '\(finding.subject)' (seed \(options.seed), "
      + "\(options.budget)) found \(finding.contractCase.id), shrunk from "
      + "\(finding.generatedSteps) to \(finding.shrunkSteps) steps: "
      + (failure?.headline ?? "failed") + "\n"
      + CaseVerdict.body(of: finding.result, failure: failure).joined(separator: "\n")
      + "\n\nThe shrunk case, to keep in a suite file of its family:\n\n" + finding.caseText
  }

  /// Why `subject` is not run in the test's process.
  static func isolationRequired(_ subject: SubjectEntry) -> String {
    "stategate: subject '\(subject.name)' may break the process it runs in, so it runs only "
      + "isolated: check it with 'stategate run --subject \(subject.name)', not in a test process"
  }

  /// The folder result directories go in: `output`, else `STATEGATE_OUTPUT`, else `artifacts`.
  static func output(_ output: String?) -> String {
    ResultDirectoryLayout.folder(given: output, environment: ProcessInfo.processInfo.environment)
  }

  /// Reports `verdict` to Swift Testing.
  ///
  /// A failure is an issue at its suite line, or at `location`. A skip is a warning with the
  /// reason (it fails nothing), and when `cancelling` it also cancels the test case, which the
  /// event stream reports as `testCaseCancelled` (`stategate triage` counts it cancelled, never
  /// passed). Before Swift 6.3, which has neither, it is a known issue.
  ///
  /// - Throws: The cancellation of a skipped test case.
  static func report(_ verdict: CaseVerdict, at location: SourceLocation, cancelling: Bool) throws {
    switch verdict {
    case .passed:
      return
    case .failed(let text, let place):
      Issue.record(
        Comment(rawValue: text),
        sourceLocation: place.map {
          SourceLocation(fileID: $0.fileID, filePath: $0.filePath, line: $0.line, column: 1)
        } ?? location)
    case .skipped(let reason):
      let comment = Comment(rawValue: "skipped, not verified: \(reason)")
      #if compiler(>=6.3)
      // The warning first: Swift Testing's console shows a cancelled test case as passed, so
      // the reason must reach it as an issue too; the event stream says testCaseCancelled.
      Issue.record(comment, severity: .warning, sourceLocation: location)
      if cancelling {
        try Test.cancel(comment, sourceLocation: location)
      }
      #else
      withKnownIssue(comment, sourceLocation: location) {
        Issue.record(comment, sourceLocation: location)
      }
      #endif
    }
  }

  /// Runs `run`, its events recorded as a result directory under `output` as `stategate run`
  /// writes one.
  ///
  /// - Parameters:
  ///   - plan: What runs, for the directory's name.
  ///   - suites: The suites selected before the filter, for the manifest.
  ///   - filter: The filter's patterns.
  ///   - output: The folder the directory goes in.
  ///   - run: Sends every event of the run, `runStarted` to `runFinished`, and returns the report.
  /// - Returns: The report, the directory's final path, and a problem writing it, phrased for an
  ///   issue (the run still counts).
  @MainActor
  static func write(
    _ plan: RunPlan, suites: [ContractSuite], filter: [String], output: String,
    run: (@escaping @MainActor (RunEvent) -> Void) -> RunReport
  ) -> (report: RunReport, path: String?, problem: String?) {
    let planned = Set(plan.entries.map(\.suite.id))
    let single = planned.count == 1 ? plan.entries[0].suite.id : "stategate"
    let prefix = ResultDirectoryLayout.isValidPrefix(single) ? single : "stategate"
    let recorder: ResultDirectoryWriter
    do {
      let directory = try ResultDirectory.create(in: output, prefix: prefix)
      recorder = ResultDirectoryWriter(
        directory: directory,
        context: ResultDirectoryWriter.Context(
          toolVersion: "stategate (StateGateTesting)",
          commandLine: ProcessInfo.processInfo.arguments, filter: filter,
          hostname: ProcessInfo.processInfo.hostName, startDate: Date(), ci: nil, suites: suites))
    } catch {
      return (run { _ in }, nil, "stategate: cannot write the result directory: \(error)")
    }
    let report = run { recorder.record($0) }
    do {
      let path = try recorder.finish(report: report, status: .complete, endDate: Date())
      return (report, path, nil)
    } catch {
      return (report, nil, "stategate: cannot write the result directory: \(error)")
    }
  }
}
