/// An action of a recorded session that exploration's oracle cannot replay, with its position.
public struct SessionTranslationError: Error, Equatable, CustomStringConvertible {
  /// The index of the action in the session.
  public var index: Int
  /// The action as a suite writes it.
  public var action: String
  /// Why it cannot be replayed.
  public var reason: String

  /// Creates an error.
  public init(index: Int, action: String, reason: String) {
    self.index = index
    self.action = action
    self.reason = reason
  }

  /// `step N 'ACTION': REASON`.
  public var description: String { "step \(index + 1) '\(action)': \(reason)" }
}
