import Foundation
import StateGateCLI
import StateGateRecorder
import Testing

/// A built executable next to the test bundle.
func builtExecutable(_ name: String) throws -> String {
  let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let path = directory.appendingPathComponent(name).path
  try #require(
    FileManager.default.isExecutableFile(atPath: path), "build the \(name) product first")
  return path
}

/// A worker that cannot start is an internal error (70) with one line naming why, in every
/// command that starts workers; never a crashed case or an interrupt.
@MainActor
@Suite("Workers that cannot start", .serialized)
struct WorkerStartTests {
  /// An executable that ends at once without entering worker mode.
  private static let notAWorker = "/bin/true"

  /// Runs `arguments` in process with workers started from ``notAWorker``.
  private func runWithoutWorkers(_ arguments: [String]) -> (
    status: StateGateCLI.ExitStatus, error: String
  ) {
    // A worker that is gone makes writes to it fail with EPIPE rather than end this process.
    signal(SIGPIPE, SIG_IGN)
    let capture = CapturedIO()
    var io = capture.io()
    io.workerExecutable = Self.notAWorker
    io.clock = { ProcessInfo.processInfo.systemUptime }
    let status = StateGate.main(arguments: arguments, io: io)
    return (status, capture.error)
  }

  private func expectCannotStart(_ ended: (status: StateGateCLI.ExitStatus, error: String)) {
    #expect(ended.status == .internalError, "\(ended.error)")
    let errors = ended.error.split(separator: "\n").filter { $0.hasPrefix("error:") }
    #expect(errors.count == 1, "\(ended.error)")
    #expect(
      ended.error.contains(
        "cannot start a worker process: '\(Self.notAWorker)' does not answer the worker handshake "
          + "(is this binary built on StateGateCLI's main?): it ended with exit status 0"),
      "\(ended.error)")
    #expect(!ended.error.contains("interrupted"), "\(ended.error)")
  }

  @Test("run: 70 naming the executable, not crashed cases")
  func run() throws {
    let output = freshOutput()
    expectCannotStart(runWithoutWorkers(["run", "--output", output]))
  }

  @Test("explore: 70 naming the executable, not 'interrupted'")
  func explore() throws {
    let output = freshOutput()
    expectCannotStart(
      runWithoutWorkers([
        "explore", "--seed", "1", "--cases", "5", "--output", output, "--corpus",
        output + "/corpus",
      ]))
    #expect(!FileManager.default.fileExists(atPath: output + "/corpus"))
  }

  @Test("import: 70 naming the executable, and no case written")
  func importing() throws {
    let output = freshOutput()
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    let path = output + "/field.jsonl"
    try lateDuplicateRecording(at: path)
    expectCannotStart(
      runWithoutWorkers([
        "import", path, "--subject", "fault:old-ticket-accepted", "--corpus", output + "/corpus",
      ]))
    #expect(!FileManager.default.fileExists(atPath: output + "/corpus"))
  }

  @Test("replay of a case that runs only isolated: 70 naming the executable")
  func replay() throws {
    let output = freshOutput()
    let paths = CapturedIO()
    var io = paths.io()
    io.workerExecutable = try stategateExecutable()
    io.clock = { ProcessInfo.processInfo.systemUptime }
    let recorded = StateGate.main(
      arguments: [
        "run", "--subject", "fault:traps", "--filter", "grouped-drag", "--output", output,
        "--print-path",
      ], io: io)
    #expect(recorded == .contractFailures, "\(paths.error)")
    let directory = paths.output.trimmingCharacters(in: .whitespacesAndNewlines)
    expectCannotStart(runWithoutWorkers(["replay", directory]))
  }

  @Test("explore-bench hosts its workers: explores isolated, with steps, and exits 0")
  func exploreBenchHostsWorkers() throws {
    let output = freshOutput()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try builtExecutable("explore-bench"))
    process.arguments = [
      "explore", "--subject", "seed-favorites", "--seed", "1", "--cases", "20", "--max-steps",
      "20", "--output", output, "--corpus", output + "/corpus",
    ]
    let error = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = error
    try process.run()
    let said = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(said)")
    #expect(!said.contains("interrupted"), "\(said)")
    let line = try #require(
      said.split(separator: "\n").first { $0.hasPrefix("explore: seed-favorites: ") }, "\(said)")
    let steps = line.dropFirst("explore: seed-favorites: ".count).prefix { $0.isNumber }
    #expect((Int(steps) ?? 0) > 0, "\(line)")
  }
}

/// Records, into `path`, a session with a late duplicate answer to an old write, which
/// `fault:old-ticket-accepted` fails on.
func lateDuplicateRecording(at path: String) throws {
  let recorder = SessionRecorder(family: .optimisticUpdates, declaring: [.sessions])
  let ids = ["user-4711@example.com", "user-4712@example.com"]
  recorder.loaded(ids, id: { $0 }, value: { _ in false })
  for round in 0..<20 {
    recorder.tapped(record: ids[round % 2], sent: "ticket-\(round)")
    recorder.answered(write: "ticket-\(round)", with: .saved(true))
  }
  recorder.tapped(record: ids[0], sent: "old")
  recorder.answered(write: "old", with: .saved(true))
  recorder.tapped(record: ids[0], sent: "new")
  recorder.answered(write: "old", with: .saved(true))
  try recorder.export(to: URL(fileURLWithPath: path))
}
