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

  /// A failing result directory (two subjects, several cases) inside a new output folder.
  private func failingRun() throws -> String {
    let output = freshOutput()
    let run = runStateGate(
      "run", "--output", output, "--subject", "fault:drag-callback-groups", "--subject",
      "fault:rollback-to-snapshot", "--filter", "grouped-drag", "--filter", "rollback-to",
      "--print-path")
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
}
