import Contracts
import Foundation
import ResultSchema
import Testing

@testable import StateGateCLI

/// Runs `stategate` in process with `environment` and a terminal or not.
@MainActor
private func run(
  _ arguments: [String], environment: [String: String] = [:], terminal: Bool = false,
  errorTerminal: Bool = false, clock: (@Sendable () -> Double)? = nil
) -> (status: StateGateCLI.ExitStatus, output: String, error: String) {
  let capture = CapturedIO()
  var io = capture.io(environment: environment, terminal: terminal)
  io.errorIsTerminal = errorTerminal
  if let clock { io.clock = clock }
  let status = StateGate.main(arguments: arguments, io: io)
  return (status, capture.output, capture.error)
}

/// A clock that moves half a second each time it is read.
private final class SteppingClock: @unchecked Sendable {
  private let lock = NSLock()
  private var now = 0.0

  func read() -> Double {
    lock.withLock {
      now += 0.5
      return now
    }
  }
}

/// What CI systems read: annotations, the job summary, progress only on a terminal, and the
/// smaller command-line fixes of issue 13.
@MainActor
@Suite("CI integration")
struct CIIntegrationTests {
  let githubEnvironment = [
    "GITHUB_ACTIONS": "true", "CI": "true", "GITHUB_SHA": "0123456789abcdef",
    "GITHUB_WORKSPACE": FileManager.default.currentDirectoryPath,
  ]

  @Test(
    "On GitHub Actions each failing case of a built-in suite prints an ::error line on the step")
  func githubAnnotations() throws {
    let result = run(
      [
        "run", "--output", freshOutput(), "--subject", "fault:drag-callback-groups", "--subject",
        "fault:rollback-to-snapshot", "--filter", "ten-callback", "--filter", "rollback-to",
      ], environment: githubEnvironment)
    #expect(result.status == .contractFailures)
    let lines = result.error.split(separator: "\n").filter { $0.hasPrefix("::error ") }
    #expect(lines.count == 2, "\(result.error)")
    // A built-in suite is no file of the user's repository: no file or line GitHub would fail to
    // place, and the message says where the suite is.
    let expected: String =
      "::error title=undo-history/ten-callback-drag [fault%3Adrag-callback-groups]::group-boundary: "
      + "step 12 'drag ended': expected undos=1, got 10%0Arestored 0 after 10 undos: the "
      + "action was recorded as 10 groups%0Abuilt-in suite 'undo-history', line 38: "
      + "'stategate show-suite undo-history' prints it%0Anext: stategate explain group-boundary"
    #expect(lines.first.map(String.init) == expected)
    let optimistic = try #require(try BuiltInSuites.load().first { $0.id == "optimistic-updates" })
    let rollback = try #require(optimistic.cases.first { $0.id == "rollback-to-current-confirmed" })
    let failingLine = try #require(rollback.steps.last?.line)
    #expect(lines.last?.hasPrefix("::error title=optimistic-updates/") == true)
    #expect(
      lines.last?.hasSuffix(
        [
          "built-in suite 'optimistic-updates', line \(failingLine): ",
          "'stategate show-suite optimistic-updates' prints it%0A",
          "also changed: a.saving yes→no, a.tapEnabled no→yes%0A",
          "next: stategate explain rollback",
        ].joined()) == true)
    #expect(!result.error.contains("Sources/Contracts"))
    #expect(!result.output.contains("::error"), "standard output stays the report")
  }

  @Test("A suite file of one's own is annotated relative to the checkout")
  func annotationOfOwnSuite() throws {
    let suite = try temporaryFile(
      named: "mine.suite",
      """
      suite mine family undo
      case one "One drag is one group"
        drag began
        drag moved 10
        drag moved 20
        drag ended => undos=1
      """)
    let workspace = PathText.parent(PathText.parent(suite))
    var environment = githubEnvironment
    environment["GITHUB_WORKSPACE"] = workspace
    let result = run(
      [
        "run", "--output", freshOutput(), "--suite", suite, "--subject",
        "fault:drag-callback-groups",
      ],
      environment: environment)
    let relative = String(suite.dropFirst(workspace.count + 1))
    #expect(result.error.contains("::error file=\(relative),line=6,title=mine/one [fault%3A"))
    // The same suite outside the checkout cannot be placed: no file, no line.
    environment["GITHUB_WORKSPACE"] = PathText.join(workspace, "elsewhere")
    let outside = run(
      [
        "run", "--output", freshOutput(), "--suite", suite, "--subject",
        "fault:drag-callback-groups",
      ],
      environment: environment)
    #expect(outside.error.contains("::error title=mine/one [fault%3A"), "\(outside.error)")
    #expect(!outside.error.contains("::error file="))
  }

  @Test("Nothing is annotated on a plain terminal or when every case passes")
  func noAnnotationsElsewhere() {
    let plain = run(
      [
        "run", "--output", freshOutput(), "--subject", "fault:drag-callback-groups", "--filter",
        "ten-callback",
      ])
    #expect(plain.status == .contractFailures)
    #expect(!plain.error.contains("::") && !plain.output.contains("::error"))
    let passing = run(
      ["run", "--output", freshOutput(), "--filter", "ten-callback"], environment: githubEnvironment
    )
    #expect(passing.status == .success)
    #expect(!passing.error.contains("::error"))
  }

  @Test("GitLab and Jenkins are told where the JUnit report is")
  func gitlabAndJenkins() throws {
    let output = freshOutput()
    let gitlab = run(
      ["run", "--output", output, "--filter", "ten-callback", "--print-path"],
      environment: ["GITLAB_CI": "true", "CI": "true", "CI_PROJECT_DIR": PathText.parent(output)])
    let directory = gitlab.output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(
      gitlab.error.contains(
        "stategate: JUnit report for GitLab's test report (artifacts:reports:junit): "
          + "\(PathText.lastComponent(output))/\(PathText.lastComponent(directory))/junit.xml\n"))
    let jenkins = run(
      ["run", "--output", output, "--filter", "ten-callback"],
      environment: ["JENKINS_URL": "http://ci.invalid/", "WORKSPACE": PathText.parent(output)])
    #expect(jenkins.error.contains("stategate: JUnit report for Jenkins' junit step: "))
  }

  @Test("GITHUB_STEP_SUMMARY is created when missing, and appended to when present")
  func stepSummaryIsCreated() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-summary-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let target = PathText.join(folder, "step_summary.md")
    var environment = githubEnvironment
    environment["GITHUB_STEP_SUMMARY"] = target
    let first = run(
      ["run", "--output", freshOutput(), "--filter", "grouped-drag"], environment: environment)
    #expect(!first.error.contains("warning"), "\(first.error)")
    let once = try String(contentsOfFile: target, encoding: .utf8)
    #expect(once.hasPrefix("## stategate: 1 case, 1 passed"))
    _ = run(
      ["run", "--output", freshOutput(), "--filter", "grouped-drag"], environment: environment)
    let twice = try String(contentsOfFile: target, encoding: .utf8)
    #expect(twice.components(separatedBy: "## stategate:").count == 3)
    environment["GITHUB_STEP_SUMMARY"] = PathText.join(folder, "no/such/folder/summary.md")
    let unwritable = run(
      ["run", "--output", freshOutput(), "--filter", "grouped-drag"], environment: environment)
    #expect(unwritable.status == .success)
    #expect(
      unwritable.error.contains("warning: could not append the summary to GITHUB_STEP_SUMMARY"))
  }

  @Test("A progress line is drawn on a terminal's standard error and erased, never in CI")
  func progressLine() throws {
    let clock = SteppingClock()
    let terminal = run(
      ["run", "--output", freshOutput(), "--suite", "undo-history"], terminal: true,
      errorTerminal: true, clock: { clock.read() })
    #expect(terminal.status == .success)
    #expect(terminal.error.contains("\r\u{1B}[K["))
    let cases = try #require(try BuiltInSuites.load().first { $0.id == "undo-history" }).cases.count
    #expect(terminal.error.contains("/\(cases)] undo-history/"))
    #expect(terminal.error.hasSuffix("\r\u{1B}[K"), "the line is erased at the end")
    let inCI = run(
      ["run", "--output", freshOutput(), "--suite", "undo-history"],
      environment: ["CI": "true"], terminal: true, errorTerminal: true, clock: { clock.read() })
    #expect(!inCI.error.contains("\u{1B}"))
    let piped = run(
      ["run", "--output", freshOutput(), "--suite", "undo-history"], clock: { clock.read() })
    #expect(!piped.error.contains("\u{1B}"))
  }

  @Test("A progress line follows the reading of a large JUnit file in triage")
  func triageProgress() throws {
    var text = "<testsuites><testsuite name='big' tests='4000'>"
    for index in 0..<4000 {
      text +=
        "<testcase classname='Big' name='test\(index)'><system-out>"
        + String(repeating: "x", count: 100) + "</system-out></testcase>"
    }
    text += "</testsuite></testsuites>"
    let file = try temporaryFile(named: "big.xml", text)
    let clock = SteppingClock()
    let result = run(["triage", file], errorTerminal: true, clock: { clock.read() })
    #expect(result.status == .success)
    #expect(result.error.contains("reading \(file): 0 of 0 MB ("))
    #expect(result.error.hasSuffix("\r\u{1B}[K"))
  }

  @Test("help with an unknown command is a usage error")
  func helpUnknownCommand() {
    let result = run(["help", "hisotry"])
    #expect(result.status == .usage)
    #expect(result.error.contains("'hisotry'") && result.error.contains("'history'"))
    #expect(run(["help", "history"]).status == .success)
  }

  @Test("An empty NO_COLOR does not turn colour off; any value does")
  func emptyNoColor() {
    let arguments = ["run", "--output", freshOutput(), "--filter", "grouped-drag"]
    #expect(
      run(arguments, environment: ["NO_COLOR": ""], terminal: true).output.contains("\u{1B}[32m"))
    #expect(
      !run(arguments, environment: ["NO_COLOR": "1"], terminal: true).output.contains("\u{1B}["))
  }

  @Test("--format json with --print-path is refused instead of dropping the JSON")
  func jsonWithPrintPath() {
    let output = freshOutput()
    let result = run(["run", "--output", output, "--format", "json", "--print-path"])
    #expect(result.status == .usage)
    #expect(result.error.contains("--format") && result.error.contains("--print-path"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test("A malformed suite reads as the compiler writes it: file:line:column: error: message")
  func compilerStyleDiagnostic() throws {
    let suite = try temporaryFile(
      named: "bad.suite", "suite bad family undo\ncase one\n  adjust x\n")
    let result = run(["run", "--output", freshOutput(), "--suite", suite])
    #expect(result.status == .malformedInput)
    #expect(
      result.error.hasPrefix("\(suite):3:10: error: expected a whole number"), "\(result.error)")
  }

  @Test("history --format json lists every run with counts and whole class names")
  func historyJSON() throws {
    let output = freshOutput()
    _ = run(["run", "--output", output, "--subject", "fault:*", "--filter", "tap-while-pending"])
    let result = run(["history", output, "--format", "json"])
    #expect(result.status == .success)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(document["schemaVersion"] as? Int == 1)
    let runs = try #require(document["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    // tap-while-pending catches the second tap that sends, and (through its `under
    // display-pessimistic` lines) the pessimistic list that paints the intent.
    #expect(
      (runs[0]["failuresByClass"] as? [String: Int]) == ["in-flight-gate": 1, "ui-binding": 1])
    let text = run(["history", output])
    #expect(
      text.output.split(separator: "\n")[1].hasSuffix("in-flight-gate 1, ui-binding 1"),
      "\(text.output)")
  }
}
