import Contracts
import Runner

/// The messages between an isolated exploration and its worker processes.
///
/// The exploration writes one request, a JSON object on a line, to the worker's standard input;
/// a `shrink` request with ``Request/caseLines`` is followed by that many lines, the recorded
/// session's case block, which the worker reads one at a time. The worker answers on descriptor
/// 3, through the crash-safe reply buffer: `q<N>` before it generates sequence N, `p` after each
/// ``linesPerProgress`` lines of a session it read, `h` after each step it replays while it
/// shrinks and classifies a failure, `t<text>` before each step of a recorded sequence, and one
/// JSON object (``Reply``) when it is done. Its fatal-signal handler writes a `crashing` reply.
enum ExplorationMessage {
  /// The version of the messages; a worker refuses requests of another.
  static let version = 1
  /// How many lines of a streamed session the worker reads between two `p` replies.
  static let linesPerProgress = 1024

  /// What a request asks, spelt on the wire as its raw value.
  enum RequestKind: WireKind {
    /// Explore a subject, until its budget is spent or a failure is found.
    case explore
    /// Generate one sequence again, saying each step before it runs.
    case record
    /// Replay a recorded session and shrink its failure, as `stategate import` does.
    case shrink
    /// A kind this build does not know.
    case unknown(String)

    init(rawValue: String) {
      switch rawValue {
      case "explore": self = .explore
      case "record": self = .record
      case "shrink": self = .shrink
      default: self = .unknown(rawValue)
      }
    }

    var rawValue: String {
      switch self {
      case .explore: "explore"
      case .record: "record"
      case .shrink: "shrink"
      case .unknown(let word): word
      }
    }
  }

  /// What a worker's last word tells, spelt on the wire as its raw value.
  enum ReplyKind: WireKind {
    /// What exploring the subject did and found (with ``Reply/exploration``).
    case explored
    /// A recorded sequence's failure, if it failed (with ``Reply/failure``).
    case recorded
    /// A recorded session's shrunk failure (with ``Reply/shrunk``; absent when every step passed).
    case shrunk
    /// A recorded session that does not replay on the subject (with ``Reply/problem``).
    case unreplayable
    /// A sound recorded session that this subject cannot replay in full, as it behaved otherwise
    /// than the app (with ``Reply/problem``).
    case diverged
    /// The request could not be served (with ``Reply/problem``).
    case refused
    /// Written by the worker's fatal-signal handler (`CPlatform`), with ``Reply/signal``.
    case crashing
    /// A kind this build does not know.
    case unknown(String)

    init(rawValue: String) {
      switch rawValue {
      case "explored": self = .explored
      case "recorded": self = .recorded
      case "shrunk": self = .shrunk
      case "unreplayable": self = .unreplayable
      case "diverged": self = .diverged
      case "refused": self = .refused
      case "crashing": self = .crashing
      default: self = .unknown(rawValue)
      }
    }

    var rawValue: String {
      switch self {
      case .explored: "explored"
      case .recorded: "recorded"
      case .shrunk: "shrunk"
      case .unreplayable: "unreplayable"
      case .diverged: "diverged"
      case .refused: "refused"
      case .crashing: "crashing"
      case .unknown(let word): word
      }
    }
  }

  /// What the exploration asks a worker to do.
  struct Request: Codable, Sendable {
    /// The message version.
    var version = ExplorationMessage.version
    /// What is asked.
    var kind: RequestKind
    /// The subject's name.
    var subject: String
    /// The exploration's seed, in decimal (JSON numbers lose 64-bit precision).
    var seed: String
    /// The most steps a sequence has.
    var maxSteps: Int
    /// The most replays a shrink may spend.
    var shrinkReplayLimit: Int
    /// The shard of the seed space.
    var shardIndex: Int
    /// The number of shards.
    var shardCount: Int
    /// For `explore` with a budget of sequences: how many.
    var sequences: Int?
    /// For `explore` with a time budget: the seconds this subject has.
    var seconds: Double?
    /// For `record`: the sequence to generate again.
    var sequence: Int?
    /// For `shrink`: a recorded session as a suite case block, to replay and shrink.
    var caseText: String?
    /// For `shrink`, instead of ``caseText``: how many lines of the case block follow the
    /// request on standard input, one a line.
    var caseLines: Int?
  }

  /// A worker's last word.
  struct Reply: Codable, Sendable {
    /// The message version.
    var version = ExplorationMessage.version
    /// What is told.
    var kind: ReplyKind
    /// For `crashing`: the fatal signal.
    var signal: Int?
    /// For `explored`: what exploring the subject did and found.
    var exploration: Exploration?
    /// For `recorded`: the sequence's failure, if it failed.
    var failure: RecordedFailure?
    /// For `refused` and `unreplayable`: why.
    var problem: String?
    /// For `shrunk`: the session's shrunk failure; absent when every step passed.
    var shrunk: Shrunk?
  }

  /// A recorded session's shrunk failure, as a worker reports it.
  struct Shrunk: Codable, Sendable {
    var failingAction: Int
    var performedBeforeShrinking: Int
    var firstSeen: String
    var keptActions: [Int]
    var caseLines: [String]
    var requirements: [String]
    var replays: Int
    var failingKeys: [String]
    /// Absent from an older worker's reply, and when empty.
    var unnamedReads: [String]?

    init(_ session: ShrunkSession) {
      failingAction = session.failingAction
      performedBeforeShrinking = session.performedBeforeShrinking
      firstSeen = session.firstSeen
      keptActions = session.keptActions
      caseLines = session.caseLines
      requirements = session.requirements.map(\.rawValue)
      replays = session.replays
      failingKeys = session.failingKeys
      unnamedReads = session.unnamedReads.isEmpty ? nil : session.unnamedReads
    }

    /// The shrunk session it reports.
    var session: ShrunkSession {
      ShrunkSession(
        failingAction: failingAction, performedBeforeShrinking: performedBeforeShrinking,
        firstSeen: firstSeen, keptActions: keptActions, caseLines: caseLines,
        requirements: requirements.map(SubjectCapability.init(rawValue:)), replays: replays,
        failingKeys: failingKeys, unnamedReads: unnamedReads ?? [])
    }
  }

  /// What exploring one subject did, as a worker reports it.
  struct Exploration: Codable, Sendable {
    var sequences: Int
    var steps: Int
    var durationSeconds: Double
    var coverage: Coverage
    var finding: Found?
  }

  /// A shrunk failure as a worker reports it; the exploration runs the case again, isolated, for
  /// its result.
  struct Found: Codable, Sendable {
    var sequence: Int
    var generatedSteps: Int
    var shrunkSteps: Int
    var replays: Int
    var secondsToFind: Double
    var firstSeen: String
    var caseText: String
    var suiteText: String
  }
}

extension ExplorationMessage.Request {
  /// The options the request explores with.
  var options: ExplorationOptions? {
    guard let seed = UInt64(seed), maxSteps >= 1, shardCount >= 1,
      (1...shardCount).contains(shardIndex)
    else { return nil }
    return ExplorationOptions(
      seed: seed, budget: sequences.map { .sequences($0) } ?? .seconds(seconds ?? 0),
      maxSteps: maxSteps, shard: .init(shardIndex, of: shardCount),
      shrinkReplayLimit: shrinkReplayLimit)
  }
}
