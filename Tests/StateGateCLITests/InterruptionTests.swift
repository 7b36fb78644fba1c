import Foundation
import ResultFiles
import ResultSchema
import Testing

/// The built `stategate` executable next to the test bundle.
func stategateExecutable() throws -> String {
  let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let path = directory.appendingPathComponent("stategate").path
  try #require(
    FileManager.default.isExecutableFile(atPath: path), "build the stategate product first")
  return path
}

/// A `stategate run` child process that holds after a step until it gets a signal.
final class HeldRun {
  let process = Process()
  private let output = Pipe()
  private let error = Pipe()

  init(
    output directory: String, holdAfterStep step: Int,
    hook: String = "STATEGATE_TEST_HOLD_AFTER_STEP"
  )
    throws
  {
    process.executableURL = URL(fileURLWithPath: try stategateExecutable())
    process.arguments = ["run", "--output", directory]
    var environment = EnglishEnvironment.inherited()
    environment[hook] = String(step)
    process.environment = environment
    process.standardOutput = output
    process.standardError = error
    try process.run()
  }

  /// Reads standard error until the child says it is holding.
  func waitUntilHolding() -> String {
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("stategate: holding after step") {
      let chunk = error.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      seen.append(chunk)
    }
    return String(decoding: seen, as: UTF8.self)
  }

  /// Sends `signal`, reads what is left and waits for the child to end.
  func stop(with signal: Int32) -> (
    status: Int32, reason: Process.TerminationReason, output: String
  ) {
    kill(process.processIdentifier, signal)
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    _ = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, process.terminationReason,
      String(decoding: outputData, as: UTF8.self)
    )
  }
}

/// Signals: SIGTERM leaves an interrupted, finished directory; SIGKILL leaves nothing that passes
/// for a finished run.
@Suite("Interruption", .serialized)
struct InterruptionTests {
  @Test("SIGTERM finishes the step, marks the run interrupted, renames the directory and exits 130")
  func sigterm() throws {
    let output = freshOutput()
    let run = try HeldRun(output: output, holdAfterStep: 5)
    #expect(run.waitUntilHolding().contains("holding after step 5"))
    let ended = run.stop(with: SIGTERM)
    #expect(ended.reason == .exit)
    #expect(ended.status == 130)
    let names = runDirectories(in: output)
    #expect(names.count == 1)
    let directory = (output as NSString).appendingPathComponent(try #require(names.first))
    let recorded = try RecordedRun.read(directory)
    #expect(recorded.manifest.status == .interrupted)
    #expect(recorded.manifest.counts.interrupted == 1)
    #expect(recorded.manifest.counts.notRun > 0)
    #expect(recorded.events.filter { $0.kind == "step" }.count == 5)
    guard case .runFinished(let finished)? = recorded.events.last else {
      Issue.record("the last record is not runFinished")
      return
    }
    #expect(finished.status == "interrupted")
    let junit = try String(
      contentsOfFile: (directory as NSString).appendingPathComponent("junit.xml"), encoding: .utf8)
    #expect(junit.contains("<error type=\"interrupted\""))
  }

  @Test(
    "A crash (a trap in a subject) still renames the directory, marked crashed, with the events so far"
  )
  func crash() throws {
    let output = freshOutput()
    let run = try HeldRun(output: output, holdAfterStep: 4, hook: "STATEGATE_TEST_CRASH_AFTER_STEP")
    let ended = run.stop(with: 0)
    #expect(ended.reason == .uncaughtSignal)
    let names = runDirectories(in: output)
    #expect(names.count == 1)
    let directory = (output as NSString).appendingPathComponent(try #require(names.first))
    let recorded = try RecordedRun.read(directory)
    #expect(recorded.manifest.status == .crashed)
    #expect(recorded.events.filter { $0.kind == "step" }.count == 4)
    #expect(!recorded.events.contains { $0.kind == "runFinished" })
  }

  @Test("A crashed run's manifest counts the cases that finished and names the case and step")
  func crashManifestCounts() throws {
    let output = freshOutput()
    let run = try HeldRun(
      output: output, holdAfterStep: 40, hook: "STATEGATE_TEST_CRASH_AFTER_STEP")
    _ = run.stop(with: 0)
    let directory = (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
    let recorded = try RecordedRun.read(directory)
    var outcomes: [String: Int] = [:]
    var running: EventRecord.CaseStarted?
    var stepsOfRunning = 0
    for event in recorded.events {
      switch event {
      case .caseStarted(let started):
        running = started
        stepsOfRunning = 0
      case .step: stepsOfRunning += 1
      case .caseFinished(let finished):
        outcomes[finished.outcome, default: 0] += 1
        running = nil
      default: continue
      }
    }
    let crashed = try #require(running)
    let manifest = recorded.manifest
    #expect((outcomes["passed"] ?? 0) > 0)
    #expect(manifest.counts.passed == outcomes["passed"] ?? 0)
    #expect(manifest.counts.skipped == outcomes["skipped"] ?? 0)
    #expect(manifest.counts.failed == (outcomes["failed"] ?? 0) + 1)
    #expect(manifest.failuresByClass["crashed"] == 1)
    #expect(
      manifest.crash
        == Manifest.Crash(
          suite: crashed.suite, case: crashed.case, subject: crashed.subject,
          lastCompletedStep: stepsOfRunning))
    let started = recorded.events.compactMap { event -> Int? in
      if case .runStarted(let started) = event { return started.plannedCases }
      return nil
    }.first
    #expect(
      manifest.counts.notRun
        == (started ?? 0) - manifest.counts.passed - manifest.counts.failed
        - manifest.counts.skipped)
    let triage = try ChildProcessResult.runCapturingOutput(
      try stategateExecutable(), ["triage", directory])
    #expect(triage.status == 1)
    #expect(
      triage.output.contains(
        "class crashed: the run crashed in this case after step \(stepsOfRunning) "))
    // triage and history count the crashed case as the manifest does: failed, not unfinished.
    #expect(
      triage.output.contains(
        "\(manifest.counts.passed + manifest.counts.failed) cases: "
          + "\(manifest.counts.passed) passed, \(manifest.counts.failed) failed"))
    #expect(triage.output.contains(" 0 unfinished"))
    let history = try ChildProcessResult.runCapturingOutput(
      try stategateExecutable(), ["history", output])
    let row = history.output.split(separator: "\n").first { $0.contains(" crashed ") }
    let columns = row?.split(separator: " ").map(String.init) ?? []
    #expect(columns.count > 3 && columns[1] == "crashed")
    #expect(columns.count > 3 && columns[2] == "\(manifest.counts.passed)")
    #expect(columns.count > 3 && columns[3] == "\(manifest.counts.failed)")
  }

  @Test("SIGKILL leaves a partial directory no command takes; its log holds the cases before")
  func sigkill() throws {
    let output = freshOutput()
    // The first built-in case has 6 steps: the kill comes after step 2 of the second case.
    let run = try HeldRun(output: output, holdAfterStep: 8)
    _ = run.waitUntilHolding()
    let ended = run.stop(with: SIGKILL)
    #expect(ended.reason == .uncaughtSignal)
    #expect(runDirectories(in: output).isEmpty)
    let partial = try #require(
      try FileManager.default.contentsOfDirectory(atPath: output).first {
        ResultDirectoryLayout.isPartial($0)
      })
    let path = (output as NSString).appendingPathComponent(partial)
    #expect(throws: ResultDirectoryError.self) { try RecordedRun.read(path) }
    let prefix = try RecordedRun.readEvents(
      (path as NSString).appendingPathComponent("events.jsonl"))
    #expect(prefix.first?.kind == "runStarted")
    let kinds = prefix.map(\.kind)
    #expect(kinds.filter { $0 == "caseFinished" }.count == 1)
    #expect(kinds.filter { $0 == "caseStarted" }.count == 2, "the case in progress is named")
    let steps = kinds.filter { $0 == "step" }.count
    #expect(steps >= 6 && steps <= 8, "\(kinds)")
    let replay = try ChildProcessResult.run(try stategateExecutable(), ["replay", path])
    #expect(replay.status == 65)
  }
}

/// Runs a program to completion, collecting standard error on a second thread.
enum ChildProcessResult {
  /// Runs `executable` and returns its status and standard output (standard error discarded).
  static func runCapturingOutput(_ executable: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = EnglishEnvironment.inherited()
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> (
    status: Int32, error: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = EnglishEnvironment.inherited()
    let error = Pipe()
    process.standardError = error
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
