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

  /// What the run asks a worker to do.
  struct Request: Codable, Sendable {
    /// The message version.
    var version = WorkerMessage.version
    /// `deidentify` (replace the values a subject produces from now on), `describe` (report a
    /// fresh subject's capabilities) or `run` (run one case).
    var kind: String
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
    /// `described`, `step`, `classifying`, `finished`, `holding`, `refused`, or `crashing`
    /// (written by the worker's fatal-signal handler, with `signal`).
    var kind: String
    /// For `crashing`: the fatal signal.
    var signal: Int?
    /// For `described`: the capabilities of a fresh subject.
    var capabilities: [String]?
    /// For `step`: the step.
    var step: Step?
    /// For `finished`: how the case ended.
    var result: Result?
    /// For `refused`: why the request could not be served.
    var problem: String?
  }

  /// A state value on the wire.
  enum Value: Codable, Hashable, Sendable {
    case int(Int)
    case bool(Bool)
    case text(String)
    case list([String])

    init(_ value: StateValue) {
      switch value {
      case .int(let number): self = .int(number)
      case .bool(let flag): self = .bool(flag)
      case .text(let text): self = .text(text)
      case .list(let items): self = .list(items)
      }
    }

    var state: StateValue {
      switch self {
      case .int(let number): .int(number)
      case .bool(let flag): .bool(flag)
      case .text(let text): .text(text)
      case .list(let items): .list(items)
      }
    }
  }

  /// A snapshot field on the wire.
  struct Field: Codable, Hashable, Sendable {
    var key: String
    var value: Value
  }

  /// A mismatch on the wire.
  struct Mismatch: Codable, Hashable, Sendable {
    var key: String
    var notEqual: Bool?
    var expected: Value
    var capture: String?
    var actual: Value?
    var invariant: String?
  }

  /// One step's observations; the run knows the step itself from its plan.
  struct Step: Codable, Hashable, Sendable {
    var number: Int
    var before: [Field]
    var after: [Field]
    var mismatches: [Mismatch]
    var notes: [String]
  }

  /// How a case ended in the worker.
  struct Result: Codable, Hashable, Sendable {
    /// `passed`, `failed`, `skipped` or `interrupted`.
    var outcome: String
    var skipReason: String?
    var failureClass: String?
    var reason: String?
    /// The other explanations that survived, ranked; absent for a confident verdict.
    var alternatives: [Alternative]?
  }

  /// One explanation ranked after the first.
  struct Alternative: Codable, Hashable, Sendable {
    var failureClass: String
    var reason: String
  }
}

extension WorkerMessage.Step {
  /// The wire form of `record`.
  init(_ record: StepRecord) {
    number = record.number
    before = record.before.fields.map { .init(key: $0.key, value: .init($0.value)) }
    after = record.after.fields.map { .init(key: $0.key, value: .init($0.value)) }
    mismatches = record.mismatches.map {
      WorkerMessage.Mismatch(
        key: $0.key, notEqual: $0.relation == .notEqual ? true : nil,
        expected: .init($0.expected), capture: $0.capture, actual: $0.actual.map { .init($0) },
        invariant: $0.invariant)
    }
    notes = record.notes
  }

  /// The step record, with the step as the plan holds it.
  func record(of step: ContractStep) -> StepRecord {
    StepRecord(
      number: number, line: step.line, action: step.action,
      before: StateSnapshot(before.map { .init(key: $0.key, value: $0.value.state) }),
      after: StateSnapshot(after.map { .init(key: $0.key, value: $0.value.state) }),
      expectations: step.expectations, captures: step.captures,
      mismatches: mismatches.map {
        RunModel.Mismatch(
          key: $0.key, relation: $0.notEqual == true ? .notEqual : .equal,
          expected: $0.expected.state, capture: $0.capture, actual: $0.actual?.state,
          invariant: $0.invariant)
      }, notes: notes)
  }
}
