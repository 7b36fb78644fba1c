import Contracts
import RunModel

/// The messages between a run and its worker processes.
///
/// One JSON object per line: requests on the worker's standard input, replies on its descriptor
/// 3. Every message carries a version; a worker refuses requests of another version. Version 2
/// sends a case packed (``CaseWireForm``) instead of as suite text, and workers write steps in
/// batches.
enum WorkerMessage {
  /// The version of the messages.
  static let version = 2

  /// What a request asks, spelt on the wire as its raw value; a kind this build does not know
  /// decodes as ``unknown(_:)``, so the worker can refuse it by name.
  enum RequestKind: WireKind {
    /// Replace the values a subject produces from now on (with ``Request/salt``).
    case deidentify
    /// Report a fresh subject's capabilities.
    case describe
    /// Run one case.
    case run
    /// A kind this build does not know.
    case unknown(String)

    init(rawValue: String) {
      switch rawValue {
      case "deidentify": self = .deidentify
      case "describe": self = .describe
      case "run": self = .run
      default: self = .unknown(rawValue)
      }
    }

    var rawValue: String {
      switch self {
      case .deidentify: "deidentify"
      case .describe: "describe"
      case .run: "run"
      case .unknown(let word): word
      }
    }
  }

  /// What a reply tells, spelt on the wire as its raw value (steps travel as their own lines,
  /// not as replies); a kind this build does not know decodes as ``unknown(_:)``.
  enum ReplyKind: WireKind {
    /// A fresh subject's capabilities (with ``Reply/capabilities``).
    case described
    /// What the capability probes found, after ``described`` (with ``Reply/implemented``); a
    /// probe that breaks the worker loses only this reply.
    case probed
    /// The case failed and is being classified.
    case classifying
    /// The case ended (with ``Reply/result``).
    case finished
    /// A test hook holds the worker at classification.
    case holding
    /// The request could not be served (with ``Reply/problem``).
    case refused
    /// Written by the worker's fatal-signal handler (`CPlatform`), with ``Reply/signal``.
    case crashing
    /// A kind this build does not know.
    case unknown(String)

    init(rawValue: String) {
      switch rawValue {
      case "described": self = .described
      case "probed": self = .probed
      case "classifying": self = .classifying
      case "finished": self = .finished
      case "holding": self = .holding
      case "refused": self = .refused
      case "crashing": self = .crashing
      default: self = .unknown(rawValue)
      }
    }

    var rawValue: String {
      switch self {
      case .described: "described"
      case .probed: "probed"
      case .classifying: "classifying"
      case .finished: "finished"
      case .holding: "holding"
      case .refused: "refused"
      case .crashing: "crashing"
      case .unknown(let word): word
      }
    }
  }

  /// What the run asks a worker to do.
  struct Request: Codable, Sendable {
    /// The message version.
    var version = WorkerMessage.version
    /// What is asked.
    var kind: RequestKind
    /// The subject's name.
    var subject: String
    /// For `run`: the id of the case's suite.
    var suite: String?
    /// For `run`: the case, its steps packed, with their lines in the original suite file.
    var contractCase: CaseWireForm?
    /// A test hook: hold at this point of the case (`classification`) until killed.
    var holdAt: String?
    /// For `deidentify`: the run's salt, in hex.
    var salt: String?
    /// For `deidentify`: the words the run's suites typed, which stay in clear.
    var typed: [String]?
  }

  /// What a worker tells the run.
  struct Reply: Codable, Sendable {
    /// The message version.
    var version = WorkerMessage.version
    /// What is told.
    var kind: ReplyKind
    /// For `crashing`: the fatal signal.
    var signal: Int?
    /// For `described`: what a fresh subject declares.
    var declarations: SubjectDeclarations?
    /// For `probed`: the methods a fresh subject implements whose capability it leaves
    /// undeclared (``CapabilityProbe/method``).
    var implemented: [String]?
    /// For `finished`: how the case ended.
    var result: Result?
    /// For `refused`: why the request could not be served.
    var problem: String?
  }

  /// How a case ended in the worker.
  struct Result: Codable, Hashable, Sendable {
    /// `passed`, `failed`, `skipped` or `interrupted`.
    var outcome: String
    var skipReason: String?
    var failureClass: String?
    var reason: String?
    /// The reason as data, for the console in a person's language; absent when not classified.
    var explanation: Reason?
    /// The other explanations that survived, ranked; absent for a confident verdict.
    var alternatives: [Alternative]?
  }

  /// One explanation ranked after the first.
  struct Alternative: Codable, Hashable, Sendable {
    var failureClass: String
    var reason: String
    /// The reason as data.
    var explanation: Reason?
  }
}
