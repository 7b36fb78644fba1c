import Contracts
import Foundation
import ResultFiles
import StateGateXCTest
import Testing
import UndoKit

@testable import Triage

/// The path of a real sample copied into the test bundle.
func sample(_ name: String) throws -> String {
  let url = try #require(
    Bundle.module.url(
      forResource: (name as NSString).deletingPathExtension,
      withExtension: (name as NSString).pathExtension, subdirectory: "Samples"))
  return url.path
}

/// Writes `bytes` to a new file and returns its path.
func hostileFile(_ name: String, _ bytes: [UInt8]) throws -> String {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("stategate-triage-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let url = directory.appendingPathComponent(name)
  try Data(bytes).write(to: url)
  return url.path
}

func triage(_ path: String) -> TriagedInput {
  ArchiveTriage.triage(paths: [path], collectOutcomes: true)[0]
}

/// Foreign JUnit and event streams: what each real sample holds, classified.
@Suite("Triage of foreign reports")
struct TriageTests {
  @Test(
    "Each real sample: counts, failing names and classes",
    arguments: [
      ("swift-test-xctest.xml", 3, 1, 2, 0, ["testFailsTrue", "testFailsEqual"]),
      ("swift-test-swift-testing.xml", 2, 1, 1, 0, ["fails()"]),
      (
        "pytest-default.xml", 7, 2, 2, 1,
        ["test_fails_equal", "test_raises_error", "test_fixture_error"]
      ),
      ("pytest-reruns.xml", 3, 2, 1, 0, ["test_always_fails"]),
      ("portable-testsuites.xml", 3, 1, 1, 1, ["testTotals", "testBackendReachable"]),
      ("portable-surefire.xml", 3, 2, 1, 0, ["testTotals"]),
      ("swift-testing-event-stream-v6.3.jsonl", 2, 1, 1, 0, ["fails()"]),
    ])
  func samples(
    file: String, total: Int, passed: Int, failed: Int, errors: Int, names: [String]
  ) throws {
    let input = triage(try sample(file))
    #expect(input.status == .complete)
    #expect(input.counts.total == total)
    #expect(input.counts.passed == passed)
    #expect(input.counts.failed == failed)
    #expect(input.counts.errors == errors)
    #expect(input.failures.map(\.name) == names)
    #expect(input.failures.allSatisfy { $0.failureClass == .unclassified && !$0.isExact })
  }

  @Test(
    "The shapes xcpretty, xcbeautify, trainer and xcresultparser write are read",
    arguments: [
      (
        "xcpretty",
        """
        <?xml version='1.0' encoding='UTF-8'?>
        <testsuites name="EditorTests" tests="3" failures="1">
          <testsuite name="EditorTests.HistoryTests" tests="3" failures="1">
            <testcase classname="EditorTests.HistoryTests" name="testA" time="0.001"/>
            <testcase classname="EditorTests.HistoryTests" name="testRedo">
              <failure message="XCTAssertTrue failed - history.canRedo">Tests/HistoryTests.swift:42</failure>
            </testcase>
            <testcase classname="EditorTests.HistoryTests" name="testPending"><skipped/></testcase>
          </testsuite>
        </testsuites>
        """, FailureClass.redoAvailability
      ),
      (
        "xcbeautify",
        """
        <testsuites name="All tests" tests="2" failures="1">
          <testsuite name="EditorTests.HistoryTests" tests="2" failures="1">
            <testcase classname="EditorTests.HistoryTests" name="testLevel">
              <failure message="/Users/ci/HistoryTests.swift:13 - XCTAssertEqual failed: (&quot;1&quot;) is not equal to (&quot;0&quot;) - history.groupingLevel" />
            </testcase>
            <testcase classname="EditorTests.HistoryTests" name="testB" time="0.000" />
          </testsuite>
        </testsuites>
        """, .groupBoundary
      ),
      (
        "trainer",
        """
        <testsuites tests="2" failures="1" skipped="0" time="0.5">
          <testsuite name="EditorTests" tests="2" failures="1" time="0.5">
            <properties><property name="device" value="iPhone 16"/></properties>
            <testcase classname="HistoryTests" name="testPosition()" time="0.1">
              <failure message="XCTAssertEqual failed: (&quot;10&quot;) is not equal to (&quot;0&quot;) (HistoryTests.swift:20)"></failure>
            </testcase>
            <testcase classname="HistoryTests" name="testOther()" time="0.4"/>
          </testsuite>
        </testsuites>
        """, .unclassified
      ),
      (
        "xcresultparser",
        """
        <testsuites tests="2" failures="1" errors="0" time="11.643">
          <testsuite name="Editor-UnitTests.xctest" tests="2" failures="1" errors="0" time="0.02">
            <testcase name="testArray()" time="0.001" classname="HistoryTests"/>
            <testcase name="testSync()" time="0" classname="FavoritesTests">
              <failure message="Assertion Failure in Editor: FavoritesTests.testSync()" type="Assertion Failure">XCTAssertTrue failed - state.needsSync (Tests/FavoritesTests.swift:42)</failure>
            </testcase>
          </testsuite>
        </testsuites>
        """, .unknownOutcome
      ),
    ])
  func appleWorldShapes(emitter: String, xml: String, expected: FailureClass) throws {
    let input = triage(try hostileFile("\(emitter).xml", Array(xml.utf8)))
    #expect(input.status == .complete)
    #expect(input.counts.failed == 1)
    #expect(input.failures.first?.failureClass == expected)
    #expect(input.failures.first?.isExact == false)
  }

  @Test("Sample quirks: XCTest's bare 'failure', pytest reruns, Surefire flaky, pytest skips")
  func quirks() throws {
    let xctest = triage(try sample("swift-test-xctest.xml"))
    #expect(xctest.failures.first?.reason.contains("no assertion text") == true)
    let reruns = triage(try sample("pytest-reruns.xml"))
    #expect(reruns.counts.flaky == 1)
    #expect(reruns.failures.first?.reason.hasSuffix("(3 attempts; the last one failed)") == true)
    #expect(triage(try sample("portable-surefire.xml")).counts.flaky == 1)
    #expect(triage(try sample("pytest-default.xml")).counts.skipped == 2)
    let events = triage(try sample("swift-testing-event-stream-v6.3.jsonl"))
    #expect(events.kind == .swiftTestingEvents)
    #expect(events.failures.first?.firstStep == "Expectation failed: (add(1, 1) → 2) == 3")
  }

  @Test(
    "Heuristics name a class only when the assertion points at one",
    arguments: [
      ("XCTAssertTrue failed - history.canRedo", FailureClass.redoAvailability),
      (
        "XCTAssertEqual failed: (\"1\") is not equal to (\"0\") - history.groupingLevel",
        .groupBoundary
      ),
      ("Expectation failed: (history.undoCount → 2) == 1", .groupBoundary),
      ("Expectation failed: (state.needsSync → false)", .unknownOutcome),
      ("Expectation failed: (editor.position → 10) == 0", .unclassified),
      ("canRedo and groupingLevel both wrong", .unclassified),
      ("Expectation failed: (row.isSaving → true) == false", .unclassified),
    ])
  func heuristics(message: String, expected: FailureClass) {
    let verdict = ForeignFailureClassifier.classify(type: nil, message: message, text: nil)
    #expect(verdict.failureClass == expected)
    #expect(!verdict.isExact)
  }

  @Test("A failure text longer than the reader keeps is classified by its last failing line")
  func longFailureText() throws {
    // A log of about 75 kB whose lines mention undoCount as prose, then XCTest's failure line:
    // reading only the first 64 kB once took a log line for the assertion (group-boundary).
    let log = (1...1_500).map { "step \($0): drag → position \($0 * 7), undoCount &lt; \($0 % 9)" }
    let body =
      log.joined(separator: "\n")
      + "\nTests/EditorTests.swift:42: error: EditorTests.testUndo : XCTAssertTrue failed - "
      + "history.canRedo"
    let xml = """
      <testsuites><testsuite name="t" tests="1" failures="1"><testcase classname="EditorTests" \
      name="testUndo"><failure message="failure">\(body)</failure></testcase></testsuite></testsuites>
      """
    let input = triage(try hostileFile("long.xml", Array(xml.utf8)))
    let failure = try #require(input.failures.first)
    #expect(failure.failureClass == .redoAvailability)
    #expect(failure.reason.contains("a long failure text"))
    #expect(failure.firstStep == "XCTAssertTrue failed - history.canRedo")
  }

  @Test("Forbidden characters are counted exactly at every byte offset and across read chunks")
  func forbiddenCharactersEverywhere() throws {
    // 3,000 escapes inside <system-out> at every offset modulo 8 (the filter reads words of
    // eight bytes) over about 200 kB (several 64 kB reads), then one in a name, outside it.
    var xml = "<testsuites><testsuite name=\"s\" tests=\"3001\">\n"
    for index in 0..<3_000 {
      let padding = String(repeating: "x", count: index % 17)
      xml += "<testcase classname=\"c\" name=\"t\(index)\"><system-out>\(padding)\u{1B}[0m"
      xml += "</system-out></testcase>\n"
    }
    xml += "<testcase classname=\"c\" name=\"bad\u{1B}name\"/>\n</testsuite></testsuites>\n"
    let input = triage(try hostileFile("escapes.xml", Array(xml.utf8)))
    #expect(input.counts.total == 3_001)
    #expect(input.notes.contains { $0.hasPrefix("3000 character(s) XML forbids in <system-out>") })
    #expect(input.problems.count == 1)
    #expect(input.problems.first?.contains(":3002: 1 character(s) XML forbids") == true)
  }

  @Test("A file of thousands of damaged suites lists 100 problems and counts the rest")
  func manyProblemsAreBounded() throws {
    var xml = "<testsuites>\n"
    for index in 0..<3_000 {
      xml += "<testsuite name=\"S\(index)\" tests=\"2\"><testcase classname=\"c\" name=\"t\"/>"
      xml += "</testsuite>\n"
    }
    xml += "</testsuites>\n"
    let input = triage(try hostileFile("damaged.xml", Array(xml.utf8)))
    #expect(input.counts.total == 3_000)
    #expect(input.problems.count == JUnitReader.problemLimit + 1)
    #expect(
      input.problems.first?.contains(":2: suite 'S0' declares 2 test cases but lists 1") == true)
    #expect(input.problems[99].contains(":101: suite 'S99' declares 2") == true)
    #expect(
      input.problems.last?.hasSuffix(
        "2900 more problems were found and are not listed (the first 100 are)") == true)
    #expect(TriageVerdict.of(input) == .malformed)
  }

  @Test("Problems past line 65,535 name a line at or after the element, never 65,535")
  func problemLinesAreExact() throws {
    var xml = "<testsuites>\n<testsuite name=\"s\">\n"
    for index in 0..<70_000 {
      xml += "<testcase classname=\"c\" name=\"t\(index)\"/>\n"
    }
    xml += "<testcase name=\"outer\">\n<testcase name=\"inner\"/>\n</testcase>\n"
    xml += "</testsuite>\n</testsuites>\n"
    let input = triage(try hostileFile("lines.xml", Array(xml.utf8)))
    let problem = try #require(input.problems.first)
    #expect(input.problems.count == 1)
    #expect(problem.contains(": a <testcase> inside the <testcase> of line 700"), "\(problem)")
    let line = problem.split(separator: ":").dropFirst().first.flatMap { Int($0) } ?? 0
    #expect(line >= 70_004 && line < 70_200, "\(problem)")
  }

  @Test("Damage lists the first distinct problems, then one line that counts the others")
  func damageIsBounded() throws {
    var input = TriagedInput(path: "p", kind: .junit, status: .complete)
    for index in 0..<450 {
      input.damage("problem \(index % 400)")
    }
    #expect(input.problems.count == TriagedInput.problemLimit + 1)
    #expect(input.problems[199] == "problem 199")
    #expect(input.problems.last == "200 more problem(s) not listed (the first 200 are)")
    let json = String(decoding: try JSONEncoder().encode(input), as: UTF8.self)
    #expect(!json.contains("problemsNotListed"))
    #expect(
      try JSONDecoder().decode(TriagedInput.self, from: Data(json.utf8)).problems.count == 201)
  }

  @MainActor
  @Test("Tags written by the assertion helpers are read back exactly")
  func tagsAreExact() throws {
    let manager = UndoManager()
    manager.groupsByEvent = false
    let checks = ContractCheck.history(
      manager, step: 3, action: "undo", canRedo: true, groupingLevel: 1)
    #expect(
      checks.map(\.message) == [
        "stategate[redo-availability] step 3 'undo': expected canRedo=yes, got no",
        "stategate[group-boundary] step 3 'undo': expected groupingLevel=1, got 0",
      ])
    let xml = """
      <testsuites><testsuite name="t"><testcase classname="EditorTests" name="testUndo">
      <failure message="\(checks[0].message)">EditorTests.swift:12</failure>
      </testcase></testsuite></testsuites>
      """
    let input = triage(try hostileFile("tagged.xml", Array(xml.utf8)))
    #expect(input.failures.first?.failureClass == .redoAvailability)
    #expect(input.failures.first?.isExact == true)
    withKnownIssue {
      expectHistory(manager, step: 3, action: "undo", canRedo: true)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("stategate[redo-availability]") }
    }
  }

  @Test(
    "Hostile input gives a per-file error with path and line, and never leaks or hangs",
    arguments: HostileInput.allCases)
  func hostile(input: HostileInput) throws {
    let path = try hostileFile(input.fileName, input.bytes())
    let result = triage(path)
    #expect(result.status == .unreadable)
    #expect(!result.isMissing)
    let problem = try #require(result.problem)
    #expect(problem.hasPrefix("'\(path)'"))
    #expect(input.expectedProblems.contains { problem.contains($0) }, "\(problem)")
    #expect(result.failures.isEmpty && result.counts.total == 0)
  }

  @Test("One unreadable or missing input does not stop the others")
  func othersStillTriaged() throws {
    let good = try sample("swift-test-swift-testing.xml")
    let bad = try hostileFile("bad.xml", Array("not xml".utf8))
    let inputs = ArchiveTriage.triage(paths: [good, bad, "/nonexistent/report.xml"])
    #expect(inputs.map(\.status) == [.unreadable, .complete, .unreadable])
    #expect(inputs[0].isMissing)
    #expect(inputs[1].counts.failed == 1)
    let report = TriageReport(inputs: inputs)
    #expect(report.hasMissingInput && report.hasUnreadableInput)
  }

  @Test("A Swift Testing stream without runEnded is a crashed run with an unfinished test")
  func truncatedEventStream() throws {
    let text = try String(
      contentsOfFile: try sample("swift-testing-event-stream-v6.3.jsonl"), encoding: .utf8)
    let lines = text.split(separator: "\n")
    let cut = lines.prefix { !$0.contains("\"kind\":\"issueRecorded\"") }.joined(separator: "\n")
    let input = triage(try hostileFile("crashed.jsonl", Array(cut.utf8)))
    #expect(input.status == .crashed)
    #expect(input.failures.map(\.outcome) == [.unfinished])
    #expect(input.failures.first?.name == "fails()")
    #expect(input.failures.first?.displayName == "A failing expectation")
  }

  @Test("Folders are searched recursively and flaky cases found across runs of one commit")
  func foldersAndFlaky() throws {
    let folder = try sample("pytest-default.xml")
    let found = InputFinder.find([(folder as NSString).deletingLastPathComponent]).found
    #expect(found.count == 14)
    var first = triage(try sample("swift-test-swift-testing.xml"))
    var second = first
    first.commit = "abc"
    second.commit = "abc"
    second.outcomes["SampleTests.SampleSwiftTesting/fails()"] = .passed
    let report = TriageReport(inputs: [first, second])
    #expect(report.flaky.map(\.identity) == ["SampleTests.SampleSwiftTesting/fails()"])
    let diff = ResultDiff(old: [second], new: [first])
    #expect(diff.flaky.map(\.identity) == ["SampleTests.SampleSwiftTesting/fails()"])
    #expect(diff.newFailures.isEmpty)
  }
}

/// Inputs designed to break parsers, with the problem each must produce.
enum HostileInput: String, CaseIterable, CustomTestStringConvertible {
  case externalEntity, parameterEntity, billionLaughs, quadraticBlowup, deepNesting, hugeText, gzip,
    truncated, notXML, wrongRoot, empty

  var testDescription: String { rawValue }
  var fileName: String { "\(rawValue).xml" }

  /// Any of these in the problem is right (libxml2 may stop at the entity before the DTD).
  var expectedProblems: [String] {
    switch self {
    case .externalEntity, .parameterEntity, .billionLaughs, .quadraticBlowup:
      ["(DTDs) are not accepted", "external entity", "entity reference loop"]
    case .deepNesting: ["depth"]
    case .hugeText: ["huge text node"]
    case .gzip: ["gzip-compressed data"]
    case .truncated: ["truncated"]
    case .notXML: ["not XML"]
    case .wrongRoot: ["not a JUnit report"]
    case .empty: ["the file is empty"]
    }
  }

  func bytes() -> [UInt8] {
    let suiteOpen = "<testsuites><testsuite name=\"s\"><testcase classname=\"c\" name=\"n\">"
    let suiteClose = "</testcase></testsuite></testsuites>"
    switch self {
    case .externalEntity:
      return Array(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE t [<!ENTITY x SYSTEM \"file:///etc/hostname\">]>\n\(suiteOpen)<failure message=\"&x;\"/>\(suiteClose)"
          .utf8)
    case .parameterEntity:
      return Array(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE t [<!ENTITY % ext SYSTEM \"file:///etc/passwd\"> %ext;]>\n\(suiteOpen)\(suiteClose)"
          .utf8)
    case .billionLaughs:
      var entities = "<!ENTITY lol0 \"lol\">"
      for level in 1...9 {
        entities +=
          "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
      }
      return Array(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE t [\(entities)]>\n\(suiteOpen)<failure>&lol9;</failure>\(suiteClose)"
          .utf8)
    case .quadraticBlowup:
      let big = String(repeating: "a", count: 20_000)
      let references = String(repeating: "&big;", count: 10_000)
      return Array(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE t [<!ENTITY big \"\(big)\">]>\n\(suiteOpen)<failure>\(references)</failure>\(suiteClose)"
          .utf8)
    case .deepNesting:
      return Array(
        ("<testsuites>" + String(repeating: "<testsuite name=\"s\">\n", count: 300)
          + String(repeating: "</testsuite>", count: 300) + "</testsuites>").utf8)
    case .hugeText:
      return Array((suiteOpen + "<failure>").utf8) + [UInt8](repeating: 0x61, count: 20_000_000)
        + Array(("</failure>" + suiteClose).utf8)
    case .gzip:
      return [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03] + Array(suiteOpen.utf8)
    case .truncated:
      return Array(
        "<?xml version=\"1.0\"?>\n<testsuites>\n<testsuite name=\"s\">\n<testcase name=\"a\">".utf8)
    case .notXML:
      return Array("{\"tests\": 3, \"failures\": 1}\n".utf8)
    case .wrongRoot:
      return Array("<html><body>CI report</body></html>".utf8)
    case .empty:
      return []
    }
  }
}
