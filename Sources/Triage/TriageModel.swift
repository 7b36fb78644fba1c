import Contracts

/// What kind of archived input a path is.
package enum TriageInputKind: String, Sendable, Codable {
  /// A finished stategate result directory.
  case resultDirectory = "result-directory"
  /// A result directory still under its temporary name: the run was killed or is still going.
  case partialDirectory = "partial-directory"
  /// A JUnit XML file from any runner.
  case junit
  /// A Swift Testing event stream (`swift test --event-stream-output-path`).
  case swiftTestingEvents = "swift-testing-events"
  /// An Xcode result bundle (`xcodebuild test -resultBundlePath`).
  case xcresult
  /// The JSON `xcresulttool` writes of a bundle (`get test-results tests`, `get --legacy`).
  case xcresultJSON = "xcresult-json"
}

/// How an archived run ended, as far as its files tell.
package enum TriageRunStatus: String, Sendable, Codable {
  /// Every planned case ran.
  case complete
  /// Stopped by SIGINT or SIGTERM.
  case interrupted
  /// The process crashed (stategate's crash record, or a stream without its end).
  case crashed
  /// Never finished: a partial directory or a truncated file.
  case unfinished
  /// The input could not be read at all.
  case unreadable
}

/// How one case ended in an archived run.
package enum TriageOutcome: String, Sendable, Codable {
  /// It passed.
  case passed
  /// An assertion or contract failure.
  case failed
  /// An error that is not an assertion (infrastructure, exception).
  case error
  /// It was skipped.
  case skipped
  /// It started but never ended (interrupted or crashed run).
  case unfinished
  /// It was cancelled before its end (Swift Testing's `testCancelled`, `testCaseCancelled`): it
  /// verified nothing past the cancel, so it never counts as passed.
  case cancelled
}

/// One failing (or unfinished) case, classified.
package struct TriagedFailure: Sendable, Codable, Equatable {
  /// The suite (or JUnit `classname`).
  package var suite: String
  /// The case (or JUnit test name).
  package var name: String
  /// The subject, for stategate runs.
  package var subject: String?
  /// How it ended.
  package var outcome: TriageOutcome
  /// The class.
  package var failureClass: FailureClass
  /// Whether the class was recorded exactly (stategate's own verdict or tag), not guessed.
  package var isExact: Bool
  /// Why this class: the experiment's reason, the tag, or the heuristic that matched.
  package var reason: String
  /// The first mismatching step with expected and actual, or the assertion message.
  package var firstStep: String?
  /// The lines that follow ``firstStep`` for a stategate run's step, as `FailureWriter` words
  /// them (where the step is, what else it changed, what to run next); absent otherwise.
  package var details: [String]?
  /// Where to look first, for the class.
  package var hint: String
  /// The name a runner shows for the case when it differs from `name` (a Swift Testing display
  /// name); never part of the identity.
  package var displayName: String?
  /// The tags the runner recorded for the test (Swift Testing 6.4 `tags`), when any.
  package var tags: [String]?
  /// The bugs the runner recorded for the test (Swift Testing 6.4 `bugs`), when any.
  package var bugs: [TriageBug]?
  /// The other explanations that survived every experiment, ranked after ``failureClass``, when
  /// stategate's verdict was not confident; absent when it was (or for other runners' results).
  package var alternatives: [RankedExplanation]?

  /// One explanation of a verdict that is not confident: a class and what its experiment showed.
  package struct RankedExplanation: Sendable, Codable, Equatable {
    /// The class.
    package var failureClass: FailureClass
    /// What the experiment showed for it.
    package var reason: String

    /// Creates an explanation.
    package init(failureClass: FailureClass, reason: String) {
      self.failureClass = failureClass
      self.reason = reason
    }
  }

  /// The verdict's class names, most likely first: `unknown-outcome or ui-binding` when it is not
  /// confident, else the one class.
  package var rankedClassNames: String {
    ([failureClass] + (alternatives ?? []).map(\.failureClass)).map(\.rawValue)
      .joined(separator: " or ")
  }

  /// Creates a failure.
  package init(
    suite: String, name: String, subject: String?, outcome: TriageOutcome,
    failureClass: FailureClass, isExact: Bool, reason: String, firstStep: String?,
    details: [String]? = nil, displayName: String? = nil
  ) {
    self.details = details
    self.displayName = displayName
    self.suite = suite
    self.name = name
    self.subject = subject
    self.outcome = outcome
    self.failureClass = failureClass
    self.isExact = isExact
    self.reason = reason
    self.firstStep = firstStep
    self.hint = failureClass.whereToLook
  }

  /// The case's identity across runs: `suite/name`, with `@subject` for stategate runs.
  package var identity: String {
    CaseIdentity.of(suite: suite, name: name, subject: subject)
  }
}

/// Case counts of one input.
package struct TriageCounts: Sendable, Codable, Equatable {
  /// Cases that passed.
  package var passed = 0
  /// Cases that failed.
  package var failed = 0
  /// Cases that ended in an error.
  package var errors = 0
  /// Cases that were skipped.
  package var skipped = 0
  /// Cases that started but never ended.
  package var unfinished = 0
  /// Cases that were cancelled before their end.
  package var cancelled = 0
  /// Cases that passed after failing (Surefire `flakyFailure`).
  package var flaky = 0

  /// Creates zero counts.
  package init() {}

  /// Every case counted.
  package var total: Int { passed + failed + errors + skipped + unfinished + cancelled }

  /// Counts one case.
  package mutating func add(_ outcome: TriageOutcome) {
    switch outcome {
    case .passed: passed += 1
    case .failed: failed += 1
    case .error: errors += 1
    case .skipped: skipped += 1
    case .unfinished: unfinished += 1
    case .cancelled: cancelled += 1
    }
  }
}

/// One archived input, triaged.
package struct TriagedInput: Sendable, Codable, Equatable {
  /// The path as found.
  package var path: String
  /// What it is.
  package var kind: TriageInputKind
  /// How its run ended.
  package var status: TriageRunStatus
  /// The run's id, for stategate runs.
  package var runID: String?
  /// When the run started (ISO 8601), when known.
  package var startTime: String?
  /// The commit tested, when known.
  package var commit: String?
  /// Case counts.
  package var counts: TriageCounts
  /// The failing, unfinished and cancelled cases, in input order (at most
  /// ``ArchiveTriage/failureLimit``; the counts stay exact).
  package var failures: [TriagedFailure]
  /// Failing and unfinished cases beyond ``ArchiveTriage/failureLimit``, counted but not listed.
  package var notListed = 0
  /// Failing and unfinished cases per class name, over every one (listed or not).
  package var failuresByClass: [String: Int] = [:]
  /// What could not be read completely or consistently, each naming the input and why; any
  /// makes the input `malformed`, whatever was read.
  package var problems: [String] = []
  /// Remarks that do not change the verdict (a character dropped from `<system-out>`).
  package var notes: [String] = []
  /// The input this one repeats (the same run read in another form): it is listed, but its cases
  /// are counted only once, under that input.
  package var sameRunAs: String?
  /// Every case's outcome by identity, when collected (for diff and flaky detection).
  package var outcomes: [String: TriageOutcome]
  /// The subjects of stategate's own cases, when outcomes are collected.
  package var subjects: Set<String> = []
  /// Whether the input was missing (as opposed to unreadable).
  package var isMissing: Bool
  /// Problems after the first ``problemLimit``, counted in the last line of ``problems`` (not
  /// encoded: that line says it).
  private var problemsNotListed = 0

  private enum CodingKeys: String, CodingKey {
    case path, kind, status, runID, startTime, commit, counts, failures, notListed,
      failuresByClass, problems, notes, sameRunAs, outcomes, subjects, isMissing
  }

  /// Records a failing or unfinished case: always counted per class, listed while fewer than
  /// ``ArchiveTriage/failureLimit`` are.
  package mutating func record(_ failure: TriagedFailure) {
    failuresByClass[failure.failureClass.rawValue, default: 0] += 1
    if failures.count < ArchiveTriage.failureLimit {
      failures.append(failure)
    } else {
      notListed += 1
    }
  }

  /// The first problem: why the input could not be read, for `unreadable` and missing inputs.
  package var problem: String? { problems.first }

  /// The most problems listed per input; the rest are counted in one last line, so a damaged
  /// input costs neither quadratic time nor unbounded memory. (A reader bounds its own list
  /// below this: ``JUnitReader/problemLimit`` and its counting line fit.)
  package static let problemLimit = 200

  /// Records damage: what could not be read completely or consistently.
  ///
  /// The first ``problemLimit`` distinct problems are listed; a last line counts the others.
  package mutating func damage(_ problem: String) {
    if problems.prefix(Self.problemLimit).contains(problem) { return }
    if problems.count < Self.problemLimit {
      problems.append(problem)
      return
    }
    problemsNotListed += 1
    let line =
      "\(problemsNotListed) more problem(s) not listed (the first \(Self.problemLimit) are)"
    if problemsNotListed == 1 {
      problems.append(line)
    } else {
      problems[problems.count - 1] = line
    }
  }

  /// Creates an input.
  package init(
    path: String, kind: TriageInputKind, status: TriageRunStatus, runID: String? = nil,
    startTime: String? = nil, commit: String? = nil, counts: TriageCounts = TriageCounts(),
    failures: [TriagedFailure] = [], outcomes: [String: TriageOutcome] = [:],
    problem: String? = nil, isMissing: Bool = false
  ) {
    self.path = path
    self.kind = kind
    self.status = status
    self.runID = runID
    self.startTime = startTime
    self.commit = commit
    self.counts = counts
    self.failures = failures
    self.outcomes = outcomes
    self.problems = problem.map { [$0] } ?? []
    self.isMissing = isMissing
  }
}
