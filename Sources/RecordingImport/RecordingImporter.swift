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
package struct RecordingImporter {
  /// The subject to replay against.
  package var subject: SubjectEntry
  /// The most replays shrinking may spend.
  package var replayLimit: Int
  /// Runs the shrunk case through the runner (in worker processes, or in this one) and returns
  /// its result; `nil` when a stop request ended it.
  package var check: (ContractCase, ContractSuite) throws -> CaseResult?
  /// Replays and shrinks the session in a worker process (its case block streamed to it a line
  /// at a time); `nil` replays in this one, which a subject that traps, exits, crashes or hangs
  /// takes down with it.
  package var shrinkIsolated: ((RecordedSession) throws -> IsolatedSessionShrink)?
  /// Called with the count of steps replayed so far, replaying and shrinking in this process.
  package var onReplayedStep: (Int) -> Void = { _ in }

  /// Creates an importer.
  ///
  /// - Parameters:
  ///   - subject: The subject to replay against.
  ///   - replayLimit: The most replays shrinking may spend.
  ///   - check: Runs a case through the runner and returns its result.
  package init(
    subject: SubjectEntry, replayLimit: Int = 20_000,
    check: @escaping (ContractCase, ContractSuite) throws -> CaseResult?
  ) {
    self.subject = subject
    self.replayLimit = replayLimit
    self.check = check
  }

  /// What importing a recording found.
  package enum Outcome {
    /// Every step passed on the subject: the session shows no bug.
    case passed(session: RecordedSession)
    /// A step failed: the shrunk, classified case.
    case failed(ImportedCase)
  }

  /// Imports `recording`, letting go of its lines once its session is made (so a caller that
  /// passes it with `consume` holds a long recording once, not twice).
  ///
  /// - Parameters:
  ///   - recording: The recording, read and checked.
  ///   - path: Its path, for messages.
  /// - Returns: What the replay found; `nil` when a stop request ended it.
  /// - Throws: ``RecordingReadError`` when no part of it can be replayed, or an error of
  ///   ``check``.
  package func importRecording(_ recording: consuming Recording, path: String) throws -> Outcome? {
    var recording = recording
    guard recording.family == subject.family else {
      throw RecordingReadError(
        path: path, line: 0, kind: .malformed,
        reason: "it records the \(recording.family.displayName) family; subject '\(subject.name)' "
          + "is of the \(subject.family.displayName) family")
    }
    let session = try RecordedSession(recording, path: path)
    recording.dropLines()
    let shrunk: ShrunkSession?
    if let shrinkIsolated {
      switch try shrinkIsolated(session) {
      case .interrupted:
        return nil
      case .unreplayable(let problem):
        throw unreplayable(
          problem, dependsOnSubject: false, session: session, recording: recording, path: path)
      case .diverged(let problem):
        throw unreplayable(
          problem, dependsOnSubject: true, session: session, recording: recording, path: path)
      case .broke(let how):
        return try importBroken(recording, session: session, how: how, path: path)
      case .shrunk(let found):
        shrunk = found
      }
    } else {
      var shrinker = SessionShrinker(subject: subject, replayLimit: replayLimit)
      var replayed = 0
      let report = onReplayedStep
      shrinker.onStep = {
        replayed += 1
        report(replayed)
      }
      do {
        shrunk = try shrinker.shrink(session.actions)
      } catch {
        throw unreplayable(
          "\(error)", dependsOnSubject: error.dependsOnSubject, session: session,
          recording: recording, path: path)
      }
    }
    guard let shrunk else { return .passed(session: session) }
    if !shrunk.unnamedReads.isEmpty {
      throw unnamedRead(shrunk, recording: recording, session: session, path: path)
    }
    let written = try ImportedCase(
      recording: recording, session: session, shrunk: shrunk, subject: subject, path: path)
    guard var result = try runCase(written, path: path) else { return nil }
    if result.outcome != .failed {
      result.outcome = .failed
      result.classification = Classification(
        .unclassified,
        Reason(.shrunkNotReproduced, ["seen": Reason(shrunk.firstSeen)]))
    }
    var imported = written
    imported.result = result
    return .failed(imported)
  }

  /// A session that cannot be replayed, in one line naming the recording's line of the step:
  /// `diverged` when only this subject cannot replay it in full, else `malformed`.
  ///
  /// - Parameters:
  ///   - problem: The shrinker's words, `step N 'ACTION': REASON` (``SessionTranslationError``'s,
  ///     also as a worker sends them).
  ///   - dependsOnSubject: Whether the session is sound and only this subject cannot replay it.
  ///   - session: The session, for the step's sequence number.
  ///   - recording: The recording, for the line of that sequence number.
  ///   - path: The recording's path.
  /// - Returns: The error to throw.
  private func unreplayable(
    _ problem: String, dependsOnSubject: Bool, session: RecordedSession, recording: Recording,
    path: String
  ) -> RecordingReadError {
    let step = problem.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 - 1 }
    let line = step.flatMap { session.sequences.indices.contains($0) ? $0 : nil }.map {
      recording.line(ofSequence: session.sequences[$0])
    }
    guard dependsOnSubject else {
      return RecordingReadError(
        path: path, line: line ?? 0, kind: .malformed,
        reason: "its session cannot be replayed: \(problem)")
    }
    return RecordingReadError(
      path: path, line: line ?? 0, kind: .diverged,
      reason: "the session does not replay in full on subject '\(subject.name)': \(problem)")
  }

  /// The most isolated runs shrinking a session that crashes its worker may spend (as many as
  /// `explore` spends on a case that breaks its worker).
  package static let brokenShrinkLimit = 48

  /// Imports a session that broke the worker replaying it: the session runs through the runner
  /// (isolated, so it is classified `crashed` or `timed-out` with its step) and is cut after the
  /// step it broke at; a crash is then shrunk by removing chunks of steps, each candidate run
  /// isolated, while it still crashes at its last step.
  private func importBroken(
    _ recording: Recording, session: RecordedSession, how: String, path: String
  ) throws -> Outcome? {
    let steps = session.actions
    guard !steps.isEmpty else { return .passed(session: session) }
    /// The case of the steps at `indices`; `nil` when they do not make a case (an answer
    /// without its request).
    func candidate(_ indices: [Int], runs: Int) -> ImportedCase? {
      let lines = indices.map { steps[$0].description }
      let requirements = session.requirements
      let requires =
        requirements.isEmpty
        ? "" : "  requires \(requirements.map(\.rawValue).joined(separator: " "))\n"
      let values = SuiteReader.valuesLine(forCaseLines: lines).map { $0 + "\n" } ?? ""
      let text =
        "suite check family \(subject.family.rawValue) \"check\"\n\ncase check \"check\"\n"
        + requires + values + lines.map { "  \($0)\n" }.joined()
      guard let last = indices.last, (try? SuiteReader.parse(text, source: path)) != nil else {
        return nil
      }
      return try? ImportedCase(
        recording: recording, session: session,
        shrunk: ShrunkSession(
          failingAction: last, performedBeforeShrinking: steps.count,
          firstSeen: "the replay's worker \(how)", keptActions: indices, caseLines: lines,
          requirements: requirements, replays: runs, failingKeys: []),
        subject: subject, path: path, brokeWorker: how)
    }
    guard var written = candidate(Array(steps.indices), runs: 0) else {
      throw RecordingReadError(
        path: path, line: 0, kind: .malformed,
        reason: "its session broke the worker replaying it (\(how)) and does not read as a case")
    }
    guard var result = try runCase(written, path: path) else { return nil }
    var kept = Array(steps.indices)
    if result.outcome == .failed, let step = result.firstFailure?.number, step < steps.count,
      let cut = candidate(Array(0..<step), runs: 0)
    {
      guard let cutResult = try runCase(cut, path: path) else { return nil }
      if cutResult.outcome == .failed {
        written = cut
        result = cutResult
        kept = Array(0..<step)
      }
    }
    if result.outcome == .failed, result.classification?.failureClass == .crashed {
      var runs = 0
      var size = max(1, (kept.count - 1) / 2)
      // Chunks from large to small, from the back; the last step, the one that crashes, stays.
      while size >= 1 && runs < Self.brokenShrinkLimit {
        var end = kept.count - 2
        while end >= 0 && runs < Self.brokenShrinkLimit {
          let start = max(0, end - size + 1)
          var indices = kept
          indices.removeSubrange(start...end)
          end = start - 1
          guard let smaller = candidate(indices, runs: runs + 1) else { continue }
          runs += 1
          guard let smallerResult = try runCase(smaller, path: path) else { return nil }
          if smallerResult.outcome == .failed,
            smallerResult.classification?.failureClass == .crashed,
            smallerResult.firstFailure?.number == indices.count
          {
            kept = indices
            written = smaller
            result = smallerResult
          }
        }
        size /= 2
      }
      if runs > 0, let final = candidate(kept, runs: runs) {
        written = final
      }
    }
    if result.outcome != .failed {
      result.outcome = .failed
      result.classification = Classification(
        .unclassified,
        Reason(.sessionBrokeWorker, ["how": Reason(how)]))
    }
    written.result = result
    return .failed(written)
  }

  /// Runs `written` through ``check`` as the one case of its suite.
  private func runCase(_ written: ImportedCase, path: String) throws -> CaseResult? {
    let suite = ContractSuite(
      id: written.suiteID, family: subject.family, title: "Imported from a recording",
      source: path, cases: [written.contractCase])
    return try check(written.contractCase, suite)
  }
}
