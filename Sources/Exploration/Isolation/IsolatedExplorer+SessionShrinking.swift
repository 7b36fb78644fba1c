import Contracts
import Runner

extension IsolatedExplorer {
  /// Replays and shrinks a recorded session in a worker process, as ``SessionShrinker`` does in
  /// this one, so a subject that traps, exits, crashes or hangs ends only the worker.
  ///
  /// - Parameters:
  ///   - caseText: The session as a suite case block (`case session "…"` and its steps).
  ///   - subject: The subject to replay against; the worker finds it by name.
  ///   - replayLimit: The most replays shrinking may spend.
  /// - Returns: The shrunk failure, or how the subject broke the worker.
  /// - Throws: ``IsolationError`` when no worker can be started or it refuses the request.
  public func shrinkSession(
    _ caseText: String, of subject: SubjectEntry, replayLimit: Int
  ) throws(IsolationError) -> IsolatedSessionShrink {
    var request = self.request(kind: .shrink, subject: subject)
    request.shrinkReplayLimit = replayLimit
    request.caseText = caseText
    let watched = try watch(request)
    switch watched.end {
    case .interrupted:
      return .interrupted
    case .crashed, .hung:
      return .broke(watched.end.description)
    case .answered(let reply):
      switch reply.kind {
      case .shrunk:
        return .shrunk(reply.shrunk?.session)
      case .unreplayable:
        return .unreplayable(reply.problem ?? "the worker could not replay it")
      default:
        throw IsolationError(
          description: "the worker shrinking a session for '\(subject.name)' refused: "
            + (reply.problem ?? "it answered '\(reply.kind.rawValue)'"))
      }
    }
  }
}
