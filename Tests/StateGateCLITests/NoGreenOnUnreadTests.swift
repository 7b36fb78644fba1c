import Foundation
import ResultSchema
import Testing

@testable import StateGateCLI

/// The fail-closed rule of issue 20, one test per numbered case: no green on what was not read.
///
/// `triage`, `history`, `diff` and `report` judge their inputs by one rule (``TriageVerdict/of(_:unread:)``): an input skipped, unreadable,
/// unfinished, of an unknown schema version or contradicting itself is never green.
@MainActor
@Suite("No green on what was not read")
struct NoGreenOnUnreadTests {
  private func sample(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../TriageTests/Samples/\(name)").standardized.path
  }

  private func folder() throws -> String {
    let path = freshOutput()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  private func write(_ path: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// A JUnit file of one passing case.
  private static let passingJUnit =
    "<testsuites><testsuite name='s' tests='1'><testcase classname='c' name='a'/></testsuite>"
    + "</testsuites>"

  /// A finished, passing result directory inside a new output folder.
  private func passingRun(_ filter: String = "grouped-drag") throws -> (
    output: String, run: String
  ) {
    let output = freshOutput()
    let run = runStateGate("run", "--output", output, "--filter", filter, "--print-path")
    try #require(run.status == .success, "\(run.error)")
    return (output, run.output.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// A failing result directory inside a new output folder: one case failing on three subjects.
  private func failingRun() throws -> String {
    let output = freshOutput()
    let run = runStateGate(
      "run", "--output", output, "--subject", "fault:drag-callback-groups", "--subject",
      "fault:inverse-assigns-directly", "--subject", "fault:ui-stale-after-undo", "--filter",
      "grouped-drag", "--print-path")
    try #require(run.status == .contractFailures, "\(run.error)")
    return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test("1. history of an empty folder is missing input (66), as triage says")
  func historyOfEmptyFolder() throws {
    let empty = try folder()
    #expect(runStateGate("triage", empty).status == .missingInput)
    let history = runStateGate("history", empty)
    #expect(history.status == .missingInput)
    #expect(history.error.contains("no results found (no result directories)"))
    let json = runStateGate("history", empty, "--format", "json")
    #expect(json.status == .missingInput)
    #expect(json.output.contains("\"verdict\" : \"missing\""))
    // A folder of JUnit files holds no run for history either.
    try write(PathText.join(empty, "r.xml"), Self.passingJUnit)
    #expect(runStateGate("triage", empty).status == .success)
    #expect(runStateGate("history", empty).status == .missingInput)
  }

  @Test("2. diff judges a stream whose failing test never ended as triage does: not green")
  func diffOfStreamWithUnendedFailingTest() throws {
    let old = sample("swift-testing-event-stream-v6.3.jsonl")
    let lines = try String(contentsOfFile: old, encoding: .utf8).split(separator: "\n")
    let ended = lines.filter { $0.contains("failed after 0.001 seconds with 1 issue") }
    try #require(ended.count == 1)
    let new = PathText.join(try folder(), "events.jsonl")
    try write(new, lines.filter { $0 != ended[0] }.joined(separator: "\n") + "\n")
    #expect(lines.contains { $0.contains("\"runEnded\"") })
    let triage = runStateGate("triage", new)
    #expect(triage.status == .contractFailures)
    #expect(triage.output.contains("(swift-testing-events, unfinished)"))
    #expect(triage.output.contains("verdict: incomplete"))
    let diff = runStateGate("diff", old, new)
    #expect(diff.status == .contractFailures)
    #expect(diff.output.contains("; NEW incomplete: the run did not finish in '\(new)'"))
  }

  /// Makes an entry named `name` in `directory` that cannot be read as a report.
  private static func makeOdd(_ kind: String, in directory: String) -> String {
    switch kind {
    case "fifo":
      let path = PathText.join(directory, "pipe.xml")
      _ = mkfifo(path, 0o644)
      return path
    case "dangling":
      let path = PathText.join(directory, "gone.jsonl")
      _ = symlink("nowhere.jsonl", path)
      return path
    default:
      let path = PathText.join(directory, "null.xml")
      _ = symlink("/dev/null", path)
      return path
    }
  }

  @Test(
    "3. A FIFO, a dangling link or a device named as a report makes a folder incomplete",
    arguments: ["fifo", "dangling", "device"])
  func oddEntriesMakeFoldersIncomplete(kind: String) throws {
    // triage: beside a passing report.
    let directory = try folder()
    try write(PathText.join(directory, "ok.xml"), Self.passingJUnit)
    #expect(runStateGate("triage", directory).status == .success)
    let odd = Self.makeOdd(kind, in: directory)
    let triage = runStateGate("triage", directory)
    #expect(triage.status == .contractFailures)
    #expect(triage.output.contains("not read: \(odd): "))
    #expect(triage.output.contains("verdict: incomplete: 1 folder entry was not read: '\(odd)'"))
    #expect(triage.error.contains("error: '\(odd)' was not read: "))
    let json = runStateGate("triage", directory, "--format", "json").output
    #expect(json.contains("\"verdict\" : \"incomplete\""))
    #expect(json.contains("\"isUnread\" : true"))
    let markdown = runStateGate("triage", directory, "--format", "markdown").output
    #expect(markdown.contains("Not read (the verdict is incomplete at least):\n- `\(odd)`: "))
    // Alone in a folder, it is not an empty folder: still incomplete, still named.
    let alone = try folder()
    let lonely = Self.makeOdd(kind, in: alone)
    let aloneResult = runStateGate("triage", alone)
    #expect(aloneResult.status == .contractFailures)
    #expect(aloneResult.error.contains("'\(lonely)' was not read"))
    // diff: the side holding it is incomplete.
    let clean = try folder()
    try write(PathText.join(clean, "ok.xml"), Self.passingJUnit)
    let diff = runStateGate("diff", clean, directory)
    #expect(diff.status == .contractFailures)
    #expect(diff.output.contains("; NEW incomplete: 1 folder entry was not read: '\(odd)'"))
    // history: beside a passing result directory.
    let (output, _) = try passingRun()
    #expect(runStateGate("history", output).status == .success)
    let inHistory = Self.makeOdd(kind, in: output)
    let history = runStateGate("history", output)
    #expect(history.status == .contractFailures)
    #expect(history.output.contains("not read: \(inHistory): "))
    #expect(history.error.contains("'\(inHistory)' was not read"))
  }

  @Test(
    "4. A manifest of a schema version the reader does not know is refused, never green",
    arguments: [0, -1, 2])
  func unknownSchemaVersion(version: Int) throws {
    let (_, run) = try passingRun()
    #expect(runStateGate("triage", run).status == .success)
    let manifestPath = PathText.join(run, "manifest.json")
    let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
    let field = try #require(
      manifest.range(of: "\"schemaVersion\" *: *1", options: .regularExpression))
    try write(
      manifestPath, manifest.replacingCharacters(in: field, with: "\"schemaVersion\" : \(version)"))
    let triage = runStateGate("triage", run)
    #expect(triage.status == .malformedInput)
    #expect(triage.error.contains("schemaVersion \(version) is "))
    #expect(runStateGate("history", PathText.parent(run)).status == .malformedInput)
    #expect(runStateGate("diff", run, run).status == .malformedInput)
    #expect(
      runStateGate("report", run, "-o", PathText.join(try folder(), "r.html")).status
        == .malformedInput)
  }

  /// A JUnit file as stategate writes it (its `tool` and `runId` properties), holding `cases`.
  private static func ownJUnit(_ cases: String, tests: Int, failures: Int) -> String {
    """
    <testsuites><testsuite name="undo-history" tests="\(tests)" failures="\(failures)" \
    package="editor"><properties><property name="subject" value="editor"/>\
    <property name="runId" value="9f0c1d2e-0000-4000-8000-000000000000"/>\
    <property name="tool" value="stategate 0.3.0"/></properties>
    \(cases)
    </testsuite></testsuites>
    """
  }

  nonisolated private static let ownFailure =
    "<failure type=\"group-boundary\" message=\"step 4 'drag ended': expected undos=1, got 2\"/>"

  @Test(
    "5a. In stategate's own JUnit a repeated or nameless case contradicts the file, not flaky",
    arguments: [
      """
      <testcase classname="undo-history" name="grouped-drag [editor]">\(ownFailure)</testcase>
      <testcase classname="undo-history" name="grouped-drag [editor]"/>
      """,
      """
      <testcase classname="undo-history" name="">\(ownFailure)</testcase>
      <testcase classname="undo-history" name=""/>
      """,
    ])
  func ownJUnitHasNoReruns(cases: String) throws {
    let path = PathText.join(try folder(), "junit.xml")
    try write(path, Self.ownJUnit(cases, tests: 2, failures: 1))
    let result = runStateGate("triage", path)
    #expect(result.status == .malformedInput)
    #expect(result.error.contains("listed twice") || result.error.contains("without a name"))
    #expect(!result.output.contains("flaky"))
    // A foreign file's rerun is still a rerun: the last attempt decides, a pass is flaky.
    let foreign = PathText.join(try folder(), "foreign.xml")
    try write(
      foreign,
      "<testsuite name='s'><testcase classname='c' name='a'><failure/></testcase>"
        + "<testcase classname='c' name='a'/></testsuite>")
    let rerun = runStateGate("triage", foreign)
    #expect(rerun.status == .success)
    #expect(rerun.output.contains("1 flaky"))
  }

  @Test("5b. A failure type that is not the class the run recorded, or no class, is not exact")
  func tamperedFailureType() throws {
    let run = try failingRun()
    let junit = PathText.join(run, "junit.xml")
    let original = try String(contentsOfFile: junit, encoding: .utf8)
    let type = try #require(original.range(of: "type=\"group-boundary\""))
    #expect(runStateGate("triage", junit).status == .contractFailures)
    for forged in ["rollback", "no-such-class"] {
      try write(junit, original.replacingCharacters(in: type, with: "type=\"\(forged)\""))
      let file = runStateGate("triage", junit)
      #expect(file.status == .malformedInput, "\(forged)")
      #expect(file.error.contains("events.jsonl records class 'group-boundary'"), "\(forged)")
      #expect(!file.output.contains("class \(forged): classified by stategate"))
      let directory = runStateGate("triage", run)
      #expect(directory.status == .malformedInput, "\(forged)")
    }
    // Away from its directory, an unknown class falls back to a guess and says so.
    let alone = PathText.join(try folder(), "junit.xml")
    try write(
      alone,
      Self.ownJUnit(
        """
        <testcase classname="undo-history" name="grouped-drag [editor]">\
        <failure type="no-such-class" message="step 4 'drag ended': expected undos=1, got 2"/>\
        </testcase>
        """, tests: 1, failures: 1))
    let json = runStateGate("triage", alone, "--format", "json").output
    #expect(json.contains("\"isExact\" : false"))
    #expect(
      json.contains("the file names class 'no-such-class', which this stategate does not know"))
  }

  @Test("5c. A count attribute that is not a whole number, skipped='abc' too, is malformed")
  func skippedIsAWholeNumber() throws {
    for root in [
      "<testsuite name='s' skipped='abc'><testcase classname='c' name='a'/></testsuite>",
      "<testsuites skipped='1.5'><testsuite name='s'><testcase classname='c' name='a'/>"
        + "</testsuite></testsuites>",
    ] {
      let path = PathText.join(try folder(), "r.xml")
      try write(path, root)
      let result = runStateGate("triage", path)
      #expect(result.status == .malformedInput, "\(root)")
      #expect(result.error.contains("is not a whole number of test cases"), "\(root)")
    }
  }

  @Test("6. Markdown names the subject of each failing case of a run of several subjects")
  func markdownSubjectColumn() throws {
    let run = try failingRun()
    let markdown = runStateGate("triage", run, "--format", "markdown").output
    #expect(
      markdown.contains(
        "| case | subject | class | first mismatch | reason |\n|---|---|---|---|---|\n"))
    let rows = markdown.split(separator: "\n").filter {
      $0.hasPrefix("| `undo-history/grouped-drag` |")
    }
    let subjects = rows.map { $0.split(separator: "|")[1].trimmingCharacters(in: .whitespaces) }
    #expect(
      subjects == [
        "`fault:drag-callback-groups`", "`fault:inverse-assigns-directly`",
        "`fault:ui-stale-after-undo`",
      ])
  }

  @Test("7. The report's header and the history page follow the verdict, not the status")
  func reportFollowsVerdict() throws {
    let run = try failingRun()
    let page = PathText.join(try folder(), "run.html")
    #expect(runStateGate("report", run, "-o", page).status == .success)
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("· status complete · verdict <b class=\"verdict-failed\">failed</b>"))
    #expect(!html.contains("<b class=\"status-complete\">"))
    let trend = PathText.join(try folder(), "trend.html")
    #expect(runStateGate("report", PathText.parent(run), "-o", trend).status == .success)
    let history = try String(contentsOfFile: trend, encoding: .utf8)
    #expect(history.contains("verdict <b class=\"verdict-failed\">failed</b>"))
    #expect(history.contains("<td class=\"verdict-failed\">failed</td>"))
    #expect(!history.contains("verdict <b>passed</b>"))
    let json = runStateGate("history", PathText.parent(run), "--format", "json")
    #expect(json.status == .success, "failed runs are history, not an error")
    #expect(json.output.contains("\"verdict\" : \"failed\""))
    // A passing run stays green.
    let (_, passing) = try passingRun()
    let green = PathText.join(try folder(), "green.html")
    #expect(runStateGate("report", passing, "-o", green).status == .success)
    #expect(
      try String(contentsOfFile: green, encoding: .utf8).contains(
        "verdict <b class=\"verdict-passed\">passed</b>"))
  }
}
