import Foundation
import ResultFiles
import ResultSchema
import Testing

/// A `stategate` child process run to completion or stopped at a test hook, whose workers are
/// recognised by a marker in their environment.
struct StateGateProcess {
  let process = Process()
  let marker = UUID().uuidString
  private let output = Pipe()
  private let error = Pipe()

  init(_ arguments: [String], environment extra: [String: String] = [:], directory: String? = nil)
    throws
  {
    process.executableURL = URL(fileURLWithPath: try stategateExecutable())
    process.arguments = arguments
    var environment = EnglishEnvironment.inherited()
    environment["STATEGATE_TEST_MARKER"] = marker
    // Crashing workers would print a backtrace each; the tests read the fatal-error line only.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment.merge(extra) { _, new in new }
    process.environment = environment
    if let directory {
      process.currentDirectoryURL = URL(fileURLWithPath: directory)
    }
    process.standardOutput = output
    process.standardError = error
    try process.run()
  }

  /// Reads standard error until `text` appears (or the process closes it).
  func waitForError(containing text: String) -> String {
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains(text) {
      let chunk = error.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      seen.append(chunk)
    }
    return String(decoding: seen, as: UTF8.self)
  }

  /// Sends `signal` (none for 0), reads everything left and waits for the end.
  func finish(sending signal: Int32 = 0) -> (status: Int32, output: String, error: String) {
    if signal != 0 {
      kill(process.processIdentifier, signal)
    }
    let errorReader = Thread.detachNewThreadReading(error.fileHandleForReading)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: data, as: UTF8.self), errorReader.wait()
    )
  }

  /// Processes still alive that carry this run's marker: workers left behind.
  func survivors() -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
      guard pid != process.processIdentifier,
        let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ")
      else { return false }
      return String(decoding: environ, as: UTF8.self).contains("STATEGATE_TEST_MARKER=\(marker)")
    }
  }
}

extension Thread {
  /// Reads `handle` to its end on another thread.
  static func detachNewThreadReading(_ handle: FileHandle) -> ReadToEnd {
    let reader = ReadToEnd()
    Thread.detachNewThread {
      reader.finish(handle.readDataToEndOfFile())
    }
    return reader
  }
}

/// Data read to the end on another thread.
final class ReadToEnd: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  func finish(_ data: Data) {
    self.data = data
    done.signal()
  }

  func wait() -> String {
    done.wait()
    return String(decoding: data, as: UTF8.self)
  }
}

/// Cases in worker processes: a subject that traps, exits, crashes, hangs or floods its output
/// costs its own case only; signals at any moment end the run interrupted; no worker is left.
@Suite("Isolation", .serialized)
struct IsolationTests {
  private func recordedRun(in output: String) throws -> RecordedRun {
    let names = runDirectories(in: output)
    try #require(names.count == 1, "\(names)")
    return try RecordedRun.read(PathText.join(output, names[0]))
  }

  private func finished(_ run: RecordedRun) -> [String: EventRecord.CaseFinished] {
    var cases: [String: EventRecord.CaseFinished] = [:]
    for case .caseFinished(let record) in run.events {
      cases["\(record.subject) \(record.case)"] = record
    }
    return cases
  }

  @Test("Each subject that breaks its process fails its case with the right class; the run goes on")
  func processFaults() throws {
    let output = freshOutput()
    let run = try StateGateProcess([
      "run", "--output", output, "--step-timeout", "0.5s", "--jobs", "2",
      "--subject", "fault:traps", "--subject", "fault:exits", "--subject", "fault:segfault",
      "--subject", "fault:hangs", "--subject", "editor",
      "--filter", "button-tap", "--filter", "ten-callback", "--filter", "same-value",
    ])
    let ended = run.finish()
    #expect(ended.status == 1)
    #expect(run.survivors().isEmpty)
    let recorded = try recordedRun(in: output)
    #expect(recorded.manifest.status == .complete)
    var cases = finished(recorded)
    #expect(cases.count == 15)
    // Flooding takes real time on a busy machine: this run keeps the default step limit.
    let floodOutput = freshOutput()
    let flood = try StateGateProcess([
      "run", "--output", floodOutput, "--subject", "fault:floods-stderr",
      "--filter", "button-tap", "--filter", "ten-callback", "--filter", "same-value",
    ])
    #expect(flood.finish().status == 0)
    #expect(flood.survivors().isEmpty)
    cases.merge(finished(try recordedRun(in: floodOutput))) { first, _ in first }
    let expected: [String: String] = [
      "fault:traps": "crashed", "fault:exits": "crashed", "fault:segfault": "crashed",
      "fault:hangs": "timed-out",
    ]
    for (subject, failureClass) in expected {
      for name in ["button-tap-one-group", "ten-callback-drag"] {
        #expect(cases["\(subject) \(name)"]?.outcome == "failed", "\(subject) \(name)")
        #expect(cases["\(subject) \(name)"]?.failureClass == failureClass, "\(subject) \(name)")
      }
      #expect(cases["\(subject) same-value-no-history"]?.outcome == "failed")
    }
    #expect(
      cases["fault:traps button-tap-one-group"]?.reason?.contains(
        "during 'undo' (step 2): the worker ended with signal SIGILL; it last wrote: "
          + "Faults/TrappingEditor.swift:15: Fatal error:") == true)
    #expect(cases["fault:exits ten-callback-drag"]?.reason?.contains("exit status 3") == true)
    #expect(
      cases["fault:segfault button-tap-one-group"]?.reason?.contains("signal SIGSEGV") == true)
    #expect(
      cases["fault:hangs button-tap-one-group"]?.reason
        == "'undo' (step 2) did not finish within 0.5s: the subject hung, and the worker was "
        + "killed")
    // Workers write steps in batches: a trap, an exit, a bad pointer and a hang each still name
    // the step they broke on, after twelve fast steps the worker held when its subject broke.
    for subject in ["fault:traps", "fault:exits", "fault:segfault"] {
      #expect(
        cases["\(subject) ten-callback-drag"]?.reason?.contains(
          "crashed after step 12, during 'undo' (step 13)") == true, "\(subject)")
    }
    #expect(
      cases["fault:hangs ten-callback-drag"]?.reason
        == "'undo' (step 13) did not finish within 0.5s: the subject hung, and the worker was "
        + "killed")
    for subject in ["fault:floods-stderr", "editor"] {
      for name in ["button-tap-one-group", "ten-callback-drag", "same-value-no-history"] {
        #expect(cases["\(subject) \(name)"]?.outcome == "passed", "\(subject) \(name)")
      }
    }
  }

  @Test("A worker slow to die after a fatal signal is crashed, never timed out")
  func slowCrashReportIsACrash() throws {
    let output = freshOutput()
    let run = try StateGateProcess(
      [
        "run", "--output", output, "--step-timeout", "0.3s", "--subject", "fault:traps",
        "--subject", "fault:segfault", "--filter", "button-tap",
      ], environment: ["STATEGATE_TEST_SLOW_CRASH_MS": "1200"])
    #expect(run.finish().status == 1)
    #expect(run.survivors().isEmpty)
    let cases = finished(try recordedRun(in: output))
    for (subject, signal) in [("fault:traps", "SIGILL"), ("fault:segfault", "SIGSEGV")] {
      let result = cases["\(subject) button-tap-one-group"]
      #expect(result?.failureClass == "crashed", "\(subject): \(result?.reason ?? "")")
      #expect(result?.reason?.contains("the worker ended with signal \(signal)") == true)
    }
  }

  @Test("The order of events and the text output do not depend on --jobs")
  func jobsDoNotChangeOutput() throws {
    func report(jobs: String) throws -> String {
      let run = try StateGateProcess([
        "run", "--output", freshOutput(), "--jobs", jobs, "--subject", "fault:traps",
        "--subject", "fault:exits", "--subject", "fault:inverse*", "--subject", "fault:*session*",
        "--subject", "fault:second-tap-sends", "--subject", "editor", "--subject", "favorites",
      ])
      let ended = run.finish()
      #expect(run.survivors().isEmpty)
      return ended.output.split(separator: "\n").filter {
        !$0.hasPrefix("results: ") && !$0.contains(" in ")
      }.joined(separator: "\n")
    }
    let one = try report(jobs: "1")
    #expect(one.contains("crashed: the subject crashed after step 1, during 'undo' (step 2)"))
    #expect(try report(jobs: "3") == one)
  }

  @Test(
    "SIGTERM at any point ends with exit 130 and an interrupted directory, or none",
    arguments: [
      ("start", false), ("context", false), ("directory", true), ("classification", true),
      ("final-write", true),
    ])
  func sigtermAtEveryPoint(point: String, leavesDirectory: Bool) throws {
    let output = freshOutput()
    let run = try StateGateProcess(
      [
        "run", "--output", output, "--subject", "fault:command-split", "--filter", "button-tap",
      ], environment: ["STATEGATE_TEST_HOLD_AT": point])
    #expect(run.waitForError(containing: "holding at \(point)").contains("holding at \(point)"))
    let ended = run.finish(sending: SIGTERM)
    #expect(ended.status == 130)
    #expect(run.survivors().isEmpty)
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
    #expect(!entries.contains { ResultDirectoryLayout.isPartial($0) })
    if leavesDirectory {
      #expect(try recordedRun(in: output).manifest.status == .interrupted)
    } else {
      #expect(runDirectories(in: output).isEmpty)
    }
  }

  @Test(
    "A signal the instant the handlers exist is never lost: exit 130 and nothing written",
    arguments: ["INT", "TERM", "HUP"])
  func signalAtTheFirstInstant(name: String) throws {
    let output = freshOutput()
    let run = try StateGateProcess(
      ["run", "--output", output, "--subject", "editor"],
      environment: ["STATEGATE_TEST_SIGNAL_AT_START": name])
    let ended = run.finish()
    #expect(ended.status == 130, "SIG\(name)")
    #expect(runDirectories(in: output).isEmpty, "SIG\(name)")
  }

  @Test("SIGTERM after a step, with workers running side by side, stops every worker")
  func sigtermAfterAStep() throws {
    let output = freshOutput()
    let run = try StateGateProcess(
      ["run", "--output", output, "--jobs", "3", "--subject", "fault:*"],
      environment: ["STATEGATE_TEST_HOLD_AFTER_STEP": "30"])
    _ = run.waitForError(containing: "holding after step 30")
    let ended = run.finish(sending: SIGTERM)
    #expect(ended.status == 130)
    #expect(run.survivors().isEmpty)
    let recorded = try recordedRun(in: output)
    #expect(recorded.manifest.status == .interrupted)
    #expect(recorded.events.filter { $0.kind == "step" }.count == 30)
    #expect(recorded.manifest.counts.interrupted <= 1)
    #expect(recorded.manifest.counts.notRun > 0)
  }

  @Test("A partial directory is refused under every name that leads to it")
  func partialAliases() throws {
    let output = freshOutput()
    let first = try StateGateProcess([
      "run", "--output", output, "--subject", "fault:command-split", "--filter", "button-tap",
    ])
    _ = first.finish()
    let name = try #require(runDirectories(in: output).first)
    // The state a kill between the manifest and the rename leaves: a complete manifest in a
    // directory still under its temporary name.
    let partial = PathText.join(output, ".\(name).partial")
    try FileManager.default.moveItem(atPath: PathText.join(output, name), toPath: partial)
    let link = PathText.join(output, "latest")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: partial)
    for alias in [partial, partial + "/.", link, link + "/"] {
      let replay = try StateGateProcess(["replay", alias]).finish()
      #expect(replay.status == 65, "replay \(alias)")
      let merge = try StateGateProcess(["merge", alias, "--output", freshOutput()]).finish()
      #expect(merge.status == 65, "merge \(alias)")
      let triage = try StateGateProcess(["triage", alias]).finish()
      #expect(triage.status != 0, "triage \(alias)")
      #expect(triage.output.contains("partial"), "triage \(alias)")
      let diff = try StateGateProcess(["diff", alias, alias]).finish()
      #expect(diff.status != 0, "diff \(alias)")
    }
    let inside = try StateGateProcess(["replay", "."], directory: partial).finish()
    #expect(inside.status == 65)
  }

  @Test("diff never passes a partial or interrupted NEW")
  func diffRefusesUnfinishedNew() throws {
    let output = freshOutput()
    _ = try StateGateProcess([
      "run", "--output", output, "--subject", "editor", "--filter", "button-tap",
    ]).finish()
    let old = PathText.join(output, try #require(runDirectories(in: output).first))
    let interruptedOutput = freshOutput()
    let held = try StateGateProcess(
      ["run", "--output", interruptedOutput, "--subject", "editor"],
      environment: ["STATEGATE_TEST_HOLD_AFTER_STEP": "3"])
    _ = held.waitForError(containing: "holding after step 3")
    _ = held.finish(sending: SIGTERM)
    let interrupted = PathText.join(
      interruptedOutput, try #require(runDirectories(in: interruptedOutput).first))
    let diff = try StateGateProcess(["diff", old, interrupted]).finish()
    #expect(diff.status == 1)
    #expect(diff.output.contains("NEW incomplete"))
  }

  @Test("--no-isolation refuses a subject that breaks its process, and leaves out matched ones")
  func noIsolationKeepsDangerousSubjectsOut() throws {
    let named = try StateGateProcess([
      "run", "--output", freshOutput(), "--no-isolation", "--subject", "fault:traps",
    ]).finish()
    #expect(named.status == 64)
    #expect(named.error.contains("'fault:traps' may break the process it runs in"))
    let matched = try StateGateProcess([
      "run", "--output", freshOutput(), "--no-isolation", "--subject", "fault:t*",
    ]).finish()
    #expect(matched.error.contains("note: leaving out fault:traps"))
    #expect(matched.output.contains("fault:timeout-as-rejection"))
  }
}
