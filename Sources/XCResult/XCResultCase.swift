/// One test case of a bundle: a test function with one set of arguments, on one configuration
/// and device, with every attempt (repetition or retry) it made.
package struct XCResultCase: Equatable, Sendable {
  /// The suites that hold it, outermost first, joined with `.` (`AppTests.LoginTests`): the
  /// test identifier without its last part, as Swift Testing's JUnit names a class.
  package var suite: String
  /// The function (`testLogin()`), with the arguments of a parameterised case in place of the
  /// parameter labels (`testLogin("admin")`).
  package var name: String
  /// The name the runner shows when it differs (a Swift Testing display name, with arguments).
  package var displayName: String?
  /// The arguments of a parameterised case, as the runner describes them (`"admin", 2`).
  package var arguments: String?
  /// The test plan configuration.
  package var configuration: String?
  /// The device it ran on.
  package var device: String?
  /// How repetitions were asked for (`RunRetryOnFailure`, `RunUntilFailure`, ...), when known.
  package var repetitionMode: String?
  /// Every attempt, in order.
  package var attempts: [XCResultAttempt]

  /// Creates a case.
  package init(
    suite: String, name: String, displayName: String? = nil, arguments: String? = nil,
    configuration: String? = nil, device: String? = nil, repetitionMode: String? = nil,
    attempts: [XCResultAttempt] = []
  ) {
    self.suite = suite
    self.name = name
    self.displayName = displayName
    self.arguments = arguments
    self.configuration = configuration
    self.device = device
    self.repetitionMode = repetitionMode
    self.attempts = attempts
  }

  /// Whether attempts are retries, so the last one decides.
  ///
  /// Retries are `RunRetryOnFailure`, or attempts with no mode recorded; fixed repetitions
  /// (`RunUntilFailure`, `RunNTimes`) fail when any attempt failed.
  package var isRetried: Bool {
    repetitionMode.map { $0.contains("Retry") } ?? true
  }

  /// How the case ended: the last attempt for retries (an expected failure is a pass), the worst
  /// attempt for fixed repetitions; `unfinished` without attempts.
  package var outcome: XCResultResult {
    guard let last = attempts.last else { return .unfinished }
    if isRetried { return last.result == .expectedFailure ? .passed : last.result }
    let results = attempts.map(\.result)
    for worst in [XCResultResult.unfinished, .failed] where results.contains(worst) {
      return worst
    }
    return results.allSatisfy { $0 == .skipped } ? .skipped : .passed
  }

  /// Whether it passed after failing (a retry that passed): flaky, neither green nor red.
  package var isFlaky: Bool {
    outcome == .passed && attempts.contains { $0.result == .failed }
  }

  /// The attempt that decides ``outcome``: the last for retries, else the first that failed.
  package var decidingAttempt: XCResultAttempt? {
    if isRetried { return attempts.last }
    return attempts.first { $0.result == .failed || $0.result == .unfinished } ?? attempts.last
  }
}

/// One run of a test case: a repetition, a retry, or its only run.
package struct XCResultAttempt: Equatable, Sendable {
  /// How it ended.
  package var result: XCResultResult
  /// How long it took, when recorded.
  package var durationSeconds: Double?
  /// Its failures (and other issues), in order.
  package var issues: [XCResultIssue]
  /// Why it was skipped, for a skipped attempt.
  package var skipReason: String?

  /// Creates an attempt.
  package init(
    result: XCResultResult, durationSeconds: Double? = nil, issues: [XCResultIssue] = [],
    skipReason: String? = nil
  ) {
    self.result = result
    self.durationSeconds = durationSeconds
    self.issues = issues
    self.skipReason = skipReason
  }
}

/// How an attempt (or a case) ended.
package enum XCResultResult: String, Equatable, Sendable {
  /// It passed.
  case passed
  /// It failed (an assertion, a thrown error).
  case failed
  /// It was skipped.
  case skipped
  /// It failed as expected (`XCTExpectFailure`, `withKnownIssue`): a pass.
  case expectedFailure = "expected-failure"
  /// It never finished, or its result is not one stategate knows.
  case unfinished

  /// The result a source's word means: `Success`/`Passed`, `Failure`/`Failed`, `Skipped`,
  /// `Expected Failure`; `nil` for any other word.
  package init?(word: String) {
    switch word {
    case "Success", "Passed", "success", "passed": self = .passed
    case "Failure", "Failed", "failure", "failed": self = .failed
    case "Skipped", "skipped": self = .skipped
    case "Expected Failure", "expectedFailure", "Expected failure": self = .expectedFailure
    default: return nil
    }
  }
}

/// One failure (or other issue) an attempt recorded.
package struct XCResultIssue: Equatable, Sendable {
  /// The message (`XCTAssertTrue failed`, `Expectation failed: (a → 1) == 2`), whole.
  package var message: String
  /// The source file it points at, when recorded.
  package var file: String?
  /// The line in ``file`` (counted from 1, as Xcode shows it).
  package var line: Int?
  /// The runner's kind of issue (`Assertion Failure`, `Thrown Error`, `Uncaught Exception`).
  package var type: String?

  /// Creates an issue.
  package init(message: String, file: String? = nil, line: Int? = nil, type: String? = nil) {
    self.message = message
    self.file = file
    self.line = line
    self.type = type
  }

  /// `File.swift:12: message` as Xcode and trainer show it (the file's last component).
  package var located: String {
    guard let file, let line else { return message }
    let name = file.split(separator: "/").last.map(String.init) ?? file
    return "\(name):\(line): \(message)"
  }
}
