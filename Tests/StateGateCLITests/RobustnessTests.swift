import Foundation
import Testing

@testable import StateGateCLI

/// Inputs found by a black-box review: each gets one clear line and the right status, never a
/// trap and never a green gate on missing or damaged evidence.
@MainActor
@Suite("Robustness")
struct RobustnessTests {
  @Test("A suite id that cannot name a directory falls back to the 'stategate' prefix")
  func unicodeSuiteID() throws {
    let path = try temporaryFile(
      named: "u.suite", "suite ünï family undo\ncase x\n  adjust 5 => value=5\n")
    let output = freshOutput()
    #expect(runStateGate("run", "--suite", path, "--output", output).status == .success)
    #expect(runDirectories(in: output).first?.hasPrefix("stategate-") == true)
  }

  @Test("CRLF suite files read like LF ones")
  func crlfSuites() throws {
    let path = try temporaryFile(
      named: "crlf.suite",
      "suite a family undo \"t\"\r\n\r\ncase x \"t\"\r\n  adjust 5 => value=5\r\n")
    #expect(runStateGate("run", "--suite", path).status == .success)
  }

  @Test("Errors stay on one line and carry no control characters")
  func oneLineErrors() throws {
    let bad = try temporaryFile(named: "bad-utf8.xml", "")
    try Data(
      [0x3C, 0x74, 0x65, 0x73, 0x74, 0x73, 0x75, 0x69, 0x74, 0x65, 0x3E, 0x80, 0x3C, 0x2F]
        + Array("testsuite>".utf8)
    )
    .write(to: URL(fileURLWithPath: bad))
    let result = runStateGate("triage", bad)
    #expect(result.status == .malformedInput)
    #expect(result.error.filter { $0 == "\n" }.count == 1)
    let suite = try temporaryFile(
      named: "ctl.suite", "suite s family undo\ncase x \"\u{1B}]0;PWNED\u{07}title\"\n  adjust 1\n")
    let run = runStateGate("run", "--suite", suite)
    #expect(run.status == .malformedInput, "a control character is not suite text")
    #expect(!run.output.contains("\u{1B}") && !run.error.contains("\u{1B}"))
    #expect(run.error.contains("ctl.suite:2:9: error: a control character (U+001B)"))
  }

  @Test("diff and triage refuse an empty folder instead of passing")
  func emptyInputs() throws {
    let output = freshOutput()
    _ = runStateGate("run", "--output", output, "--filter", "grouped-drag")
    let run = (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
    let empty = freshOutput()
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    #expect(runStateGate("diff", run, empty).status == .missingInput)
    #expect(runStateGate("triage", empty).status == .missingInput)
  }

  @Test("A damaged event log in a finished directory is not taken for a clean run")
  func damagedEventLog() throws {
    let output = freshOutput()
    _ = runStateGate(
      "run", "--output", output, "--subject", "fault:command-split", "--filter", "button-tap")
    let run = (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
    let events = run + "/events.jsonl"
    let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
    try Data((lines.prefix(2).joined(separator: "\n") + "\n").utf8).write(
      to: URL(fileURLWithPath: events))
    let result = runStateGate("triage", run)
    #expect(result.status == .malformedInput)
    #expect(result.error.contains("does not end with runFinished"))
  }

  @Test("A JUnit file that declares failures but lists none is not green: its counts are damage")
  func declaredFailures() throws {
    let path = try temporaryFile(
      named: "summary.xml", "<testsuite name=\"a\" tests=\"5\" failures=\"3\"/>")
    let result = runStateGate("triage", path)
    #expect(result.status == .malformedInput)
    #expect(
      result.output.contains("declares 3 failures and errors but lists 0; failures were lost"))
    #expect(result.error.contains("'\(path)':1: suite 'a' declares 5 test cases but lists 0"))
  }

  @Test("merge refuses an incomplete set of shards and an output inside an input")
  func mergeRefusals() throws {
    let shards = freshOutput()
    _ = runStateGate("run", "--output", shards, "--shard", "1/3")
    _ = runStateGate("run", "--output", shards, "--shard", "2/3")
    let directories = runDirectories(in: shards).map {
      (shards as NSString).appendingPathComponent($0)
    }
    let incomplete = CapturedIO()
    #expect(
      StateGate.main(
        arguments: ["merge", "--output", freshOutput()] + directories, io: incomplete.io())
        == .malformedInput)
    #expect(incomplete.error.contains("shard 3/3 is missing"))
    #expect(
      runStateGate("merge", "--output", directories[0] + "/inside", directories[0]).status
        == .malformedInput)
  }

  @Test("replay refuses a subject of the other family")
  func replayWrongFamily() throws {
    let output = freshOutput()
    _ = runStateGate(
      "run", "--output", output, "--subject", "fault:command-split", "--filter", "button-tap")
    let run = (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
    #expect(runStateGate("replay", run, "--subject", "favorites").status == .usage)
  }
}
