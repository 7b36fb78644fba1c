import Contracts
import Foundation
import Platform
import RunModel

/// One worker process as the run sees it: its pipes, what it has said, and how it ended.
package final class WorkerProcess {
  /// The worker's process id (also its process group's).
  package let pid: Int32
  /// The run's end of the worker's standard input; `nil` once closed.
  private var input: FileDescriptor?
  /// The run's end of the worker's replies (its descriptor 3); `nil` once it has ended.
  package private(set) var replies: FileDescriptor?
  /// The run's end of the worker's standard output and error; `nil` once it has ended.
  package private(set) var log: FileDescriptor?
  private var replyBuffer: [UInt8] = []
  private var replyStart = 0
  /// The last bytes the worker wrote to standard output or error.
  private(set) var logTail: [UInt8] = []
  /// The first line that reads as a crash report (`Fatal error: …`, `*** Program crashed: …`)
  /// since the worker's log was last cleared.
  private(set) var crashLine: String?
  /// What the worker wrote right after its crash line (a backtrace's first frames).
  private var crashContext: [UInt8] = []
  private let tailLimit: Int
  /// How the worker ended, once it has.
  package private(set) var exitStatus: Int32?

  /// What can go wrong starting a worker.
  package struct SpawnError: Error, CustomStringConvertible {
    package var description: String
  }

  /// Starts `executable` as a worker.
  package init(
    executable: String, arguments: [String], environment: [String: String], tailLimit: Int
  )
    throws
  {
    self.tailLimit = tailLimit
    var pipes: [PipePair] = []
    let child: Int32
    do throws(PlatformError) {
      for _ in 0..<3 { pipes.append(try PipePair()) }
      child = try Workers.spawn(
        executable, arguments: [executable] + arguments, environment: environment,
        input: pipes[0].reading, replies: pipes[1].writing, log: pipes[2].writing)
    } catch {
      for pipe in pipes { pipe.close() }
      throw SpawnError(description: "cannot start the worker '\(executable)': \(error.reason)")
    }
    // The worker has its own copies of these ends: the run's go, so a pipe ends when it does.
    pipes[0].reading.close()
    pipes[1].writing.close()
    pipes[2].writing.close()
    pid = child
    input = pipes[0].writing
    replies = pipes[1].reading
    log = pipes[2].reading
    try? pipes[1].reading.setNonBlocking()
    try? pipes[2].reading.setNonBlocking()
  }

  deinit {
    kill()
    for descriptor in [input, replies, log] {
      descriptor?.close()
    }
  }

  /// Sends one request; `false` when the worker can no longer be written to.
  func send(_ request: WorkerMessage.Request) -> Bool {
    guard let bytes = try? JSONEncoder().encode(request) else { return false }
    return send(line: Array(bytes))
  }

  /// Sends `line` and a newline on the worker's standard input; `false` when the worker can no
  /// longer be written to.
  package func send(line: [UInt8]) -> Bool {
    guard let input else { return false }
    return input.writeAll(line + [UInt8(ascii: "\n")])
  }

  /// One reply line.
  enum ReplyLine {
    /// A finished step: its verdict and its encoded `events.jsonl` record.
    case step(passed: Bool, record: [UInt8])
    /// Any other reply.
    case message(WorkerMessage.Reply)
  }

  /// Reads what the worker replied since the last call: complete lines only, at most `limit`
  /// of them (the rest stay in the pipe, so a worker that runs ahead waits).
  ///
  /// - Returns: The replies, and whether the reply channel has ended (the worker is gone).
  func readReplies(limit: Int = .max) -> (replies: [ReplyLine], ended: Bool) {
    var parsed: [ReplyLine] = []
    let decoder = JSONDecoder()
    let ended = readLines(limit: limit) { line in
      if line.first == UInt8(ascii: "s"), line.count > 2 {
        parsed.append(
          .step(
            passed: line[line.startIndex + 1] == UInt8(ascii: "p"),
            record: Array(line.dropFirst(2))))
        return true
      }
      guard let reply = try? decoder.decode(WorkerMessage.Reply.self, from: Data(line)) else {
        return false
      }
      parsed.append(.message(reply))
      return true
    }
    return (parsed, ended)
  }

  /// Hands each complete line the worker replied since the last call to `take`, until `limit`
  /// lines were taken (`take` returns whether it took one; the rest stay in the pipe, so a
  /// worker that runs ahead waits).
  ///
  /// - Returns: Whether the reply channel has ended (the worker is gone) and every line was read.
  package func readLines(limit: Int = .max, _ take: (ArraySlice<UInt8>) -> Bool) -> Bool {
    var taken = 0
    var ended = false
    while taken < limit {
      if let newline = replyBuffer[replyStart...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = replyBuffer[replyStart..<newline]
        replyStart = newline + 1
        if take(line) { taken += 1 }
        continue
      }
      if replyStart > 0 {
        replyBuffer.removeFirst(replyStart)
        replyStart = 0
      }
      guard let channel = replies else {
        ended = true
        break
      }
      let (bytes, channelEnded) = channel.read(atMost: 1 << 16)
      replyBuffer += bytes
      if channelEnded {
        channel.close()
        replies = nil
      } else if bytes.isEmpty {
        break
      }
    }
    return ended && replyStart >= replyBuffer.count
  }

  /// Waits for the worker's handshake (``WorkerHandshake``), the first line it replies, and
  /// consumes it.
  ///
  /// - Parameters:
  ///   - shouldStop: Whether a stop request came; asked at least ten times a second.
  ///   - wakeDescriptor: A descriptor that becomes readable when a stop request comes, if any.
  /// - Returns: Whether the worker serves, a stop request came first, or why it cannot serve (it
  ///   ended, answered something else, or said nothing within ``WorkerHandshake/timeout``).
  package func awaitHandshake(shouldStop: () -> Bool, wakeDescriptor: FileDescriptor?)
    -> WorkerHandshake.Answer
  {
    // Real time, whatever clock the run measures with: a process start takes what it takes.
    let clock = { ProcessInfo.processInfo.systemUptime }
    let deadline = clock() + WorkerHandshake.timeout
    while true {
      var first: [UInt8]?
      let ended = readLines(limit: 1) { line in
        first = Array(line)
        return true
      }
      readLog()
      if let first {
        if first == WorkerHandshake.line { return .ready }
        kill()
        let said = String(decoding: first.prefix(80), as: UTF8.self).unicodeScalars.filter {
          $0.value >= 0x20 && $0.value != 0x7f
        }
        return .refused("its first reply was '\(String(String.UnicodeScalarView(said)))'")
      }
      if ended {
        // Its output ends when it does: read it to the end, for the reason it gave.
        let limit = clock() + 2
        while let log, clock() < limit {
          Poll.waitForInput(on: [log], timeout: 0.1)
          readLog()
        }
        if wait(blocking: false) == nil { kill() }
        let tail = tailText()
        return .refused(
          "it ended with \(endDescription)" + (tail.isEmpty ? "" : "; it last wrote: \(tail)"))
      }
      if shouldStop() { return .stopped }
      if clock() >= deadline {
        kill()
        return .refused(
          "it did not answer within \(Int(WorkerHandshake.timeout))s of starting, and was killed")
      }
      Poll.waitForInput(on: [replies, log, wakeDescriptor].compactMap { $0 }, timeout: 0.1)
    }
  }

  /// Reads what the worker wrote to standard output or error, keeping only the tail and the
  /// first crash report line; memory stays bounded however much it writes.
  package func readLog() {
    guard let channel = log else { return }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      switch channel.read(into: &chunk) {
      case .bytes(let count):
        take(chunk[..<count])
      case .ended:
        channel.close()
        log = nil
        return
      case .wouldBlock, .failed:
        return
      }
    }
  }

  /// Keeps `bytes` in the tail, and looks for a crash report line in them.
  private func take(_ bytes: ArraySlice<UInt8>) {
    if crashLine == nil {
      findCrashLine(in: bytes)
    } else if crashContext.count < 8192 {
      crashContext += bytes.prefix(8192 - crashContext.count)
    }
    logTail += bytes.suffix(tailLimit)
    if logTail.count > tailLimit {
      logTail.removeFirst(logTail.count - tailLimit)
    }
  }

  /// Forgets what the worker wrote so far: a new case starts.
  func clearLog() {
    logTail.removeAll()
    crashLine = nil
    crashContext.removeAll()
  }

  /// The markers of a crash report line: Swift's `Fatal error:` and the backtracer's banner.
  private static let crashMarkers = [
    "Fatal error", "Swift runtime failure", "Program crashed", "fatal error",
  ].map {
    Array($0.utf8)
  }

  /// Looks for a crash report marker in `bytes` and keeps the line around it (the start of the
  /// line may be in the tail already).
  private func findCrashLine(in bytes: ArraySlice<UInt8>) {
    let joined = Array(logTail.suffix(256)) + bytes
    for marker in Self.crashMarkers {
      guard let offset = ByteSearch.offset(of: marker, in: joined) else { continue }
      let newline = UInt8(ascii: "\n")
      let start = joined[..<Int(offset)].lastIndex(of: newline).map { $0 + 1 } ?? 0
      let end = joined[Int(offset)...].firstIndex(of: newline) ?? joined.count
      crashLine = String(decoding: joined[start..<min(end, start + 2048)], as: UTF8.self)
      crashContext = Array(joined[end...].prefix(8192))
      return
    }
  }

  /// Asks the worker to write out the steps it completed but still holds (SIGURG, which a worker
  /// that cannot serve it ignores).
  package func requestFlush() {
    guard exitStatus == nil else { return }
    Processes.send(SIGURG, to: pid)
  }

  /// Kills the worker and everything it started, and waits for it.
  package func kill() {
    guard exitStatus == nil else { return }
    Processes.killGroup(of: pid)
    _ = wait(blocking: true)
  }

  /// Collects the worker's exit status if it has ended.
  ///
  /// - Parameter blocking: Whether to wait for it to end.
  /// - Returns: The raw wait status, once the worker has ended.
  @discardableResult
  package func wait(blocking: Bool) -> Int32? {
    if let exitStatus { return exitStatus }
    guard let status = Processes.reap(pid, blocking: blocking) else { return nil }
    exitStatus = status
    // Whatever it started and left behind goes with it (its group only: the number `pid` itself
    // is free for the system to give another process now).
    Processes.send(SIGKILL, to: -pid)
    return status
  }
}

extension WorkerProcess {
  /// How the worker ended, in words: `exit status 3`, `signal SIGILL`.
  package var endDescription: String { endReason.english }

  /// How the worker ended, as a reason phrased in each language (``endDescription`` in English).
  package var endReason: Reason {
    guard let status = exitStatus else { return Reason(.stillRunning) }
    let signal = status & 0x7f
    if signal == 0 {
      return Reason(.exitStatus, ["status": "\((status >> 8) & 0xff)"])
    }
    return Reason(.endedBySignal, ["signal": Reason(Self.signalName(signal))])
  }

  /// The worker's last output lines, control characters removed, at most `limit` characters;
  /// a fatal-error line is preferred when there is one.
  package func tailText(limit: Int = 600) -> String {
    if let crashLine {
      var text = Self.printable(crashLine).trimmingCharacters(in: .whitespaces)
        .trimmingCharacters(in: CharacterSet(charactersIn: "* "))
      if let frame = crashFrame() {
        text += " (in \(frame))"
      }
      return String(text.prefix(limit))
    }
    let text = String(decoding: logTail, as: UTF8.self)
    let lines = text.split(whereSeparator: \.isNewline).map {
      String($0.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f })
    }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    if let fatal = lines.last(where: { $0.contains("Fatal error") || $0.contains("fatal error") }) {
      return String(fatal.prefix(limit))
    }
    return String(lines.suffix(3).joined(separator: " | ").suffix(limit))
  }

  /// The first frame of the crashed thread that is not the system's, from a backtrace:
  /// `TrappingEditor.undo() at …/TrappingEditor.swift:15:5`.
  private func crashFrame() -> String? {
    let lines = String(decoding: crashContext, as: UTF8.self).split(whereSeparator: \.isNewline)
    guard let crashed = lines.firstIndex(where: { $0.contains("crashed:") }) else { return nil }
    for line in lines[(crashed + 1)...].prefix(12) where !line.contains("[system]") {
      guard let address = line.range(of: "0x"), let plus = line.range(of: " + "),
        let location = line.range(of: " at /")
      else { continue }
      let symbol = line[address.upperBound...].drop { !$0.isWhitespace }
        .prefix { _ in true }[..<plus.lowerBound].trimmingCharacters(in: .whitespaces)
      let path = line[line.index(before: location.upperBound)...]
      return Self.printable("\(symbol) at \(path)")
    }
    return nil
  }

  private static func printable(_ text: some StringProtocol) -> String {
    String(
      String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }))
  }

  package static func signalName(_ number: Int32) -> String {
    switch number {
    case SIGILL: "SIGILL"
    case SIGTRAP: "SIGTRAP"
    case SIGABRT: "SIGABRT"
    case SIGBUS: "SIGBUS"
    case SIGFPE: "SIGFPE"
    case SIGKILL: "SIGKILL"
    case SIGSEGV: "SIGSEGV"
    case SIGTERM: "SIGTERM"
    case SIGINT: "SIGINT"
    case SIGPIPE: "SIGPIPE"
    default: "\(number)"
    }
  }
}
