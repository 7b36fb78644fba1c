import Contracts
import ResultSchema

/// A value that differed from what a step expected, or a broken invariant.
package struct Mismatch: Hashable, Sendable, CustomStringConvertible {
  /// The state key, such as `value` or `a.pending`.
  package var key: String
  /// How the observed value had to relate to ``expected``.
  package var relation: Expectation.Relation
  /// What was expected (for a captured value, the value captured).
  package var expected: StateValue
  /// The capture the expected value came from, such as `start`, or `nil` for a literal.
  package var capture: String?
  /// What was observed; `nil` when the subject did not report the key.
  package var actual: StateValue?
  /// The invariant that was broken, or `nil` for an expectation the suite stated.
  package var invariant: String?

  /// Creates a mismatch.
  package init(
    key: String, relation: Expectation.Relation = .equal, expected: StateValue,
    capture: String? = nil, actual: StateValue?, invariant: String? = nil
  ) {
    self.key = key
    self.relation = relation
    self.expected = expected
    self.capture = capture
    self.actual = actual
    self.invariant = invariant
  }

  /// Whether the suite asked for this exact value (`key=value`), as opposed to `key!=value` or an
  /// invariant.
  package var isStatedEquality: Bool { relation == .equal && invariant == nil }

  /// The mismatch as one phrase, as ``FailureWriter`` words it: `expected value=0, got 90`,
  /// `expected value=24 (end), got 16`.
  package var description: String {
    FailureWriter.phrase(EventRecord.Value(self))
  }
}

extension [Mismatch] {
  /// The mismatches as one line, `; `-separated, each once, as ``FailureWriter`` words them: an
  /// invariant broken with exactly the values of a stated expectation before it is folded into
  /// that one: `expected a=1, got 0 (and invariant: …)`.
  package var summary: String {
    FailureWriter.phrases(map(EventRecord.Value.init)).joined(separator: "; ")
  }
}

extension EventRecord.Value {
  /// The `events.jsonl` record of a mismatch, values written as suites write them.
  package init(_ mismatch: Mismatch) {
    self.init(
      key: mismatch.key, relation: mismatch.relation == .equal ? nil : mismatch.relation.rawValue,
      expected: mismatch.expected.spelled(for: mismatch.key), capture: mismatch.capture,
      actual: mismatch.actual?.spelled(for: mismatch.key), invariant: mismatch.invariant)
  }
}
