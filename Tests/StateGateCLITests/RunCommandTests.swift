import Contracts
import Faults
import Foundation
import Testing

@testable import StateGateCLI

/// Writes `text` to a new file in a fresh temporary directory and returns its path.
func temporaryFile(named name: String, _ text: String) throws -> String {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("stategate-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let url = directory.appendingPathComponent(name)
  try Data(text.utf8).write(to: url)
  return url.path
}

/// `stategate run`, `list`, `explain` and `faults` end to end, in process.
@MainActor
@Suite("run, list, explain and faults commands")
struct RunCommandTests {
  @Test("run on the reference subjects passes every suite and exits 0")
  func runPasses() {
    let result = runStateGate("run")
    #expect(result.status == .success)
    #expect(result.output.hasPrefix("stategate \(StateGate.version) run: 2 suites, 125 cases"))
    #expect(result.output.contains("\nundo-history · editor (undo history)\n"))
    #expect(result.output.contains("\noptimistic-updates · favorites (optimistic updates)\n"))
    #expect(result.output.contains("total: 125 cases: 61 passed, 0 failed, 64 skipped in 0.000s"))
    #expect(!result.output.contains("not checked"))
    #expect(result.error.isEmpty)
  }

  @Test("run output is deterministic, apart from the result directory's name")
  func runIsDeterministic() {
    func report() -> String {
      runStateGate("run", "--subject", "fault:*").output.split(separator: "\n")
        .filter { !$0.hasPrefix("results: ") }.joined(separator: "\n")
    }
    #expect(report() == report())
  }

  @Test("A faulty subject makes run exit 1 and print the step, the mismatch and the class")
  func runFails() {
    let result = runStateGate(
      "run", "--subject", "fault:drag-callback-groups", "--filter", "ten-callback-drag")
    #expect(result.status == .contractFailures)
    #expect(
      result.output.contains(
        [
          "        step 12 'drag ended': expected undos=1, got 10\n",
          "          built-in suite 'undo-history', line 38: 'stategate show-suite undo-history' ",
          "prints it\n",
        ].joined()))
    #expect(
      result.output.contains(
        "        group-boundary: restored 0 after 10 undos: the action was recorded as 10 groups\n")
    )
    #expect(result.output.contains("failures by class: group-boundary 1\n"))
  }

  @Test("--format json gives a versioned document with the class and first failure")
  func runJSON() throws {
    let result = runStateGate(
      "run", "--subject", "fault:second-tap-sends", "--filter", "tap-while-pending",
      "--format", "json")
    #expect(result.status == .contractFailures)
    let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    let document = try #require(object as? [String: Any])
    #expect(document["schemaVersion"] as? Int == 1)
    let suites = try #require(document["suites"] as? [[String: Any]])
    let cases = try #require(suites.first?["cases"] as? [[String: Any]])
    #expect(cases.first?["failureClass"] as? String == "in-flight-gate")
    let failure = try #require(cases.first?["firstFailure"] as? [String: Any])
    #expect(failure["action"] as? String == "tap a")
    #expect(failure["step"] as? Int == 3)
  }

  @Test("Users' own suite files run without recompiling")
  func externalSuite() throws {
    let path = try temporaryFile(
      named: "mine.suite",
      "suite mine family undo\ncase twice\n  adjust 1\n  adjust 2 => undos=2\n  undo => value=1\n")
    let result = runStateGate("run", "--suite", path)
    #expect(result.status == .success)
    #expect(result.output.contains("mine · editor"))
    let directory = (path as NSString).deletingLastPathComponent
    #expect(runStateGate("run", "--suite", directory).status == .success)
  }

  @Test("Colour only on a terminal without NO_COLOR")
  func colour() {
    let plain = CapturedIO()
    _ = StateGate.main(arguments: ["run"], io: plain.io(terminal: false))
    #expect(!plain.output.contains("\u{1B}["))
    let coloured = CapturedIO()
    _ = StateGate.main(arguments: ["run"], io: coloured.io(terminal: true))
    #expect(coloured.output.contains("\u{1B}[32mpass\u{1B}[0m"))
    let noColor = CapturedIO()
    _ = StateGate.main(
      arguments: ["run"], io: noColor.io(environment: ["NO_COLOR": "1"], terminal: true))
    #expect(!noColor.output.contains("\u{1B}["))
  }

  @Test(
    "Exit statuses: 64 usage, 65 malformed suite, 66 missing suite, 69 nothing matched",
    arguments: [
      (["run", "--subject", "editr"], 64),
      (["run", "--format", "xml"], 64),
      (["run", "--filter", "no-such-case"], 69),
      (["run", "--subject", "editor", "--suite", "optimistic-updates"], 69),
      (["run", "--suite", "/nonexistent/x.suite"], 66),
      (["run", "--suite", "undo-histry"], 66),
      (["explain", "rollbak"], 64),
    ])
  func exitStatuses(arguments: [String], status: Int) {
    let capture = CapturedIO()
    let result = StateGate.main(arguments: arguments, io: capture.io())
    #expect(Int(result.rawValue) == status)
    #expect(capture.error.hasPrefix("error: "))
    #expect(capture.error.filter { $0 == "\n" }.count == 1)
  }

  @Test("A malformed suite exits 65 naming file:line:column")
  func malformedSuite() throws {
    let path = try temporaryFile(named: "bad.suite", "suite bad family undo\ncase c\n  adjust x\n")
    let capture = CapturedIO()
    let status = StateGate.main(arguments: ["run", "--suite", path], io: capture.io())
    #expect(status == .malformedInput)
    #expect(
      capture.error == "\(path):3:10: error: expected a whole number after 'adjust', found 'x'\n")
  }

  @Test("Internal errors map to 70")
  func internalStatus() {
    #expect(StateGateError.internalFailure("x").status == .internalError)
  }

  @Test("list shows suites with their cases, subjects and classes")
  func list() {
    let result = runStateGate("list")
    #expect(result.status == .success)
    #expect(result.output.contains("  undo-history (undo, 46 cases, builtin:undo-history.suite)"))
    #expect(
      result.output.contains(
        [
          "      declares: async-results, documents, ui-layer\n      rules: drag-cancel=restore-start ",
          "(drag-cancel-restores); undo-during-drag=refused (drag-undo-refused); ",
          "unchanged-drag=records-nothing (drag-back-records-nothing); ",
          "document-history=per-open (history-per-open, the default)\n",
        ].joined()))
    #expect(
      result.output.contains(
        [
          "      rules: in-flight=one-write (one-write-in-flight, the default); display=optimistic ",
          "(display-optimistic, the default); unknown-outcome=withdraw-and-sync ",
          "(unknown-withdraws, the default); confirmation=never (taps-write-at-once, the ",
          "default); entities=per-row (entity-per-row, the default)\n",
        ].joined())
    )
    #expect(result.output.contains("    grouped-drag "))
    #expect(result.output.contains("  editor (undo): reference editor"))
    #expect(result.output.contains("  fault:second-tap-sends (optimistic)"))
    for failureClass in FailureClass.allCases {
      #expect(result.output.contains("  \(failureClass.rawValue) "))
    }
  }

  @Test("explain prints the definition, causes and where to look", arguments: FailureClass.allCases)
  func explain(failureClass: FailureClass) {
    let result = runStateGate("explain", failureClass.rawValue)
    #expect(result.status == .success)
    #expect(result.output.contains(failureClass.definition))
    #expect(result.output.contains("Where to look:\n  \(failureClass.whereToLook)"))
  }

  @Test("faults prints the matrix and the score, and exits 0 when complete")
  func faults() {
    let result = runStateGate("faults")
    #expect(result.status == .success)
    let total = FaultCatalog.faults.count
    #expect(
      result.output.hasSuffix(
        "detected \(total)/\(total), correctly classified \(total)/\(total)\n"))
    let markdown = runStateGate("faults", "--format", "markdown")
    #expect(
      markdown.output.hasPrefix(
        "| fault | symptom | expected class | caught by | classes assigned |"))
  }
}
