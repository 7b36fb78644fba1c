import Contracts
import Foundation
import ReferenceModels
import Testing

@testable import StateGateCLI

/// The gate never passes on broken evidence (issue 10): one test per numbered behaviour.
@MainActor
@Suite("Fail closed on damaged, partial or odd input")
struct FailClosedTests {
  private func sample(_ name: String) throws -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../TriageTests/Samples/\(name)").standardized.path
  }

  private func folder() throws -> String {
    let path = freshOutput()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  private func file(_ directory: String, _ name: String, _ bytes: [UInt8]) throws -> String {
    let path = (directory as NSString).appendingPathComponent(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func streamLines() throws -> [String] {
    try String(contentsOfFile: try sample("swift-testing-event-stream-v6.3.jsonl"), encoding: .utf8)
      .split(separator: "\n").map(String.init)
  }

  private func stream(_ lines: [String]) throws -> String {
    try file(try folder(), "events.jsonl", Array((lines.joined(separator: "\n") + "\n").utf8))
  }

  @Test("1. diff of a crashed Swift Testing run is not green: unfinished tests are outcomes")
  func diffOfCrashedRun() throws {
    let lines = try streamLines()
    let crashed = try stream(
      lines.filter { !$0.contains("\"testEnded\"") && !$0.contains("runEnded") })
    let result = runStateGate("diff", try sample("swift-testing-event-stream-v6.3.jsonl"), crashed)
    #expect(result.status == .contractFailures)
    #expect(result.output.contains("new failures: 1\n  SampleTests.SampleSwiftTesting/passes()"))
    #expect(result.output.contains("NEW incomplete"))
  }

  @Test("2. An empty events.jsonl and a stream written with ': ' separators are read, not skipped")
  func jsonLinesAreNotSkipped() throws {
    let directory = try folder()
    _ = try file(
      directory, "out.xml",
      Array(try Data(contentsOf: URL(fileURLWithPath: try sample("portable-surefire.xml")))))
    _ = try file(directory, "events.jsonl", [])
    let empty = runStateGate("triage", directory)
    #expect(empty.status == .malformedInput)
    #expect(empty.error.contains("events.jsonl': the file holds no event record"))
    let spaced = try streamLines().map { $0.replacingOccurrences(of: "\":", with: "\": ") }
    let spacedPath = try stream(spaced)
    let result = runStateGate("triage", (spacedPath as NSString).deletingLastPathComponent)
    #expect(result.output.contains("(swift-testing-events, complete)"))
    #expect(result.status == .contractFailures)
  }

  @Test("3. Issues without a test, after the test ended, and streams without test records count")
  func streamIssuesAreNeverDropped() throws {
    let lines = try streamLines()
    let issue = try #require(lines.first { $0.contains("issueRecorded") })
    let loose = issue.replacingOccurrences(
      of: ",\"testID\":\"SampleTests.SampleSwiftTesting\\/fails()\\/SwiftTestingCases.swift:8:6\"",
      with: "")
    let withoutTest = runStateGate(
      "triage", try stream(lines.map { $0 == issue ? loose : $0 }))
    #expect(
      withoutTest.output.contains("(run)/issue outside any test at SwiftTestingCases.swift:9"))
    #expect(withoutTest.status == .contractFailures)
    // The failing test's issue moved after its testEnded: still a failure.
    var late = lines.filter { $0 != issue }
    let ended = try #require(
      late.firstIndex { $0.contains("failed after 0.001 seconds with 1 issue") })
    late.insert(issue, at: ended + 1)
    let lateResult = runStateGate("triage", try stream(late))
    #expect(lateResult.output.contains("issue(s) recorded after the test ended"))
    #expect(lateResult.status == .contractFailures)
    let noRecords = runStateGate(
      "triage", try stream(lines.filter { !$0.hasPrefix("{\"kind\":\"test\"") }))
    #expect(noRecords.status == .malformedInput)
    #expect(noRecords.error.contains("never declared"))
    // runEnded says failed, but the issue is gone.
    let contradicted = runStateGate("triage", try stream(lines.filter { $0 != issue }))
    #expect(contradicted.status == .malformedInput)
    #expect(contradicted.error.contains("runEnded says the run failed"))
    // A torn last line keeps the crash information before it.
    var torn = lines.prefix(7).joined(separator: "\n") + "\n" + String(lines[7].prefix(40))
    let tornPath = try file(try folder(), "torn.jsonl", Array(torn.utf8))
    torn = ""
    let tornResult = runStateGate("triage", tornPath)
    #expect(tornResult.status == .malformedInput)
    #expect(tornResult.output.contains("UNFINISHED  SampleTests.SampleSwiftTesting/passes()"))
    #expect(tornResult.error.contains(":8: the last line is cut off"))
  }

  @Test(
    "4. A nested testcase, a failure outside test cases, a suite-level error, lost cases",
    arguments: [
      (
        "<testsuites><testsuite name='s'><testcase classname='c' name='a'><testcase classname='c' name='b'/><failure message='x'/></testcase></testsuite></testsuites>",
        StateGateCLI.ExitStatus.malformedInput, "a <testcase> inside the <testcase>"
      ),
      (
        "<testsuites><testsuite name='s'><testcase classname='c' name='a'/><failure message='lost'/></testsuite></testsuites>",
        .contractFailures, "s/(outside any test case)"
      ),
      (
        "<testsuite name='s'><error message='setup crashed'/><testcase classname='c' name='a'/></testsuite>",
        .contractFailures, "the suite itself failed"
      ),
      (
        "<testsuites><testsuite name='s' tests='5'><testcase classname='c' name='a'/></testsuite></testsuites>",
        .malformedInput, "declares 5 test cases but lists 1"
      ),
    ])
  func junitShapesThatLoseFailures(
    xml: String, status: StateGateCLI.ExitStatus, message: String
  ) throws {
    let result = runStateGate("triage", try file(try folder(), "r.xml", Array(xml.utf8)))
    #expect(result.status == status)
    #expect((result.output + result.error).contains(message))
  }

  @Test("5. A result directory without manifest.json, and one that planned cases it never ran")
  func resultDirectoryWithoutManifest() throws {
    let output = freshOutput()
    _ = runStateGate("run", "--output", output, "--filter", "grouped-drag")
    let run = (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
    let copy = freshOutput()
    try FileManager.default.copyItem(atPath: run, toPath: copy)
    try FileManager.default.removeItem(atPath: copy + "/manifest.json")
    let result = runStateGate("triage", copy)
    #expect(result.status == .malformedInput)
    #expect(result.error.contains("it has no manifest.json"))
    #expect(result.output.contains("(result-directory, unfinished)"))
    // Manifest and log both hold zero cases, although one was planned.
    let empty = freshOutput()
    try FileManager.default.copyItem(atPath: run, toPath: empty)
    let events = try String(contentsOfFile: empty + "/events.jsonl", encoding: .utf8)
      .split(separator: "\n")
    var finished = String(try #require(events.last))
    let seq = try #require(finished.range(of: "\"seq\":\\d+", options: .regularExpression))
    finished = finished.replacingCharacters(in: seq, with: "\"seq\":2")
      .replacingOccurrences(of: "\"passed\":1", with: "\"passed\":0")
    try Data((events[0] + "\n" + finished + "\n").utf8).write(
      to: URL(fileURLWithPath: empty + "/events.jsonl"))
    let manifest = try String(contentsOfFile: empty + "/manifest.json", encoding: .utf8)
      .replacingOccurrences(of: "\"passed\" : 1", with: "\"passed\" : 0")
    try Data(manifest.utf8).write(to: URL(fileURLWithPath: empty + "/manifest.json"))
    let planned = runStateGate("triage", empty)
    #expect(planned.status == .malformedInput)
    #expect(planned.error.contains("the run planned 1 cases but the manifest accounts for 0"))
  }

  @Test("6. The walk: no symlink loop, each file once, FIFOs and dangling links named, .XML read")
  func folderWalk() throws {
    let directory = try folder()
    let report = Array(
      try Data(contentsOf: URL(fileURLWithPath: try sample("portable-surefire.xml"))))
    _ = try file(directory, "a.xml", report)
    _ = try file(directory, "UPPER.XML", report)
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/loop1", withDestinationPath: ".")
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/loop2", withDestinationPath: ".")
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/gone.xml", withDestinationPath: "nowhere.xml")
    #expect(mkfifo(directory + "/pipe.xml", 0o644) == 0)
    let result = runStateGate("triage", directory, "--verbose")
    #expect(result.output.contains("totals: 2 inputs, 2 failures"))
    #expect(result.output.contains("pipe.xml: a FIFO, not a regular file"))
    #expect(result.output.contains("gone.xml: a symbolic link to something that does not exist"))
    #expect(result.output.contains("loop1: a folder already searched"))
    #expect(result.output.contains("UPPER.XML (junit, complete)"))
    let quiet = runStateGate("triage", directory)
    #expect(
      quiet.output.contains("skipped: 4 entries of the folders searched (--verbose lists them)"))
    let fifo = runStateGate("triage", directory + "/pipe.xml")
    #expect(fifo.status == .malformedInput)
    #expect(fifo.error.contains("a FIFO, not a regular file"))
  }

  @Test("7. Names and messages are data: no forged lines in text, no broken Markdown table")
  func outputInjection() throws {
    let xml = """
      <testsuites><testsuite name="s" tests="1" failures="1"><testcase classname="c" \
      name="a&#10;totals: 9 inputs, 0 failures|x`y"><failure message="m&#13;verdict: passed"/>\
      </testcase></testsuite></testsuites>
      """
    let path = try file(try folder(), "inject.xml", Array(xml.utf8))
    let text = runStateGate("triage", path)
    #expect(!text.output.split(separator: "\n").contains { $0.hasPrefix("totals: 9") })
    #expect(text.output.contains("FAIL  c/a\\ntotals: 9 inputs, 0 failures|x`y"))
    #expect(!text.output.split(separator: "\n").contains { $0.hasPrefix("verdict: passed") })
    let markdown = runStateGate("triage", path, "--format", "markdown").output
    let row = try #require(markdown.split(separator: "\n").first { $0.contains("totals: 9") })
    let cells = row.replacingOccurrences(of: "\\|", with: "").split(separator: "|")
    #expect(cells.count == 4)
    let json = runStateGate("triage", path, "--format", "json").output
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let inputs = try #require(object["inputs"] as? [[String: Any]])
    let failures = try #require(inputs.first?["failures"] as? [[String: Any]])
    #expect(failures.first?["name"] as? String == "a\ntotals: 9 inputs, 0 failures|x`y")
  }

  @Test("8. Totals stay exact past the listed failures, and say how many were not listed")
  func exactTotals() throws {
    let count = 10_050
    var xml = "<testsuites><testsuite name='s' tests='\(count)' failures='\(count)'>"
    for index in 0..<count {
      xml += "<testcase classname='c' name='t\(index)'><failure message='x'/></testcase>"
    }
    xml += "</testsuite></testsuites>"
    let result = runStateGate("triage", try file(try folder(), "many.xml", Array(xml.utf8)))
    #expect(result.status == .contractFailures)
    #expect(
      result.output.contains("totals: 1 inputs, 10050 failures (50 not listed); unclassified 10050")
    )
    #expect(result.output.contains("… 50 more failing cases not listed"))
  }

  @Test("9. One run read as a directory, its junit.xml, or twice, names its cases the same")
  func sameIdentityInEveryForm() throws {
    let output = freshOutput()
    _ = runStateGate(
      "run", "--output", output, "--subject", "fault:*", "--filter", "ten-callback-drag")
    let run = (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
    let diff = runStateGate("diff", run + "/junit.xml", run)
    #expect(diff.status == .success)
    #expect(diff.output.hasPrefix("new failures: 0\n"))
    let twice = runStateGate("triage", run, run + "/junit.xml")
    #expect(twice.output.contains("same run as '\(run)': counted once, there"))
    let single = runStateGate("triage", run)
    func total(_ text: String) -> Substring? {
      text.split(separator: "\n").first { $0.hasPrefix("totals:") }?.split(separator: ";").first
    }
    #expect(
      total(twice.output)?.hasSuffix(total(single.output)?.split(separator: ",").last ?? "") == true
    )
    // A swift test run's event stream and JUnit file in one folder count once.
    let directory = try folder()
    _ = try file(
      directory, "events.jsonl",
      Array(
        try Data(
          contentsOf: URL(fileURLWithPath: try sample("swift-testing-event-stream-v6.3.jsonl")))))
    _ = try file(
      directory, "out-swift-testing.xml",
      Array(try Data(contentsOf: URL(fileURLWithPath: try sample("swift-test-swift-testing.xml")))))
    let both = runStateGate("triage", directory)
    #expect(both.output.contains("totals: 2 inputs, 1 failures"))
  }

  @Test("10. The tag counts only where stategate writes it; guesses use only the failing assertion")
  func noConfidentlyWrongClasses() throws {
    let xml = """
      <testsuites><testsuite name="s">
      <testcase classname="c" name="log"><failure message="XCTAssertEqual failed: (&quot;3&quot;) is not equal to (&quot;4&quot;)">log line: stategate[rollback] step 1 'x': expected a=1, got 2</failure></testcase>
      <testcase classname="c" name="pytest"><failure message="AssertionError: assert 10 == 0">def test_position():
          assert history.canRedo
      &gt;   assert editor.position == 0
      E   AssertionError: assert 10 == 0

      test_editor.py:12: AssertionError</failure></testcase>
      <testcase classname="c" name="prose"><failure message="XCTAssertEqual failed: (&quot;1&quot;) is not equal to (&quot;2&quot;) - not a groupingLevel issue"/></testcase>
      <testcase classname="c" name="tagged"><failure message="failed - stategate[rollback] step 1 'x': expected a=1, got 2"/></testcase>
      </testsuite></testsuites>
      """
    let path = try file(try folder(), "classes.xml", Array(xml.utf8))
    let json = runStateGate("triage", path, "--format", "json").output
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let failures = try #require(
      (object["inputs"] as? [[String: Any]])?.first?["failures"] as? [[String: Any]])
    let classes = failures.map {
      "\($0["name"] ?? "") \($0["failureClass"] ?? "") \($0["isExact"] ?? "")"
    }
    #expect(
      classes == [
        "log unclassified 0", "pytest unclassified 0", "prose unclassified 0", "tagged rollback 1",
      ])
  }

  @Test("Source-aware: the assertion at file:line decides, when the source is at hand")
  func sourceAwareClassification() throws {
    let root = try folder()
    try FileManager.default.createDirectory(
      atPath: root + "/Tests/EditorTests", withIntermediateDirectories: true)
    let source = """
      import XCTest
      final class HistoryTests: XCTestCase {
        func testRedo() {
          XCTAssertTrue(history.canRedo, "not a groupingLevel issue")
          XCTAssertEqual(
            history.groupingLevel, 0)
          XCTAssertEqual(editor.position, 0)
        }
      }
      """
    _ = try file(root + "/Tests/EditorTests", "HistoryTests.swift", Array(source.utf8))
    let xml = """
      <testsuites><testsuite name="s">
      <testcase classname="c" name="redo"><failure message="/Users/ci/app/Tests/EditorTests/HistoryTests.swift:4 - XCTAssertTrue failed - not a groupingLevel issue"/></testcase>
      <testcase classname="c" name="level"><failure message="XCTAssertEqual failed: (&quot;1&quot;) is not equal to (&quot;0&quot;)">Tests/EditorTests/HistoryTests.swift:5</failure></testcase>
      <testcase classname="c" name="value"><failure message="XCTAssertEqual failed (HistoryTests.swift:7)"/></testcase>
      </testsuite></testsuites>
      """
    let path = try file(try folder(), "source.xml", Array(xml.utf8))
    let result = runStateGate("triage", path, "--source-root", root, "--format", "json").output
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any])
    let failures = try #require(
      (object["inputs"] as? [[String: Any]])?.first?["failures"] as? [[String: Any]])
    #expect(
      failures.map { $0["failureClass"] as? String } == [
        "redo-availability", "group-boundary", "unclassified",
      ])
    #expect(failures.allSatisfy { $0["isExact"] as? Bool == false })
    #expect(
      (failures[0]["reason"] as? String)?.contains("HistoryTests.swift:4 is about canRedo") == true)
    #expect(runStateGate("triage", path, "--source-root", "/nonexistent").status == .usage)
  }

  @Test("11. UTF-16 with a byte-order mark is read; a raw ESC in <system-out> costs only that text")
  func encodingsAndBadCharacters() throws {
    let xml = try String(contentsOfFile: try sample("portable-testsuites.xml"), encoding: .utf8)
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in xml.replacingOccurrences(of: "UTF-8", with: "UTF-16").utf16 {
      utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    let wide = runStateGate("triage", try file(try folder(), "wide.xml", utf16))
    #expect(wide.status == .contractFailures)
    #expect(wide.output.contains("3 cases: 1 passed, 1 failed, 1 errors"))
    let escaped = xml.replacingOccurrences(
      of: "<system-out>", with: "<system-out>\u{1B}[31mred\u{1B}[0m ")
    let ansi = runStateGate("triage", try file(try folder(), "ansi.xml", Array(escaped.utf8)))
    #expect(ansi.status == .contractFailures)
    #expect(ansi.output.contains("3 cases: 1 passed, 1 failed, 1 errors"))
    #expect(ansi.output.contains("note: 2 character(s) XML forbids in <system-out>"))
    let inName = xml.replacingOccurrences(of: "testCreateOrder", with: "test\u{1B}Create")
    let damaged = runStateGate("triage", try file(try folder(), "name.xml", Array(inName.utf8)))
    #expect(damaged.status == .malformedInput)
    #expect(damaged.output.contains("3 cases"))
  }

  @Test("12. Text lists the cases read before a truncation; 'first:' is the assertion, not a log")
  func truncationAndFirstLine() throws {
    var xml = "<testsuites><testsuite name='s' tests='60' failures='1'>\n"
    xml += "<testcase classname='c' name='early'><failure message='boom'/></testcase>\n"
    for index in 0..<59 {
      xml += "<testcase classname='c' name='t\(index)' time='0.001'/>\n"
    }
    let cut = String(xml.utf8.prefix(xml.utf8.count - 30)) ?? ""
    let result = runStateGate("triage", try file(try folder(), "cut.xml", Array(cut.utf8)))
    #expect(result.status == .malformedInput)
    #expect(result.output.contains("FAIL  c/early"))
    #expect(result.output.contains("error: ") && result.output.contains("truncated"))
    #expect(result.output.contains("totals: 1 inputs, 1 failures"))
    let log = """
      <testsuites><testsuite name="TestResults" tests="1" failures="1"><testcase classname="T" name="testA">\
      <failure message="Test Suite 'Selected tests' started at 2026-11-30&#10;/src/Tests/T.swift:9: error: T.testA : XCTAssertEqual failed: (&quot;4&quot;) is not equal to (&quot;5&quot;)&#10;Test Case 'T.testA' failed"/>\
      </testcase></testsuite></testsuites>
      """
    let logged = runStateGate("triage", try file(try folder(), "log.xml", Array(log.utf8)))
    #expect(
      logged.output.contains(
        "      first: XCTAssertEqual failed: (\"4\") is not equal to (\"5\")\n"))
  }

  @Test("A result directory whose junit.xml is cut short, missing or different is not green")
  func junitOfADirectoryIsChecked() throws {
    func passingRun() throws -> String {
      let output = freshOutput()
      let run = runStateGate("run", "--output", output, "--filter", "grouped-drag", "--print-path")
      try #require(run.status == .success, "\(run.error)")
      return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let intact = try passingRun()
    #expect(runStateGate("triage", intact).status == .success)
    let junit = (intact as NSString).appendingPathComponent("junit.xml")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: junit))

    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: junit))
    let cut = runStateGate("triage", intact)
    #expect(cut.status != .success)
    #expect(cut.output.contains("junit.xml") || cut.error.contains("junit.xml"))

    try FileManager.default.removeItem(atPath: junit)
    let missing = runStateGate("triage", intact)
    #expect(missing.status != .success)
    #expect((missing.output + missing.error).contains("it is missing; CI test reports read it"))

    let text = String(decoding: bytes, as: UTF8.self)
    let testCase = try #require(text.range(of: "<testcase "))
    let end = try #require(text[testCase.upperBound...].range(of: "/>"))
    try (text.replacingCharacters(in: end, with: "><failure message=\"x\"/></testcase>"))
      .write(toFile: junit, atomically: true, encoding: .utf8)
    let different = runStateGate("triage", intact)
    #expect(different.status != .success)
    #expect((different.output + different.error).contains("but the manifest counts"))
  }

  @Test("Nothing tested is not green: a run whose cases were all skipped, and its directory")
  func allSkippedIsNotGreen() throws {
    let output = freshOutput()
    let run = runStateGate(
      "run", "--output", output, "--filter", "drag-back-one-group", "--print-path")
    #expect(run.status == .nothingMatched)
    #expect(run.error.contains("error: nothing was tested: every one of the 1 planned cases"))
    let directory = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    let triage = runStateGate("triage", directory)
    #expect(triage.status == .contractFailures)
    #expect(triage.output.contains("no case ran (1 skipped): nothing was tested"))
  }

  @Test(
    "A shard with no case leaves its directory, so a fixed matrix merges; alone it is not green")
  func emptyShardMerges() throws {
    let output = freshOutput()
    var statuses: [StateGateCLI.ExitStatus] = []
    var errors = ""
    for shard in ["1/3", "2/3", "3/3"] {
      let run = runStateGate(
        "run", "--output", output, "--filter", "*/grouped-drag", "--filter",
        "*/ten-callback-drag", "--shard", shard)
      statuses.append(run.status)
      errors += run.error
    }
    #expect(statuses == [.success, .success, .success])
    #expect(errors.contains("shard 3/3 holds no case (the plan has 2 for 3 shards)"))
    let shards = try FileManager.default.contentsOfDirectory(atPath: output).sorted().map {
      "\(output)/\($0)"
    }
    #expect(shards.count == 3)
    let merged = freshOutput()
    let capture = CapturedIO()
    let merge = StateGate.main(
      arguments: ["merge"] + shards + ["--output", merged], io: capture.io())
    #expect(merge == .success, "\(capture.error)")
    let mergedTriage = runStateGate("triage", merged)
    #expect(mergedTriage.status == .success)
    #expect(mergedTriage.output.contains("2 cases: 2 passed"))
    for shard in shards {
      let triage = runStateGate("triage", shard)
      let isEmpty = triage.output.contains("0 cases:")
      #expect(triage.status == (isEmpty ? .contractFailures : .success), "\(shard)")
    }
    // One shard of one is the whole plan: nothing tested is an error, as without --shard.
    let whole = runStateGate(
      "run", "--output", freshOutput(), "--filter", "drag-back-one-group", "--shard", "1/1")
    #expect(whole.status == .nothingMatched)
  }

  @Test("diff fails when NEW did not run cases OLD ran, names them, and passes them when removed")
  func diffNamesCasesNewDidNotRun() throws {
    func run(_ filters: [String]) -> String {
      let output = freshOutput()
      var arguments = ["run", "--output", output, "--print-path", "--suite", "undo-history"]
      for filter in filters { arguments += ["--filter", filter] }
      let capture = CapturedIO()
      _ = StateGate.main(arguments: arguments, io: capture.io())
      return capture.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let whole = run([])
    let one = run(["grouped-drag"])
    let diff = runStateGate("diff", whole, one)
    #expect(diff.status == .contractFailures, "coverage that vanished must fail the comparison")
    #expect(diff.output.contains("ran in OLD, not run in NEW (coverage lost): "))
    #expect(diff.output.contains("  undo-history/async-result-own-group@editor\n"))
    let declared = ContractSubject.undoHistory(ReferenceEditor()).capabilities
    let undoCases = try #require(try BuiltInSuites.load().first { $0.id == "undo-history" })
      .cases.filter { Set($0.requirements).isSubset(of: declared) }.count
    #expect(diff.output.contains("ran in OLD, not run in NEW (coverage lost): \(undoCases - 1)\n"))
    #expect(diff.output.contains("  … and \(undoCases - 1 - 20) more\n"))
    #expect(diff.output.contains("; NEW did not run \(undoCases - 1) case(s) OLD ran: "))
    #expect(diff.output.contains(" and \(undoCases - 1 - 5) more (skipped, filtered out"))
    let removed = runStateGate("diff", whole, one, "--removed", "undo-history/*")
    #expect(removed.status == .success, "cases removed on purpose do not fail it")
    #expect(removed.output.contains("removed on purpose (--removed): \(undoCases - 1)\n"))
    let reverse = runStateGate("diff", one, whole)
    #expect(reverse.status == .success)
    #expect(!reverse.output.contains("not in NEW"))
  }
}
