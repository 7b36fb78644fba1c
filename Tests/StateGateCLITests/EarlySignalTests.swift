import Foundation
import Testing

/// The dispositions of a live process's signals, read from `/proc/PID/status`.
private struct SignalDispositions {
  var caught: UInt64
  var ignored: UInt64

  /// Reads them, or `nil` once the process is gone.
  init?(pid: Int32) {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return nil
    }
    func mask(_ name: String) -> UInt64? {
      text.split(separator: "\n").first { $0.hasPrefix(name + ":") }
        .flatMap {
          UInt64($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
        }
    }
    guard let caught = mask("SigCgt"), let ignored = mask("SigIgn") else { return nil }
    self.caught = caught
    self.ignored = ignored
  }

  func catches(_ signal: Int32) -> Bool { caught & (1 << UInt64(signal - 1)) != 0 }
  func ignores(_ signal: Int32) -> Bool { ignored & (1 << UInt64(signal - 1)) != 0 }

  /// Whether the executable's own signal set-up has run (SIGTERM caught, SIGXFSZ ignored).
  ///
  /// It runs before `main`; before it only the dynamic loader runs, which no program can act in.
  var isSetUp: Bool { catches(SIGTERM) && ignores(SIGXFSZ) && ignores(SIGPIPE) }
}

/// `/usr/bin/env`, through which every child here starts with every signal at its default action
/// (GNU `env --default-signal`), as from a shell: a test runner may ignore some (SIGPIPE, SIGXFSZ),
/// and an ignored signal stays ignored across `execve`.
private let env = "/usr/bin/env"

/// The arguments that start `stategate` with `arguments` through ``env``.
private func withDefaultSignals(_ arguments: [String]) throws -> [String] {
  ["--default-signal", try stategateExecutable()] + arguments
}

/// Seconds on the monotonic clock.
private func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Signals from the first instant, and the signals of writes (SIGXFSZ, SIGPIPE) as I/O errors.
@Suite("Early signals and write signals", .serialized)
struct EarlySignalTests {
  /// How a `stategate run` child ended after a SIGTERM.
  struct Ending {
    var reason: Process.TerminationReason
    var status: Int32
    /// Whether the executable's signal set-up had run when the signal was sent.
    var setUpAtKill: Bool
  }

  /// Starts `stategate run`, sends SIGTERM once `ready` says so (checked in a busy loop on the
  /// monotonic clock: the delay is the scenario, not a way to order events) and waits for it.
  private func runAndTerminate(
    deadline: Double = 5, _ ready: (_ elapsed: Double, _ pid: Int32) -> Bool
  ) throws -> Ending {
    let output = freshOutput()
    defer { try? FileManager.default.removeItem(atPath: output) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: env)
    process.arguments = try withDefaultSignals(["run", "--output", output, "--jobs", "1"])
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let started = monotonicSeconds()
    let pid = process.processIdentifier
    while !ready(monotonicSeconds() - started, pid), monotonicSeconds() - started < deadline {}
    let setUp = SignalDispositions(pid: pid)?.isSetUp ?? false
    kill(pid, SIGTERM)
    process.waitUntilExit()
    return Ending(
      reason: process.terminationReason, status: process.terminationStatus, setUpAtKill: setUp)
  }

  @Test(
    "SIGTERM 0, 2, 5 and 10 ms after spawn never kills the run once it left the dynamic loader",
    arguments: [0.0, 0.002, 0.005, 0.010])
  func sigtermSoonAfterSpawn(delay: Double) throws {
    let ending = try runAndTerminate { elapsed, _ in elapsed >= delay }
    if ending.setUpAtKill {
      #expect(ending.reason == .exit, "died of signal \(ending.status) after \(delay)s")
      #expect(ending.status == 130 || ending.status == 0)
    } else {
      // Still in the dynamic loader (it maps and relocates the shared Swift runtime before any
      // code of the program runs): nothing in the program can catch a signal yet.
      #expect(ending.reason == .exit || ending.status == SIGTERM)
    }
  }

  @Test("The signal set-up runs before main: SIGTERM at its first visible instant ends in 130")
  func sigtermAtSetUp() throws {
    let ending = try runAndTerminate { _, pid in SignalDispositions(pid: pid)?.isSetUp ?? true }
    #expect(ending.setUpAtKill)
    #expect(ending.reason == .exit)
    #expect(ending.status == 130)
  }

  @Test("A worker process keeps the default actions")
  func workerKeepsDefaults() throws {
    let process = Process()
    // A worker replies on descriptor 3 and exits 70 at once without it: the shell opens it (on
    // /dev/null) and execs the worker in its own process, so the pid stays the worker's.
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = try ["-c", "exec \"$@\" 3>/dev/null", "sh", env] + withDefaultSignals([])
    var environment = EnglishEnvironment.inherited()
    // Message version 2, this process as its run.
    environment["STATEGATE_WORKER"] = "2:\(getpid())"
    process.environment = environment
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // A worker serving requests catches SIGURG (its reply buffer's flush signal).
    var dispositions: SignalDispositions?
    let started = monotonicSeconds()
    while monotonicSeconds() - started < 10, process.isRunning {
      dispositions = SignalDispositions(pid: process.processIdentifier)
      if dispositions?.catches(SIGURG) == true { break }
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    let seen = try #require(dispositions)
    #expect(seen.catches(SIGURG))
    #expect(!seen.catches(SIGTERM))
    #expect(!seen.ignores(SIGXFSZ))
  }

  @Test("Past the file-size limit, run exits 74 with one error line naming the file")
  func fileSizeLimit() throws {
    let output = freshOutput()
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = try ToolProcess.run(
      "/bin/sh",
      [
        "-c", "ulimit -f 8; exec \"$0\" --default-signal \"$1\" run --output \"$2\" --jobs 1",
        env, try stategateExecutable(), output,
      ])
    #expect(result.status == 74)
    let lines = result.error.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("error: cannot write '\(output)/") == true)
    #expect(lines.first?.hasSuffix(": File too large") == true)
  }

  @Test(
    "A closed standard output loses no results: the run ends as it would, its directory written")
  func closedStandardOutput() throws {
    let output = freshOutput()
    defer { try? FileManager.default.removeItem(atPath: output) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: env)
    process.arguments = try withDefaultSignals(["run", "--output", output, "--jobs", "1"])
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try pipe.fileHandleForReading.close()
    try process.run()
    try pipe.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    let names = runDirectories(in: output)
    #expect(names.count == 1)
    let directory = (output as NSString).appendingPathComponent(try #require(names.first))
    #expect(FileManager.default.fileExists(atPath: directory + "/manifest.json"))
  }
}
