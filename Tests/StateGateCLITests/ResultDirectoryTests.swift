import Contracts
import Foundation
import ResultFiles
import ResultSchema
import Testing

@testable import StateGateCLI

/// A fresh, empty output directory for one test.
func freshOutput() -> String {
  FileManager.default.temporaryDirectory
    .appendingPathComponent("stategate-results-\(UUID().uuidString)").path
}

/// The run directories (not partial ones) inside `output`.
func runDirectories(in output: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).filter {
    !$0.hasPrefix(".")
  }.sorted()
}

/// `stategate run` as a CI step: the result directory, its files, replay.
@MainActor
@Suite("Result directories")
struct ResultDirectoryTests {
  @Test("summary.md lists skipped cases by reason, so a skip is never read as a pass")
  func summaryListsSkips() throws {
    let output = freshOutput()
    let result = runStateGate(
      "run", "--output", output, "--subject", "favorites", "--filter", "choice-rolls-back",
      "--filter", "rollback-after-rejection")
    #expect(result.status == .success)
    let name = try #require(runDirectories(in: output).first)
    let summary = try String(
      contentsOfFile: (output as NSString).appendingPathComponent("\(name)/summary.md"),
      encoding: .utf8)
    #expect(
      summary.contains(
        "| requires values; subject 'favorites' lacks it | 1: "
          + "`optimistic-updates/choice-rolls-back` |"), "\(summary)")
  }

  @Test("summary.md of a run where every case was skipped says nothing was tested")
  func summaryOfAllSkipped() throws {
    let output = freshOutput()
    let result = runStateGate(
      "run", "--output", output, "--subject", "favorites", "--filter", "choice-rolls-back")
    #expect(result.status != .success)
    let name = try #require(runDirectories(in: output).first)
    let summary = try String(
      contentsOfFile: (output as NSString).appendingPathComponent("\(name)/summary.md"),
      encoding: .utf8)
    #expect(summary.contains("**Not passed: nothing was tested**"), "\(summary)")
  }

  @Test("A run writes junit.xml, events.jsonl, manifest.json and summary.md in one new directory")
  func runWritesDirectory() throws {
    let output = freshOutput()
    let result = runStateGate(
      "run", "--output", output, "--subject", "fault:second-tap-sends", "--filter",
      "tap-while-pending")
    #expect(result.status == .contractFailures)
    let names = runDirectories(in: output)
    #expect(names.count == 1)
    let name = try #require(names.first)
    #expect(name.hasPrefix("optimistic-updates-"))
    #expect(result.output.hasSuffix("results: \(output)/\(name)\n"))
    let path = (output as NSString).appendingPathComponent(name)
    let files = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    #expect(files == ["events.jsonl", "junit.xml", "manifest.json", "summary.md"])
    let run = try RecordedRun.read(path)
    #expect(run.manifest.status == .complete)
    #expect(run.manifest.counts.failed == 1)
    #expect(run.manifest.failuresByClass == ["in-flight-gate": 1])
    #expect(run.manifest.commandLine.first == "stategate")
    #expect(run.manifest.subjects == ["fault:second-tap-sends"])
    #expect(name.hasSuffix(run.manifest.runID))
    #expect(run.events.first?.kind == "runStarted")
    #expect(run.events.last?.kind == "runFinished")
    let steps = run.events.filter { $0.kind == "step" }.count
    #expect(steps == 4)
    let lines = try String(
      contentsOfFile: (path as NSString).appendingPathComponent("events.jsonl"), encoding: .utf8
    )
    .split(separator: "\n")
    for (index, line) in lines.enumerated() {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["version"] as? Int == 1)
      #expect(object["kind"] is String)
      #expect(object["seq"] as? Int == index + 1)
    }
    let summary = try String(
      contentsOfFile: (path as NSString).appendingPathComponent("summary.md"), encoding: .utf8)
    #expect(
      summary.contains(
        [
          "| `optimistic-updates/tap-while-pending` | `fault:second-tap-sends` | in-flight-gate | ",
          "`step 3 'tap a': expected sent=no, got yes; expected a.displayed=on, got off; ",
          "expected a.pending=r1, got unnamed`<br>`built-in suite 'optimistic-updates', line 43: ",
          "'stategate show-suite optimistic-updates' prints it`<br>",
          "`next: stategate explain in-flight-gate` |",
        ].joined()))
  }

  @Test("Two runs give two directories; nothing is reused")
  func twoRunsTwoDirectories() {
    let output = freshOutput()
    #expect(runStateGate("run", "--output", output, "--filter", "grouped-drag").status == .success)
    #expect(runStateGate("run", "--output", output, "--filter", "grouped-drag").status == .success)
    #expect(runDirectories(in: output).count == 2)
  }

  @Test("--print-path prints only the directory's path on stdout")
  func printPath() throws {
    let output = freshOutput()
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: [
        "run", "--output", output, "--filter", "grouped-drag", "--print-path", "--prefix", "gate",
      ],
      io: capture.io())
    #expect(status == .success)
    let name = try #require(runDirectories(in: output).first)
    #expect(name.hasPrefix("gate-"))
    #expect(capture.output == "\(output)/\(name)\n")
    #expect(capture.error.contains("pass  grouped-drag"))
  }

  @Test("Ids a suite types stay in clear; an id the subject generates reaches no file or log")
  func generatedIdIsDeidentified() throws {
    let secret = GeneratingFavorites.generated
    let suitePath = try temporaryFile(
      named: "typed.suite",
      """
      suite typed family optimistic
      case generated-id "The subject lists an id the suite never typed"
        records a=off b=on
        tap a as r1          => a.pending=r1 order=a,b
      """)
    let output = freshOutput()
    let capture = CapturedIO()
    let subjects = [
      SubjectEntry.optimisticUpdates("generating", summary: "lists an extra id") {
        GeneratingFavorites()
      }
    ]
    let status = StateGate.main(
      arguments: ["run", "--output", output, "--suite", suitePath, "--subject", "generating"],
      io: capture.io(), subjects: subjects)
    #expect(status == .contractFailures)
    #expect(
      !capture.output.contains(GeneratingFavorites.core),
      "the terminal, a CI log too, shows the token")
    #expect(capture.output.contains("got a,b,id-"))
    let directory = (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
    for file in try FileManager.default.contentsOfDirectory(atPath: directory) {
      let text = try String(
        contentsOfFile: (directory as NSString).appendingPathComponent(file), encoding: .utf8)
      #expect(!text.contains(GeneratingFavorites.core), "\(file) holds the generated id in clear")
      #expect(text.contains("id-") || file == "manifest.json", "\(file) holds no token")
    }
    let junit = try String(
      contentsOfFile: (directory as NSString).appendingPathComponent("junit.xml"), encoding: .utf8)
    #expect(junit.contains("expected order=a,b, got a,b,id-"), "typed ids stay in clear")
    let summary = try String(
      contentsOfFile: (directory as NSString).appendingPathComponent("summary.md"),
      encoding: .utf8)
    #expect(summary.contains("expected order=a,b, got a,b,id-"), "typed ids stay in clear")
    #expect(summary.contains("`at \(suitePath):"), "a user's suite is placed as path:line")
    let kept = freshOutput()
    let keptCapture = CapturedIO()
    _ = StateGate.main(
      arguments: [
        "run", "--output", kept, "--suite", suitePath, "--subject", "generating", "--keep-ids",
      ], io: keptCapture.io(), subjects: subjects)
    let keptDirectory = (kept as NSString).appendingPathComponent(
      try #require(runDirectories(in: kept).first))
    let events = try String(
      contentsOfFile: (keptDirectory as NSString).appendingPathComponent("events.jsonl"),
      encoding: .utf8)
    #expect(events.contains(secret))
    #expect(keptCapture.output.contains(secret), "--keep-ids shows the subject's values")
  }

  /// The result directory of a run of `fault:drag-callback-groups` on its one-drag case.
  private func dragFaultRun() throws -> String {
    let output = freshOutput()
    _ = runStateGate(
      "run", "--output", output, "--subject", "fault:drag-callback-groups", "--filter",
      "ten-callback-drag")
    return (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
  }

  @Test("replay reproduces a failing case exactly and reports a fixed subject as passing")
  func replay() throws {
    let directory = try dragFaultRun()
    let reproduced = runStateGate("replay", directory)
    #expect(reproduced.status == .contractFailures)
    #expect(
      reproduced.output.contains(
        "  undo-history/ten-callback-drag on fault:drag-callback-groups: reproduces exactly: step 12 "
          + "'drag ended' fails; class group-boundary\n"))
    let fixed = runStateGate("replay", directory, "--subject", "editor")
    #expect(fixed.status == .success)
    #expect(
      fixed.output.contains(
        "on editor (recorded on fault:drag-callback-groups): now passes: step 12 'drag ended' passes "
          + "now, the recording says fail"))
  }

  @Test("replay refuses a recorded step that does not read back, naming its line in events.jsonl")
  func replayLosesNoStep() throws {
    let directory = try dragFaultRun()
    let events = (directory as NSString).appendingPathComponent("events.jsonl")
    var lines = try String(contentsOfFile: events, encoding: .utf8).components(separatedBy: "\n")
    // Step 3's action written as a comment: the suite text it is rebuilt from drops the step.
    let index = try #require(lines.firstIndex { $0.hasPrefix("{\"action\":\"drag moved 20\"") })
    lines[index] = lines[index].replacingOccurrences(
      of: "{\"action\":\"drag moved 20\"", with: "{\"action\":\"# drag moved 20\"")
    try lines.joined(separator: "\n").write(toFile: events, atomically: true, encoding: .utf8)
    let replayed = runStateGate("replay", directory)
    #expect(replayed.status == .malformedInput, "\(replayed.output)")
    #expect(
      replayed.error.contains(
        "events.jsonl':\(index + 1): recorded step 3 '# drag moved 20' of "
          + "'undo-history/ten-callback-drag' does not read back: it is lost in the suite text"),
      "\(replayed.error)")
    #expect(!replayed.output.contains("reproduces"))
  }

  @Test("replay against a subject that lacks a case's requirement says 'not replayed' and exits 69")
  func replayNeedsRequirements() throws {
    let output = freshOutput()
    _ = runStateGate(
      "run", "--output", output, "--subject", "fault:window-never-closes", "--filter",
      "wait-window-splits")
    let directory = (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
    let events = try String(contentsOfFile: directory + "/events.jsonl", encoding: .utf8)
    #expect(events.contains("\"requires\":[\"coalescing-window\"]"))
    let onEditor = runStateGate("replay", directory, "--subject", "editor")
    #expect(onEditor.status == .nothingMatched, "\(onEditor.output)")
    #expect(
      onEditor.output.contains(
        "on editor (recorded on fault:window-never-closes): not replayed: requires "
          + "coalescing-window; subject 'editor' lacks it"), "\(onEditor.output)")
    #expect(!onEditor.output.contains("now passes"))
    let onTyping = runStateGate("replay", directory, "--subject", "typing-editor")
    #expect(onTyping.status == .success, "\(onTyping.output)")
    #expect(onTyping.output.contains("now passes"))
  }

  @Test("The summary is appended to GITHUB_STEP_SUMMARY")
  func stepSummary() throws {
    let target = try temporaryFile(named: "summary.md", "# earlier content\n")
    let capture = CapturedIO()
    _ = StateGate.main(
      arguments: ["run", "--output", freshOutput(), "--filter", "grouped-drag"],
      io: capture.io(environment: ["GITHUB_STEP_SUMMARY": target, "GITHUB_SHA": "abc123"]))
    let text = try String(contentsOfFile: target, encoding: .utf8)
    #expect(
      text.hasPrefix("# earlier content\n## stategate: 1 case, 1 passed, 0 failed, 0 skipped"))
  }

  @Test("The CI context comes from the CI system's variables")
  func ciContext() {
    #expect(
      CIContextDetector.detect(environment: [
        "GITHUB_SHA": "abc", "GITHUB_REF": "refs/heads/main", "GITHUB_RUN_ID": "7",
      ])
        == Manifest.CIContext(
          provider: "github-actions", commit: "abc", ref: "refs/heads/main", runID: "7"))
    #expect(CIContextDetector.detect(environment: ["CI_COMMIT_SHA": "def"])?.provider == "gitlab")
    #expect(CIContextDetector.detect(environment: ["BUILD_NUMBER": "12"])?.runID == "12")
  }

  @Test("An output directory that cannot be created exits 74 naming the path")
  func uncreatableOutput() throws {
    let file = try temporaryFile(named: "not-a-directory", "x")
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["run", "--output", "\(file)/results"], io: capture.io())
    #expect(status == .ioError)
    #expect(capture.error == "error: cannot create '\(file)': a file of that name exists\n")
  }

  @Test("A bad prefix is a usage error")
  func badPrefix() {
    #expect(runStateGate("run", "--prefix", "../escape").status == .usage)
  }

  @Test("replay refuses what is not a finished run")
  func replayRefusesUnfinished() throws {
    let output = freshOutput()
    let partial = (output as NSString).appendingPathComponent(".x-1.partial")
    try FileManager.default.createDirectory(atPath: partial, withIntermediateDirectories: true)
    #expect(runStateGate("replay", partial).status == .malformedInput)
    #expect(runStateGate("replay", output + "/missing").status == .missingInput)
  }
}
