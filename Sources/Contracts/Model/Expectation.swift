/// An expected value after a step, written `key=value` after the step's `=>`.
public struct Expectation: Hashable, Sendable, CustomStringConvertible {
  /// The key, such as `value`, `canRedo` or `a.pending`.
  public var key: String
  /// The expected value.
  public var value: StateValue
  /// The 1-based column of the key in the suite file, for diagnostics.
  public var column: Int

  /// Creates an expectation.
  public init(key: String, value: StateValue, column: Int = 0) {
    self.key = key
    self.value = value
    self.column = column
  }

  /// The expectation as a suite writes it.
  public var description: String { "\(key)=\(value)" }
}
