import Contracts
import Foundation
import RunModel
import Runner

/// The worker side of isolated exploration: reads one request from standard input, explores or
/// records as it asks, and replies on descriptor 3.
///
/// A worker is the exploration's own executable started again, so it knows the same subjects.
/// If a subject traps, exits or hangs, only the worker is lost: the exploration records what it
/// was doing and makes it a finding.
@MainActor
package enum ExplorationWorker {
  /// The environment variable that starts the executable as an exploration worker, with
  /// `<message version>:<parent pid>` as its value.
  package nonisolated static let environmentKey = "STATEGATE_EXPLORE_WORKER"

  /// Serves one request.
  ///
  /// - Parameters:
  ///   - subjects: The subjects a request may name.
  ///   - setting: The value of ``environmentKey``.
  ///   - clock: A monotonic clock in seconds.
  /// - Returns: The exit status: 0 when the request was served, 70 when the request or the
  ///   parent is not what a worker expects.
  package static func serve(
    subjects: [SubjectEntry], setting: String, clock: @escaping @Sendable () -> Double
  ) -> Int32 {
    let parts = setting.split(separator: ":")
    guard parts.count == 2, Int(parts[0]) == ExplorationMessage.version,
      let parent = Int32(parts[1])
    else {
      FileHandle.standardError.write(
        Data("stategate explore worker: unsupported \(environmentKey)='\(setting)'\n".utf8))
      return 70
    }
    guard WorkerLoop.attach(toParent: parent), let replies = ReplyWriter(descriptor: 3) else {
      return 70
    }
    replies.sendHandshake()
    func answer(_ reply: ExplorationMessage.Reply) -> Int32 {
      guard let bytes = try? JSONEncoder().encode(reply) else { return 70 }
      replies.send(line: bytes)
      replies.flush()
      return reply.kind == .refused ? 70 : 0
    }
    guard let line = readLine(strippingNewline: true),
      let request = try? JSONDecoder().decode(
        ExplorationMessage.Request.self, from: Data(line.utf8)),
      request.version == ExplorationMessage.version, let options = request.options
    else {
      return answer(
        .init(kind: .refused, problem: "not a request of version \(ExplorationMessage.version)"))
    }
    guard let subject = subjects.first(where: { $0.name == request.subject }) else {
      return answer(.init(kind: .refused, problem: "no subject named '\(request.subject)'"))
    }
    var explorer = Explorer(options: options, clock: clock)
    switch request.kind {
    case .explore:
      explorer.onProgress = { sequence in
        if let sequence {
          replies.send(line: Array("q\(sequence)".utf8))
        } else {
          replies.send(line: [UInt8(ascii: "h")])
        }
      }
      let explored = explorer.explore(subject, until: request.seconds.map { clock() + $0 })
      return answer(.init(kind: .explored, exploration: .init(explored)))
    case .record:
      guard let sequence = request.sequence else {
        return answer(.init(kind: .refused, problem: "a record request without a sequence"))
      }
      let failure = explorer.record(subject, sequence: sequence) { text in
        replies.send(line: Array("t\(text)".utf8))
        replies.flush()
      }
      return answer(.init(kind: .recorded, failure: failure))
    case .shrink:
      let heartbeat = { replies.send(line: [UInt8(ascii: "h")]) }
      if let count = request.caseLines {
        return answer(
          shrink(
            lineCount: count, of: subject, replayLimit: request.shrinkReplayLimit,
            onLines: { replies.send(line: [UInt8(ascii: "p")]) }, onStep: heartbeat))
      }
      guard let caseText = request.caseText else {
        return answer(.init(kind: .refused, problem: "a shrink request without a session"))
      }
      return answer(
        shrink(caseText, of: subject, replayLimit: request.shrinkReplayLimit, onStep: heartbeat))
    case .unknown(let word):
      return answer(.init(kind: .refused, problem: "unknown request '\(word)'"))
    }
  }
}

extension ExplorationWorker {
  /// Replays and shrinks a recorded session, as `stategate import` does in its own process.
  ///
  /// - Parameters:
  ///   - caseText: The session as a suite case block.
  ///   - subject: The subject to replay against.
  ///   - replayLimit: The most replays shrinking may spend.
  ///   - onStep: Called after each step a replay performs.
  /// - Returns: A `shrunk` reply, or `unreplayable` with the reason.
  static func shrink(
    _ caseText: String, of subject: SubjectEntry, replayLimit: Int,
    onStep: @escaping () -> Void
  ) -> ExplorationMessage.Reply {
    let suiteText =
      "suite recording family \(subject.family.rawValue) \"A recorded session\"\n\n" + caseText
    do {
      let suite = try SuiteReader.parse(suiteText, source: "recording")
      var shrinker = SessionShrinker(subject: subject, replayLimit: replayLimit)
      shrinker.onStep = onStep
      let shrunk = try shrinker.shrink(suite.cases.first?.steps.map(\.action) ?? [])
      return .init(kind: .shrunk, shrunk: shrunk.map(ExplorationMessage.Shrunk.init))
    } catch let error as SessionTranslationError {
      return unreplayed(error)
    } catch {
      return .init(kind: .unreplayable, problem: "\(error)")
    }
  }
}

extension ExplorationWorker {
  /// Reads a recorded session's case block of `lineCount` lines from standard input, one line
  /// at a time (its steps' actions kept, not its text), then replays and shrinks it.
  ///
  /// - Parameters:
  ///   - lineCount: How many lines follow the request.
  ///   - subject: The subject to replay against.
  ///   - replayLimit: The most replays shrinking may spend.
  ///   - onLines: Called after each ``ExplorationMessage/linesPerProgress`` lines read.
  ///   - onStep: Called after each step a replay performs.
  /// - Returns: A `shrunk` reply, `unreplayable` with the reason, or `refused` when the lines
  ///   end early.
  static func shrink(
    lineCount: Int, of subject: SubjectEntry, replayLimit: Int,
    onLines: @escaping () -> Void, onStep: @escaping () -> Void
  ) -> ExplorationMessage.Reply {
    let session: [ContractAction]
    switch readSession(lineCount: lineCount, family: subject.family, onLines: onLines) {
    case .success(let actions): session = actions
    case .failure(let refusal): return refusal.reply
    }
    var shrinker = SessionShrinker(subject: subject, replayLimit: replayLimit)
    shrinker.onStep = onStep
    do {
      let shrunk = try shrinker.shrink(session)
      return .init(kind: .shrunk, shrunk: shrunk.map(ExplorationMessage.Shrunk.init))
    } catch {
      return unreplayed(error)
    }
  }

  /// The reply for a session the shrinker could not replay: `diverged` when only this subject
  /// cannot replay it in full (it behaved otherwise than the app), else `unreplayable`.
  private static func unreplayed(_ error: SessionTranslationError) -> ExplorationMessage.Reply {
    .init(kind: error.dependsOnSubject ? .diverged : .unreplayable, problem: "\(error)")
  }
}

extension ExplorationWorker {
  /// Why a streamed session could not be read: the reply that says so.
  struct SessionRefusal: Error {
    var reply: ExplorationMessage.Reply
  }

  /// Reads the `lineCount` lines of a session's case block from standard input and keeps only
  /// its steps' actions (the reader's tables are gone when this returns).
  private static func readSession(
    lineCount: Int, family: ContractFamily, onLines: () -> Void
  ) -> Result<[ContractAction], SessionRefusal> {
    // A reference, so the reader's closure appends without copying the session.
    final class Actions {
      var list: [ContractAction] = []
    }
    let actions = Actions()
    var reader = SuiteLineReader(source: "recording") { actions.list.append($0.action) }
    do {
      try reader.read("suite recording family \(family.rawValue) \"A recorded session\"")
      try reader.read("")
      for number in 0..<lineCount {
        guard let line = readLine(strippingNewline: true) else {
          return .failure(
            SessionRefusal(
              reply: .init(
                kind: .refused,
                problem: "the session ended after \(number) of \(lineCount) lines")))
        }
        try reader.read(line)
        if (number + 1) % ExplorationMessage.linesPerProgress == 0 { onLines() }
      }
      _ = try reader.finish()
    } catch {
      return .failure(SessionRefusal(reply: .init(kind: .unreplayable, problem: "\(error)")))
    }
    let list = actions.list
    actions.list = []
    return .success(list)
  }
}

extension ExplorationMessage.Exploration {
  /// What `exploration` did, for the wire.
  init(_ exploration: SubjectExploration) {
    sequences = exploration.sequences
    steps = exploration.steps
    durationSeconds = exploration.durationSeconds
    coverage = exploration.coverage
    finding = exploration.finding.map {
      ExplorationMessage.Found(
        sequence: $0.sequence, generatedSteps: $0.generatedSteps, shrunkSteps: $0.shrunkSteps,
        replays: $0.replays, secondsToFind: $0.secondsToFind, firstSeen: $0.firstSeen,
        caseText: $0.caseText, suiteText: $0.suiteText)
    }
  }
}
