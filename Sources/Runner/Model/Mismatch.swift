import Contracts

/// A value that differed from what a step expected, or a broken invariant.
public struct Mismatch: Hashable, Sendable, CustomStringConvertible {
  /// The state key, such as `value` or `a.pending`.
  public var key: String
  /// What was expected.
  public var expected: StateValue
  /// What was observed; `nil` when the subject did not report the key.
  public var actual: StateValue?
  /// The invariant that was broken, or `nil` for an expectation the suite stated.
  public var invariant: String?

  /// Creates a mismatch.
  public init(key: String, expected: StateValue, actual: StateValue?, invariant: String? = nil) {
    self.key = key
    self.expected = expected
    self.actual = actual
    self.invariant = invariant
  }

  /// The mismatch as one phrase: `expected value=0, got 90`.
  public var description: String {
    let got = actual?.description ?? "nothing"
    let text = "expected \(key)=\(expected), got \(got)"
    return invariant.map { "\(text) (invariant: \($0))" } ?? text
  }
}
