import Contracts
import ResultSchema

extension EventRecord.Step {
  /// The `events.jsonl` record of `step`, values written as suites write them.
  ///
  /// - Parameters:
  ///   - step: The step.
  ///   - seq: The record's position in the log (0 until a recorder places it).
  ///   - suite: The suite id.
  ///   - caseID: The case id.
  ///   - subject: The subject's name.
  public init(_ step: StepRecord, seq: Int, suite: String, case caseID: String, subject: String) {
    self.init(
      seq: seq, suite: suite, case: caseID, subject: subject, step: step.number,
      line: step.line, action: step.action.description,
      before: Self.dictionary(step.before), after: Self.dictionary(step.after),
      expectations: step.expectations.map { expectation in
        var capture: String?
        if case .capture(let name) = expectation.operand { capture = name }
        return EventRecord.Value(
          key: expectation.key, relation: Self.relationText(expectation.relation),
          expected: expectation.operand.description, capture: capture)
      },
      captures: step.captures.isEmpty
        ? nil : step.captures.map { EventRecord.CapturedValue(key: $0.key, name: $0.name) },
      mismatches: step.mismatches.map {
        EventRecord.Value(
          key: $0.key, relation: Self.relationText($0.relation), expected: $0.expected.description,
          capture: $0.capture, actual: $0.actual?.description, invariant: $0.invariant)
      }, verdict: step.passed ? "pass" : "fail", notes: step.notes)
  }

  private static func dictionary(_ snapshot: StateSnapshot) -> [String: String] {
    Dictionary(snapshot.fields.map { ($0.key, $0.value.description) }) { first, _ in first }
  }

  /// `!=` for a negated comparison; `nil` (left out of the record) for `=`.
  private static func relationText(_ relation: Expectation.Relation) -> String? {
    relation == .equal ? nil : relation.rawValue
  }
}

extension StepRecord {
  /// A step rebuilt from its `events.jsonl` record and the step as the plan holds it; observed
  /// values come back as text, written as suites write them.
  public init(_ record: EventRecord.Step, of step: ContractStep) {
    self.init(
      number: record.step, line: step.line, action: step.action,
      before: StateSnapshot(
        record.before.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .text($0.value)) }),
      after: StateSnapshot(
        record.after.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .text($0.value)) }),
      expectations: step.expectations, captures: step.captures,
      mismatches: record.mismatches.map {
        Mismatch(
          key: $0.key, relation: $0.relation == "!=" ? .notEqual : .equal,
          expected: .text($0.expected), capture: $0.capture, actual: $0.actual.map { .text($0) },
          invariant: $0.invariant)
      }, notes: record.notes)
  }
}

/// A finished step as an isolated run reports it: its `events.jsonl` record, already encoded
/// (with `seq` 0, for the recorder to place), so the run passes it on without decoding it.
public struct EncodedStep: Sendable {
  /// The step's number within its case, from 1.
  public var number: Int
  /// Whether it met every expectation and invariant.
  public var passed: Bool
  /// The record's JSON, one line without its newline.
  public var record: [UInt8]

  /// Creates an encoded step.
  public init(number: Int, passed: Bool, record: [UInt8]) {
    self.number = number
    self.passed = passed
    self.record = record
  }
}
