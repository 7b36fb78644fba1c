import Foundation
import ResultWriting
import Testing

@testable import StateGateCLI

/// `triage`, `history` and `diff` over stategate's own result directories.
@MainActor
@Suite("triage, history and diff commands")
struct TriageCommandTests {
  /// Runs `stategate run` into `output` with `arguments` and returns the new directory's path.
  private func recordRun(_ output: String, _ arguments: String...) throws -> String {
    let before = Set(runDirectories(in: output))
    let capture = CapturedIO()
    _ = StateGate.main(
      arguments: ["run", "--output", output] + arguments,
      io: capture.io(environment: ["GITHUB_SHA": "c0ffee"]))
    let added = try #require(Set(runDirectories(in: output)).subtracting(before).first)
    return (output as NSString).appendingPathComponent(added)
  }

  @Test("triage reads a result directory: exact class, first mismatching step, hint; exit 1")
  func triageResultDirectory() throws {
    let output = freshOutput()
    let directory = try recordRun(
      output, "--subject", "fault:drag-callback-groups", "--filter", "ten-callback-drag")
    let result = runStateGate("triage", directory)
    #expect(result.status == .contractFailures)
    #expect(result.output.contains("(result-directory, complete) commit c0ffee"))
    #expect(
      result.output.contains(
        "  FAIL  undo-history/ten-callback-drag on fault:drag-callback-groups\n"))
    #expect(
      result.output.contains(
        "      class group-boundary: restored 0 after 10 undos: the action was recorded as 10 groups\n"
      ))
    #expect(result.output.contains("      first: step 12 'drag ended': expected undos=1, got 10\n"))
    #expect(result.output.contains("      look at: Every beginUndoGrouping/endUndoGrouping pair"))
    #expect(
      runStateGate("triage", try recordRun(output, "--filter", "grouped-drag")).status == .success)
  }

  @Test("A partial directory is reported unfinished, never as passed")
  func partialIsUnfinished() throws {
    let output = freshOutput()
    let directory = try recordRun(output, "--filter", "grouped-drag")
    let partial = (output as NSString).appendingPathComponent(".grouped-killed.partial")
    try FileManager.default.createDirectory(atPath: partial, withIntermediateDirectories: true)
    let events =
      try String(contentsOfFile: directory + "/events.jsonl", encoding: .utf8)
      .split(separator: "\n").prefix(4).joined(separator: "\n") + "\n{\"kind\":\"st"
    try Data(events.utf8).write(to: URL(fileURLWithPath: partial + "/events.jsonl"))
    let result = runStateGate("triage", partial)
    #expect(result.status == .contractFailures)
    #expect(result.output.contains("(partial-directory, unfinished)"))
    #expect(result.output.contains("UNFINISHED  undo-history/grouped-drag on editor"))
  }

  @Test("--format json and markdown carry the same findings")
  func formats() throws {
    let output = freshOutput()
    let directory = try recordRun(
      output, "--subject", "fault:second-tap-sends", "--filter", "tap-while")
    let json = runStateGate("triage", directory, "--format", "json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let inputs = try #require(object["inputs"] as? [[String: Any]])
    let failures = try #require(inputs.first?["failures"] as? [[String: Any]])
    #expect(failures.first?["failureClass"] as? String == "in-flight-gate")
    #expect(failures.first?["isExact"] as? Bool == true)
    let markdown = runStateGate("triage", directory, "--format", "markdown")
    #expect(
      markdown.output.contains("| `optimistic-updates/tap-while-pending` | in-flight-gate | step 3")
    )
  }

  @Test("triage exits 66 for a missing path and 65 for an unreadable one, still triaging the rest")
  func triageExitStatuses() throws {
    let good = try temporaryFile(
      named: "good.xml",
      "<testsuites><testsuite name='s'><testcase classname='c' name='ok'/></testsuite></testsuites>"
    )
    let bad = try temporaryFile(named: "bad.xml", "<testsuites><testsuite>")
    let unreadable = runStateGate("triage", good, bad)
    #expect(unreadable.status == .malformedInput)
    #expect(unreadable.output.contains("good.xml (junit, complete)"))
    #expect(unreadable.error.hasPrefix("error: '\(bad)':"))
    #expect(runStateGate("triage", good, "/nonexistent.xml").status == .missingInput)
    #expect(runStateGate("triage", good).status == .success)
  }

  @Test("A pass with skipped cases says how many were skipped, not verified; a full pass does not")
  func passSaysWhatWasSkipped() throws {
    let partly = try temporaryFile(
      named: "partly.xml",
      "<testsuites><testsuite name='s'><testcase classname='c' name='ok'/>"
        + "<testcase classname='c' name='later'><skipped/></testcase></testsuite></testsuites>")
    let skipped = runStateGate("triage", partly)
    #expect(skipped.status == .success)
    #expect(
      skipped.output.contains(
        "verdict: passed: every input was read completely and no case failed; 1 of 2 cases "
          + "skipped, not verified"), "\(skipped.output)")
    let whole = try temporaryFile(
      named: "whole.xml",
      "<testsuites><testsuite name='s'><testcase classname='c' name='ok'/></testsuite></testsuites>"
    )
    let passed = runStateGate("triage", whole)
    #expect(passed.output.contains("no case failed\n"), "\(passed.output)")
  }

  @Test("history lists runs newest first with status, counts, classes and commit")
  func history() throws {
    let output = freshOutput()
    _ = try recordRun(output, "--filter", "grouped-drag")
    _ = try recordRun(output, "--subject", "fault:rollback-to-snapshot", "--filter", "rollback-to")
    let result = runStateGate("history", output)
    #expect(result.status == .success)
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines.dropFirst().allSatisfy { $0.contains("complete") && $0.contains("c0ffee") })
    #expect(result.output.contains("rollback 1"))
  }

  @Test("diff finds new failures (exit 1), fixes and class changes; same-commit flips are flaky")
  func diff() throws {
    let output = freshOutput()
    let good = try recordRun(output, "--filter", "button-tap-one-group", "--subject", "editor")
    let split = try recordRun(
      output, "--filter", "button-tap-one-group", "--subject", "fault:command-split")
    let goodJUnit = good + "/junit.xml"
    let splitJUnit = split + "/junit.xml"
    let regression = runStateGate("diff", goodJUnit, splitJUnit)
    #expect(regression.status == .contractFailures)
    #expect(
      regression.output.hasPrefix(
        "new failures: 1\n  undo-history/button-tap-one-group (group-boundary)\n"))
    let fixed = runStateGate("diff", splitJUnit, goodJUnit)
    #expect(fixed.status == .success)
    #expect(
      fixed.output.contains("fixed: 1\n  undo-history/button-tap-one-group (was group-boundary)\n"))
    let other = try recordRun(
      output, "--filter", "button-tap-one-group", "--subject", "fault:inverse-assigns-directly")
    let changed = runStateGate("diff", splitJUnit, other + "/junit.xml")
    #expect(changed.output.contains("class changed: group-boundary -> redo-availability"))
    #expect(runStateGate("diff", good).status == .usage)
  }
}
