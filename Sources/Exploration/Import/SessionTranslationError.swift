/// An action of a recorded session that exploration's oracle cannot replay, with its position.
public struct SessionTranslationError: Error, Equatable, CustomStringConvertible {
  /// The index of the action in the session.
  public var index: Int
  /// The action as a suite writes it.
  public var action: String
  /// Why it cannot be replayed.
  public var reason: String
  /// Whether the session is sound and only this subject cannot replay it in full: it behaved
  /// otherwise than the app did (a choice the contract allows both ways), so a later recorded
  /// step does not apply; `false` for a session that cannot be replayed at all.
  public var dependsOnSubject: Bool

  /// Creates an error.
  public init(index: Int, action: String, reason: String, dependsOnSubject: Bool = false) {
    self.index = index
    self.action = action
    self.reason = reason
    self.dependsOnSubject = dependsOnSubject
  }

  /// `step N 'ACTION': REASON`.
  public var description: String { "step \(index + 1) '\(action)': \(reason)" }
}
