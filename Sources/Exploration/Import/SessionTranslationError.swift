/// An action of a recorded session that exploration's oracle cannot replay, with its position.
package struct SessionTranslationError: Error, Equatable, CustomStringConvertible {
  /// The index of the action in the session.
  package var index: Int
  /// The action as a suite writes it.
  package var action: String
  /// Why it cannot be replayed.
  package var reason: String
  /// Whether the session is sound and only this subject cannot replay it in full: it behaved
  /// otherwise than the app did (a choice the contract allows both ways), so a later recorded
  /// step does not apply; `false` for a session that cannot be replayed at all.
  package var dependsOnSubject: Bool

  /// Creates an error.
  package init(index: Int, action: String, reason: String, dependsOnSubject: Bool = false) {
    self.index = index
    self.action = action
    self.reason = reason
    self.dependsOnSubject = dependsOnSubject
  }

  /// `step N 'ACTION': REASON`.
  package var description: String { "step \(index + 1) '\(action)': \(reason)" }
}
