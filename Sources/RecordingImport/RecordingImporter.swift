import Contracts
import Exploration
import RunModel
import Runner
import StateGateRecorder

/// Turns a recording into a regression case: replays its session against a subject under
/// exploration's oracle, shrinks a failure to the few steps that still fail the same way, writes
/// them as a suite case that names the recording's events, and has the runner check and classify
/// it.
@MainActor
public struct RecordingImporter {
  /// The subject to replay against.
  public var subject: SubjectEntry
  /// The most replays shrinking may spend.
  public var replayLimit: Int
  /// Runs the shrunk case through the runner (in worker processes, or in this one) and returns
  /// its result; `nil` when a stop request ended it.
  public var check: (ContractCase, ContractSuite) throws -> CaseResult?

  /// Creates an importer.
  ///
  /// - Parameters:
  ///   - subject: The subject to replay against.
  ///   - replayLimit: The most replays shrinking may spend.
  ///   - check: Runs a case through the runner and returns its result.
  public init(
    subject: SubjectEntry, replayLimit: Int = 20_000,
    check: @escaping (ContractCase, ContractSuite) throws -> CaseResult?
  ) {
    self.subject = subject
    self.replayLimit = replayLimit
    self.check = check
  }

  /// What importing a recording found.
  public enum Outcome {
    /// Every step passed on the subject: the session shows no bug.
    case passed(session: RecordedSession)
    /// A step failed: the shrunk, classified case.
    case failed(ImportedCase)
  }

  /// Imports `recording`.
  ///
  /// - Parameters:
  ///   - recording: The recording, read and checked.
  ///   - path: Its path, for messages.
  /// - Returns: What the replay found; `nil` when a stop request ended it.
  /// - Throws: ``RecordingReadError`` when no part of it can be replayed, or an error of
  ///   ``check``.
  public func importRecording(_ recording: Recording, path: String) throws -> Outcome? {
    guard recording.family == subject.family else {
      throw RecordingReadError(
        path: path, line: 0, kind: .malformed,
        reason: "it records the \(recording.family.displayName) family; subject '\(subject.name)' "
          + "is of the \(subject.family.displayName) family")
    }
    let session = try RecordedSession(recording, path: path)
    let shrinker = SessionShrinker(subject: subject, replayLimit: replayLimit)
    let shrunk: ShrunkSession?
    do {
      shrunk = try shrinker.shrink(session.contractCase.steps.map(\.action))
    } catch {
      throw RecordingReadError(
        path: path, line: 0, kind: .malformed, reason: "its session cannot be replayed: \(error)")
    }
    guard let shrunk else { return .passed(session: session) }
    let written = ImportedCase(
      recording: recording, session: session, shrunk: shrunk, subject: subject, path: path)
    let suite = ContractSuite(
      id: written.suiteID, family: recording.family, title: "Imported from a recording",
      source: path, cases: [written.contractCase])
    guard var result = try check(written.contractCase, suite) else { return nil }
    if result.outcome != .failed {
      result.outcome = .failed
      result.classification = Classification(
        .unclassified,
        "the failure did not reproduce when the shrunk case ran on a fresh subject: the replay "
          + "saw \(shrunk.firstSeen); the model depends on something outside the steps")
    }
    var imported = written
    imported.result = result
    return .failed(imported)
  }
}
