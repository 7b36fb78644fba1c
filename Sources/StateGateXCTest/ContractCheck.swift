import Contracts
import ResultSchema
import UndoKit

/// A contract expectation checked in a user's own test, whose failure message carries a
/// `stategate[CLASS]` tag that `stategate triage` reads back exactly from any JUnit report.
///
/// Message format: `stategate[redo-availability] step 3 'undo': expected canRedo=yes, got no`.
public struct ContractCheck: Equatable, Sendable {
  /// The class a failure of this check belongs to.
  public var failureClass: FailureClass
  /// The step number in the user's test, for the message.
  public var step: Int
  /// The action just performed, for the message.
  public var action: String
  /// What was checked, such as `canRedo`.
  public var key: String
  /// The expected value, as text.
  public var expected: String
  /// The observed value, as text.
  public var actual: String

  /// Creates a check.
  public init(
    failureClass: FailureClass, step: Int, action: String, key: String, expected: String,
    actual: String
  ) {
    self.failureClass = failureClass
    self.step = step
    self.action = action
    self.key = key
    self.expected = expected
    self.actual = actual
  }

  /// Whether the check holds.
  public var holds: Bool { expected == actual }

  /// The tagged failure message, its mismatch phrased as every stategate output phrases one.
  public var message: String {
    "stategate[\(failureClass.rawValue)] step \(step) '\(action)': "
      + FailureWriter.phrase(EventRecord.Value(key: key, expected: expected, actual: actual))
  }

  /// The message a test failure shows: ``message``, then what to run next
  /// (`next: stategate explain CLASS`) on a line of its own, which readers of the tag ignore.
  public var failureText: String {
    message + "\n" + FailureWriter.hint(failureClass.rawValue)
  }

  /// The checks of a history's state, an undo manager's or an app's own `UndoHistoryStack`; `nil`
  /// arguments are not checked.
  ///
  /// `canRedo` and `redoCount` are redo-availability checks; `canUndo`, `undoCount` and
  /// `groupingLevel` are group-boundary checks.
  ///
  /// - Returns: The failing checks, in argument order.
  @MainActor
  public static func history(
    _ history: any UndoHistoryStack, step: Int, action: String, canUndo: Bool? = nil,
    canRedo: Bool? = nil,
    groupingLevel: Int? = nil, undoCount: Int? = nil, redoCount: Int? = nil
  ) -> [ContractCheck] {
    var checks: [ContractCheck] = []
    func add<Value: CustomStringConvertible & Equatable>(
      _ key: String, _ expected: Value?, _ actual: Value, _ failureClass: FailureClass
    ) {
      guard let expected, expected != actual else { return }
      checks.append(
        ContractCheck(
          failureClass: failureClass, step: step, action: action, key: key,
          expected: text(expected), actual: text(actual)))
    }
    add("canUndo", canUndo, history.canUndo, .groupBoundary)
    add("canRedo", canRedo, history.redoCount > 0, .redoAvailability)
    add("groupingLevel", groupingLevel, history.groupingLevel, .groupBoundary)
    add("undoCount", undoCount, history.undoCount, .groupBoundary)
    add("redoCount", redoCount, history.redoCount, .redoAvailability)
    return checks
  }

  /// A value check of your choosing, such as a position after undo (`value-restoration`).
  ///
  /// - Returns: The check, failing or not.
  public static func value<Value: Equatable & CustomStringConvertible>(
    _ key: String, _ actual: Value, equals expected: Value, as failureClass: FailureClass,
    step: Int, action: String
  ) -> ContractCheck {
    ContractCheck(
      failureClass: failureClass, step: step, action: action, key: key, expected: text(expected),
      actual: text(actual))
  }

  private static func text(_ value: some CustomStringConvertible) -> String {
    if let flag = value as? Bool { return flag ? "yes" : "no" }
    return value.description
  }
}
