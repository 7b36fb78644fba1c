import Contracts
import Exploration

extension RecordingImporter {
  /// The error for a session that does not name a read the subject started by itself: the app
  /// recorded its own read as a sync the user asked for (`syncStarted` where `readStarted`
  /// belongs), or recorded no read at all.
  ///
  /// - Parameters:
  ///   - shrunk: The replay's result, with ``ShrunkSession/unnamedReads``.
  ///   - recording: The recording, for its line numbers.
  ///   - session: The session replayed.
  ///   - path: The recording's path.
  /// - Returns: A `miswired` error naming the event, its line and the call that should have
  ///   recorded it.
  func unnamedRead(
    _ shrunk: ShrunkSession, recording: Recording, session: RecordedSession, path: String
  ) -> RecordingReadError {
    let steps = session.actions
    let failing = shrunk.failingAction
    guard steps.indices.contains(failing), session.sequences.indices.contains(failing) else {
      return RecordingReadError(
        path: path, line: 0, kind: .miswired,
        reason: "subject '\(subject.name)' started a read by itself that no event of the "
          + "recording names: record the app's own reads with readStarted(record:sent:)")
    }
    let records = shrunk.unnamedReads.map { "'\($0)'" }.joined(separator: ", ")
    var after = ""
    if let position = shrunk.keptActions.lastIndex(of: failing), position > 0 {
      let previous = shrunk.keptActions[position - 1]
      if steps.indices.contains(previous), session.sequences.indices.contains(previous) {
        after =
          " after seq \(session.sequences[previous]) '\(steps[previous].description)'"
      }
    }
    let event = steps[failing]
    let line = recording.line(ofSequence: session.sequences[failing])
    let reason: String
    if case .optimistic(.sync(let record, _)) = event, shrunk.unnamedReads.contains(record) {
      reason =
        "'\(event.description)' is the read of \(records) the app started by itself\(after), "
        + "recorded as a sync the user asked for: record the app's own read with "
        + "readStarted(record:sent:), not syncStarted(record:sent:)"
    } else {
      reason =
        "'\(event.description)' comes while the read of \(records) the app started by "
        + "itself\(after) is unnamed: subject '\(subject.name)' reads by itself "
        + "(automatic-reads) and the recording has no 'read' event for it; record the app's "
        + "own reads with readStarted(record:sent:), or replay on a subject that does not read "
        + "by itself"
    }
    return RecordingReadError(path: path, line: line, kind: .miswired, reason: reason)
  }
}
