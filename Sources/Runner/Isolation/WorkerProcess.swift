import Foundation
import Platform
import RunModel

/// One worker process as the run sees it: its pipes, what it has said, and how it ended.
package final class WorkerProcess {
  /// The worker's process id (also its process group's).
  package let pid: Int32
  /// The run's end of the worker's standard input.
  private var input: Int32
  /// The run's end of the worker's replies (its descriptor 3).
  package private(set) var replies: Int32
  /// The run's end of the worker's standard output and error.
  package private(set) var log: Int32
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
    let stdin = try Self.pipe()
    let reply = try Self.pipe()
    let output = try Self.pipe()
    let child: Int32
    do {
      child = try Workers.spawn(
        executable, arguments: [executable] + arguments, environment: environment,
        input: stdin.read, replies: reply.write, log: output.write)
    } catch {
      for descriptor in [
        stdin.read, reply.write, output.write, stdin.write, reply.read, output.read,
      ] {
        close(descriptor)
      }
      throw SpawnError(description: "cannot start the worker '\(executable)': \(error.reason)")
    }
    close(stdin.read)
    close(reply.write)
    close(output.write)
    pid = child
    input = stdin.write
    replies = reply.read
    log = output.read
    _ = fcntl(replies, F_SETFL, fcntl(replies, F_GETFL) | O_NONBLOCK)
    _ = fcntl(log, F_SETFL, fcntl(log, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    kill()
    for descriptor in [input, replies, log] where descriptor >= 0 {
      close(descriptor)
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
    guard input >= 0 else { return false }
    let bytes = line + [UInt8(ascii: "\n")]
    return bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(input, raw.baseAddress?.advanced(by: offset), raw.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return false }
        offset += written
      }
      return true
    }
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
      guard replies >= 0 else {
        ended = true
        break
      }
      let (bytes, channelEnded) = Self.read(replies, atMost: 1 << 16)
      replyBuffer += bytes
      if channelEnded {
        close(replies)
        replies = -1
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
  ///   - wakeDescriptor: A descriptor that becomes readable when a stop request comes; -1 for none.
  /// - Returns: Whether the worker serves, a stop request came first, or why it cannot serve (it
  ///   ended, answered something else, or said nothing within ``WorkerHandshake/timeout``).
  package func awaitHandshake(shouldStop: () -> Bool, wakeDescriptor: Int32)
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
        while log >= 0, clock() < limit {
          var entry = pollfd(fd: log, events: Int16(POLLIN), revents: 0)
          _ = poll(&entry, 1, 100)
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
      var entries = [replies, log, wakeDescriptor].filter { $0 >= 0 }.map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
      }
      _ = poll(&entries, nfds_t(entries.count), 100)
    }
  }

  /// Reads what the worker wrote to standard output or error, keeping only the tail and the
  /// first crash report line; memory stays bounded however much it writes.
  package func readLog() {
    guard log >= 0 else { return }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(log, $0.baseAddress, $0.count) }
      if count > 0 {
        take(chunk[..<count])
        continue
      }
      if count == 0 {
        close(log)
        log = -1
      } else if errno == EINTR {
        continue
      }
      return
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
    Foundation.kill(pid, SIGURG)
  }

  /// Kills the worker and everything it started, and waits for it.
  package func kill() {
    guard exitStatus == nil else { return }
    Foundation.kill(-pid, SIGKILL)
    Foundation.kill(pid, SIGKILL)
    _ = wait(blocking: true)
  }

  /// Collects the worker's exit status if it has ended.
  ///
  /// - Parameter blocking: Whether to wait for it to end.
  /// - Returns: The raw wait status, once the worker has ended.
  @discardableResult
  package func wait(blocking: Bool) -> Int32? {
    if let exitStatus { return exitStatus }
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
      if result == pid {
        exitStatus = status
        Foundation.kill(-pid, SIGKILL)
        return status
      }
      if result < 0 && errno == EINTR { continue }
      return nil
    }
  }

  private static func pipe() throws -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [0, 0]
    guard Foundation.pipe(&descriptors) == 0 else {
      throw SpawnError(description: "cannot create a pipe: \(String(cString: strerror(errno)))")
    }
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
    }
    return (descriptors[0], descriptors[1])
  }

  /// Reads what is available from a non-blocking descriptor, at most `limit` bytes.
  private static func read(_ descriptor: Int32, atMost limit: Int) -> (bytes: [UInt8], ended: Bool)
  {
    var chunk = [UInt8](repeating: 0, count: limit)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        Foundation.read(descriptor, $0.baseAddress, $0.count)
      }
      if count > 0 { return (Array(chunk[..<count]), false) }
      if count == 0 { return ([], true) }
      if errno == EINTR { continue }
      return ([], false)
    }
  }
}

extension WorkerProcess {
  /// How the worker ended, in words: `exit status 3`, `signal SIGILL`.
  package var endDescription: String {
    guard let status = exitStatus else { return "still running" }
    let signal = status & 0x7f
    if signal == 0 {
      return "exit status \((status >> 8) & 0xff)"
    }
    return "signal \(Self.signalName(signal))"
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
