/// What must hold for one key after a step, written `key=value`, `key!=value` or `key=name` (a
/// value captured earlier in the case) after the step's `=>`.
public struct Expectation: Hashable, Sendable, CustomStringConvertible {
  /// How the observed value relates to the expected one.
  public enum Relation: String, Hashable, Sendable {
    /// `key=value`: the observed value equals the expected one.
    case equal = "="
    /// `key!=value`: the observed value differs from the expected one.
    case notEqual = "!="
  }

  /// What the observed value is compared with.
  public enum Operand: Hashable, Sendable, CustomStringConvertible {
    /// A value written in the suite, such as `20`, `yes` or `r1`.
    case literal(StateValue)
    /// The value captured under this name by an earlier `key as name` in the same case.
    case capture(String)

    /// The operand as a suite writes it.
    public var description: String {
      switch self {
      case .literal(let value): value.description
      case .capture(let name): name
      }
    }

    /// The operand as a suite writes it under `key` (a record's value as `on`/`off`).
    ///
    /// - Parameter key: The expectation's key.
    /// - Returns: The text.
    public func spelled(for key: String) -> String {
      switch self {
      case .literal(let value): value.spelled(for: key)
      case .capture(let name): name
      }
    }
  }

  /// The key, such as `value`, `canRedo` or `a.pending`.
  public var key: String
  /// How the observed value must relate to the operand.
  public var relation: Relation
  /// The value, or the capture, the observed value is compared with.
  public var operand: Operand
  /// The 1-based column of the key in the suite file, for diagnostics.
  public var column: Int

  /// Creates an expectation.
  public init(key: String, relation: Relation = .equal, operand: Operand, column: Int = 0) {
    self.key = key
    self.relation = relation
    self.operand = operand
    self.column = column
  }

  /// Creates an expectation that `key` equals `value`.
  public init(key: String, value: StateValue, column: Int = 0) {
    self.init(key: key, relation: .equal, operand: .literal(value), column: column)
  }

  /// The literal value the expectation names, or `nil` when it compares with a capture.
  public var literal: StateValue? {
    if case .literal(let value) = operand { return value }
    return nil
  }

  /// The expectation as a suite writes it, such as `value=20`, `value!=0` or `value=start`.
  public var description: String { "\(key)\(relation.rawValue)\(operand)" }
}

/// A value observed after a step and kept under a name for later steps of the same case, written
/// `key as name` after the step's `=>`.
///
/// A case that only needs *the same value as before* captures it instead of writing a number, so
/// a correct model that snaps or clamps the values it is given still passes.
public struct Capture: Hashable, Sendable, CustomStringConvertible {
  /// The key whose observed value is kept, such as `value`.
  public var key: String
  /// The name later expectations use, such as `start`.
  public var name: String
  /// The 1-based column of the key in the suite file, for diagnostics.
  public var column: Int

  /// Creates a capture.
  public init(key: String, name: String, column: Int = 0) {
    self.key = key
    self.name = name
    self.column = column
  }

  /// The capture as a suite writes it: `value as start`.
  public var description: String { "\(key) as \(name)" }
}
