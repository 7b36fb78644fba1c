/// What shrinking a recorded session in a worker process found.
package enum IsolatedSessionShrink: Sendable {
  /// The worker shrank it: the shrunk failure, or `nil` when every step passed.
  case shrunk(ShrunkSession?)
  /// The worker could not replay it: why (an action the oracle cannot replay).
  case unreplayable(String)
  /// The session is sound, but this subject cannot replay it in full: it behaved otherwise than
  /// the app did (``SessionTranslationError/dependsOnSubject``): why.
  case diverged(String)
  /// The subject broke the worker — a trap, an exit, a crash or no progress — while it replayed
  /// the session or a smaller candidate: how.
  case broke(String)
  /// A stop request came.
  case interrupted
}
