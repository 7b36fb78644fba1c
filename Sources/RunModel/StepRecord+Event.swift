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
  package init(_ step: StepRecord, seq: Int, suite: String, case caseID: String, subject: String) {
    self.init(
      seq: seq, suite: suite, case: caseID, subject: subject, step: step.number,
      line: step.line, action: step.action.description,
      before: Self.dictionary(step.before), after: Self.dictionary(step.after),
      expectations: step.expectations.map { expectation in
        var capture: String?
        if case .capture(let name) = expectation.operand { capture = name }
        return EventRecord.Value(
          key: expectation.key, relation: Self.relationText(expectation.relation),
          expected: expectation.operand.spelled(for: expectation.key), capture: capture)
      },
      captures: step.captures.isEmpty
        ? nil : step.captures.map { EventRecord.CapturedValue(key: $0.key, name: $0.name) },
      mismatches: step.mismatches.map(EventRecord.Value.init),
      verdict: step.passed ? "pass" : "fail", notes: step.notes)
  }

  private static func dictionary(_ snapshot: StateSnapshot) -> [String: String] {
    Dictionary(snapshot.fields.map { ($0.key, $0.value.spelled(for: $0.key)) }) { first, _ in first
    }
  }

  /// `!=` for a negated comparison; `nil` (left out of the record) for `=`.
  static func relationText(_ relation: Expectation.Relation) -> String? {
    relation == .equal ? nil : relation.rawValue
  }
}

extension StepRecord {
  /// The step's `events.jsonl` record as JSON bytes, without a newline: the same bytes as
  /// `EventRecord.Step(self, …).jsonBytes()`, built without a dictionary per snapshot.
  ///
  /// - Parameters:
  ///   - seq: The record's position in the log (0 until a recorder places it).
  ///   - suite: The suite id.
  ///   - caseID: The case id.
  ///   - subject: The subject's name.
  /// - Returns: The record's bytes.
  package func eventBytes(seq: Int, suite: String, case caseID: String, subject: String)
    -> [UInt8]
  {
    StepEncoder().bytes(of: self, seq: seq, suite: suite, case: caseID, subject: subject)
  }

  /// A step rebuilt from its `events.jsonl` record and the step as the plan holds it; observed
  /// values come back as text, written as suites write them.
  package init(_ record: EventRecord.Step, of step: ContractStep) {
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

/// Writes step records one after another, reusing what consecutive steps share.
///
/// A step's `before` is usually the step before's `after`, and a case's snapshots keep the same
/// keys, so each state is escaped once and each key order sorted once. Same bytes as
/// ``StepRecord/eventBytes(seq:suite:case:subject:)``.
package final class StepEncoder {
  private var lastState: StateSnapshot?
  private var lastObject: [UInt8] = []
  private var lastKeys: [String] = []
  private var lastOrder: [Int] = []

  /// Creates an encoder with nothing remembered.
  package init() {}

  /// The record of `step` as JSON bytes, without a newline.
  ///
  /// - Parameters:
  ///   - step: The step.
  ///   - seq: The record's position in the log (0 until a recorder places it).
  ///   - suite: The suite id.
  ///   - caseID: The case id.
  ///   - subject: The subject's name.
  /// - Returns: The record's bytes.
  package func bytes(
    of step: StepRecord, seq: Int, suite: String, case caseID: String, subject: String
  ) -> [UInt8] {
    let before = object(step.before)
    let after = object(step.after)
    return EventRecord.Step.jsonBytes(
      seq: seq, suite: suite, case: caseID, subject: subject, step: step.number, line: step.line,
      action: step.action.description, beforeObject: before, afterObject: after,
      expectations: step.expectations.map { expectation in
        var capture: String?
        if case .capture(let name) = expectation.operand { capture = name }
        return EventRecord.Value(
          key: expectation.key, relation: EventRecord.Step.relationText(expectation.relation),
          expected: expectation.operand.spelled(for: expectation.key), capture: capture)
      },
      captures: step.captures.isEmpty
        ? nil : step.captures.map { EventRecord.CapturedValue(key: $0.key, name: $0.name) },
      mismatches: step.mismatches.map(EventRecord.Value.init),
      verdict: step.passed ? "pass" : "fail", notes: step.notes)
  }

  /// The JSON object of `state`, from the last one written when it is the same.
  private func object(_ state: StateSnapshot) -> [UInt8] {
    if let lastState, lastState == state { return lastObject }
    let fields = state.fields
    if fields.count != lastKeys.count || !zip(fields, lastKeys).allSatisfy({ $0.key == $1 }) {
      lastKeys = fields.map(\.key)
      lastOrder = fields.indices.sorted { fields[$0].key < fields[$1].key }
    }
    let pairs = lastOrder.map { index in
      (key: fields[index].key, value: fields[index].value.spelled(for: fields[index].key))
    }
    lastObject = EventRecord.Step.objectBytes(pairs)
    lastState = state
    return lastObject
  }
}

/// A finished step as an isolated run reports it: its `events.jsonl` record, already encoded
/// (with `seq` 0, for the recorder to place), so the run passes it on without decoding it.
package struct EncodedStep: Sendable {
  /// The step's number within its case, from 1.
  package var number: Int
  /// Whether it met every expectation and invariant.
  package var passed: Bool
  /// The record's JSON, one line without its newline.
  package var record: [UInt8]

  /// Creates an encoded step.
  package init(number: Int, passed: Bool, record: [UInt8]) {
    self.number = number
    self.passed = passed
    self.record = record
  }
}
