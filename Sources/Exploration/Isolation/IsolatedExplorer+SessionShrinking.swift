import Contracts
import Runner

extension IsolatedExplorer {
  /// Replays and shrinks a recorded session in a worker process, as ``SessionShrinker`` does in
  /// this one, so a subject that traps, exits, crashes or hangs ends only the worker.
  ///
  /// - Parameters:
  ///   - caseText: The session as a suite case block (`case session "…"` and its steps).
  ///   - subject: The subject to replay against; the worker finds it by name.
  ///   - replayLimit: The most replays shrinking may spend.
  /// - Returns: The shrunk failure, or how the subject broke the worker.
  /// - Throws: ``IsolationError`` when no worker can be started or it refuses the request.
  package func shrinkSession(
    _ caseText: String, of subject: SubjectEntry, replayLimit: Int
  ) throws(IsolationError) -> IsolatedSessionShrink {
    let lines = caseText.split(separator: "\n", omittingEmptySubsequences: false)
    let count = lines.last?.isEmpty == true ? lines.count - 1 : lines.count
    return try shrinkSession(
      lineCount: count,
      lines: { body in
        for line in lines.prefix(count) { body(String(line)) }
      }, of: subject, replayLimit: replayLimit)
  }

  /// Replays and shrinks a recorded session in a worker process, its case block streamed to the
  /// worker a line at a time after the request (never built as one text, never one message),
  /// while the worker reads each line as it comes and reports every
  /// ``ExplorationMessage/linesPerProgress`` lines read, so the watchdog sees progress while a
  /// huge session is read, as it sees each replayed step after.
  ///
  /// - Parameters:
  ///   - lineCount: How many lines `lines` gives.
  ///   - lines: Calls its argument with each line of the case block (`case session "…"`, its
  ///     `requires` and `values` lines, its steps), without line ends.
  ///   - subject: The subject to replay against; the worker finds it by name.
  ///   - replayLimit: The most replays shrinking may spend.
  /// - Returns: The shrunk failure, or how the subject broke the worker.
  /// - Throws: ``IsolationError`` when no worker can be started or it refuses the request.
  package func shrinkSession(
    lineCount: Int, lines: (_ body: (String) -> Void) -> Void, of subject: SubjectEntry,
    replayLimit: Int
  ) throws(IsolationError) -> IsolatedSessionShrink {
    var request = self.request(kind: .shrink, subject: subject)
    request.shrinkReplayLimit = replayLimit
    request.caseLines = lineCount
    let watched = try watch(request) { process in
      // Lines go in pieces of about 64 kB: one write each, the pipe's size.
      var piece: [UInt8] = []
      piece.reserveCapacity(1 << 16 + 256)
      var open = true
      lines { line in
        guard open else { return }
        if !piece.isEmpty { piece.append(UInt8(ascii: "\n")) }
        piece += line.utf8
        if piece.count >= 1 << 16 {
          open = process.send(line: piece)
          piece.removeAll(keepingCapacity: true)
        }
      }
      if open && !piece.isEmpty { open = process.send(line: piece) }
      return open
    }
    switch watched.end {
    case .interrupted:
      return .interrupted
    case .crashed, .hung:
      return .broke(watched.end.description)
    case .answered(let reply):
      switch reply.kind {
      case .shrunk:
        return .shrunk(reply.shrunk?.session)
      case .unreplayable:
        return .unreplayable(reply.problem ?? "the worker could not replay it")
      case .diverged:
        return .diverged(reply.problem ?? "the subject behaved otherwise than the app")
      default:
        throw IsolationError(
          description: "the worker shrinking a session for '\(subject.name)' refused: "
            + (reply.problem ?? "it answered '\(reply.kind.rawValue)'"))
      }
    }
  }
}
