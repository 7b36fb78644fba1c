import Contracts
import RunModel
import Runner

/// Replays a recorded session — a suite case's actions, as an app recorded them — against a
/// subject under exploration's self-checking oracle, and shrinks a failing one to the few steps
/// that still fail the same way, keeping the recorded inputs.
///
/// A long session is first cut after its failing step, then shrunk by removing chunks from large
/// to small (each removal tried once per size, so thousands of steps cost a few thousand
/// replays), then, once short, pairs of small chunks apart (a request and its answer); every
/// replay skips the steps whose preconditions no longer hold, as exploration's shrinker does.
@MainActor
package struct SessionShrinker {
  /// The subject the session is replayed against, fresh for every replay.
  package var subject: SubjectEntry
  /// The most replays shrinking may spend.
  package var replayLimit: Int
  /// Called after each step a replay performs: a watcher's sign that the work goes on.
  package var onStep: () -> Void = {}

  /// Creates a shrinker.
  ///
  /// - Parameters:
  ///   - subject: The subject to replay against.
  ///   - replayLimit: The most replays to spend shrinking.
  package init(subject: SubjectEntry, replayLimit: Int = 20_000) {
    self.subject = subject
    self.replayLimit = replayLimit
  }

  /// Replays `actions` and, if a step fails, shrinks the session.
  ///
  /// - Parameter actions: The session's actions in order, of the subject's family; requests and
  ///   calculations named as a suite names them (`tap a as r1`, `respond r1 saved on`).
  /// - Returns: The shrunk session, or `nil` when every step passed.
  /// - Throws: ``SessionTranslationError`` for an action the oracle cannot replay.
  package func shrink(_ actions: [ContractAction]) throws(SessionTranslationError) -> ShrunkSession?
  {
    switch subject.family {
    case .optimisticUpdates:
      let session = try SessionTranslation.optimisticSteps(actions)
      return try shrink(session, of: actions, with: OptimisticSequenceRun.self)
    case .undoHistory where SessionTranslation.loadsItems(actions):
      let session = try SessionTranslation.selectionSteps(actions)
      return try shrink(session, of: actions, with: SelectionSequenceRun.self)
    case .undoHistory:
      var keepsDocumentHistory = false
      if case .undoHistory(let made) = subject.make() {
        keepsDocumentHistory = UndoSequenceRun.keepsDocumentHistory(made)
      }
      let session = try SessionTranslation.undoSteps(
        actions, keepsDocumentHistory: keepsDocumentHistory)
      return try shrink(session, of: actions, with: UndoSequenceRun.self)
    }
  }

  /// What one replay of some of the steps did.
  private struct Replay<Run: SequenceRun> {
    /// The indices of the steps performed, up to the failing one.
    var performed: [Int]
    var failure: StepFailure?
    var run: Run
    /// The request each performed step sent, by the step's index in the session.
    var sent: SentRequests
  }

  /// The request each performed step of one replay sent, by the step's index in the session:
  /// an array of four bytes a step when the replay performs most of the session (a long session's
  /// first replay), a table when it performs few of them (a shrinking candidate), so neither a
  /// million-step replay nor thousands of short ones cost more than their steps.
  struct SentRequests {
    private var dense: [Int32] = []
    private var sparse: [Int: Int] = [:]

    /// Room for a replay of `performing` steps of a session of `steps`.
    init(performing: Int, of steps: Int) {
      if performing * 4 >= steps { dense = [Int32](repeating: -1, count: steps) }
    }

    subscript(index: Int) -> Int? {
      get {
        guard !dense.isEmpty else { return sparse[index] }
        let request = dense[index]
        return request < 0 ? nil : Int(request)
      }
      set {
        guard !dense.isEmpty else {
          sparse[index] = newValue
          return
        }
        dense[index] = newValue.map { Int32($0) } ?? -1
      }
    }
  }

  /// Replays the steps at `indices`, in one pass: each answer is bound to the request its own
  /// recorded request became in this replay (left out when that request was not sent), each
  /// step whose preconditions do not hold is skipped, and the replay ends at the first failure.
  private func replay<Run: SequenceRun>(
    _ indices: [Int], of session: SessionTranslation.Translated<Run.Step>, recording: Bool = false
  ) -> Replay<Run> {
    let run = Run(subject: subject.make(), recording: recording)
    var performed: [Int] = []
    performed.reserveCapacity(indices.count)
    var sent = SentRequests(performing: indices.count, of: session.steps.count)
    for index in indices {
      var step = session.steps[index]
      if let sender = session.sender(of: index) {
        guard let request = sent[sender], let bound = run.rebind(step, to: request) else {
          continue
        }
        step = bound
      }
      guard run.allows(step) else { continue }
      performed.append(index)
      let failure = run.perform(step)
      if let request = run.sent(by: step) { sent[index] = request }
      onStep()
      if let failure {
        return Replay(performed: performed, failure: failure, run: run, sent: sent)
      }
    }
    return Replay(performed: performed, failure: nil, run: run, sent: sent)
  }

  private func shrink<Run: SequenceRun>(
    _ session: SessionTranslation.Translated<Run.Step>, of actions: [ContractAction],
    with: Run.Type
  ) throws(SessionTranslationError) -> ShrunkSession? {
    let steps = session.steps
    let first: Replay<Run> = replay(Array(steps.indices), of: session)
    guard let failure = first.failure, let failingIndex = first.performed.last else {
      // Every step must have been judged for the session to pass: one the oracle could not
      // perform here is not a pass. The performed indices are ascending, so the first one
      // skipped is where they first differ from 0, 1, 2, … (one pass, not a search per step).
      let skipped =
        zip(steps.indices, first.performed).first { $0 != $1 }?.0
        ?? (first.performed.count < steps.count ? first.performed.count : nil)
      if let skipped, steps.count == actions.count {
        // An answer whose request the subject never sent: the subject chose otherwise than the
        // app at that step (the contract may allow both), so the rest of the session is not its.
        if let sender = session.sender(of: skipped), first.sent[sender] == nil,
          first.performed.contains(sender)
        {
          throw SessionTranslationError(
            index: skipped, action: actions[skipped].description,
            reason: "it answers the request of step \(sender + 1) '\(actions[sender])', which "
              + "sent nothing on this subject although the app's did: the subject behaved "
              + "otherwise than the app at or before that step, so the session cannot be judged "
              + "in full on it; import it on a subject that behaves as the app does",
            dependsOnSubject: true)
        }
        throw SessionTranslationError(
          index: skipped, action: actions[skipped].description,
          reason: "its preconditions do not hold when it comes, on this subject, so the session "
            + "cannot be judged in full",
          dependsOnSubject: true)
      }
      return nil
    }
    // A read the app started by itself that the session does not name is the recording's
    // failure, not the subject's: nothing to shrink.
    if failure.actionKind == StepFailure.unnamedReadKind {
      var records: [String] = []
      for mismatch in failure.mismatches {
        if case .list(let names)? = mismatch.actual { records += names }
      }
      return ShrunkSession(
        failingAction: failingIndex, performedBeforeShrinking: first.performed.count,
        firstSeen: failure.summary, keptActions: first.performed, caseLines: [],
        requirements: [], replays: 0, failingKeys: failure.mismatches.map(\.key),
        unnamedReads: records)
    }
    var current = first.performed
    var replays = 0

    /// Replays `candidate`; keeps it when it fails like the original.
    func attempt(_ candidate: [Int]) -> Bool {
      guard replays < replayLimit else { return false }
      replays += 1
      let result: Replay<Run> = replay(candidate, of: session)
      guard let found = result.failure, found.resembles(failure) else { return false }
      current = result.performed
      return true
    }

    /// Removes chunks from large to small, from the back, stepping by the chunk's size.
    func removeChunks() -> Bool {
      var improved = false
      var size = max(1, current.count / 2)
      while size >= 1 && replays < replayLimit {
        var end = current.count - 1
        while end >= 0 && replays < replayLimit {
          let start = max(0, end - size + 1)
          var candidate = current
          candidate.removeSubrange(start...end)
          if attempt(candidate) {
            improved = true
            end = min(start - 1, current.count - 1)
          } else {
            end = start - 1
          }
        }
        size /= 2
      }
      return improved
    }

    /// Removes two chunks of up to three steps apart at once, on a short sequence.
    func removePairs() -> Bool {
      guard current.count <= 60 else { return false }
      return ShrinkPasses.removePairs(of: current, accepts: attempt)
    }

    while replays < replayLimit {
      if removeChunks() { continue }
      if removePairs() { continue }
      break
    }
    let final: Replay<Run> = replay(current, of: session, recording: true)
    let failing = final.failure ?? failure
    let statements = final.run.statements(for: failing)
    let lines = FoundCase.caseLines(
      final.run.actionTexts, statements: statements, failingStep: failing.stepNumber)
    return ShrunkSession(
      failingAction: failingIndex, performedBeforeShrinking: first.performed.count,
      firstSeen: failure.summary, keptActions: final.performed, caseLines: lines,
      requirements: final.run.requirements.sorted(), replays: replays,
      failingKeys: failing.mismatches.map(\.key))
  }
}

/// A recorded session's failure, shrunk: the steps kept and the case lines that state it.
package struct ShrunkSession: Sendable, Equatable {
  /// The index of the action the whole session failed at.
  package var failingAction: Int
  /// The steps performed up to that failure (steps whose preconditions did not hold skipped).
  package var performedBeforeShrinking: Int
  /// What the oracle saw at that step, before shrinking.
  package var firstSeen: String
  /// The indices of the actions the shrunk case keeps, in order.
  package var keptActions: [Int]
  /// The case's step lines, as a suite writes them: actions, captures, and the failing step's
  /// expectations.
  package var caseLines: [String]
  /// The capabilities and product rules the case relies on.
  package var requirements: [SubjectCapability]
  /// Replays shrinking spent.
  package var replays: Int
  /// The state keys that differed at the shrunk case's failing step.
  package var failingKeys: [String]
  /// The records whose read the subject started by itself, unnamed by the session's events.
  ///
  /// The step at ``failingAction`` came where a `read` step naming it belonged (after an unknown
  /// outcome or a cancel). Non-empty only for such a session, which is not shrunk (``caseLines``
  /// is empty).
  package var unnamedReads: [String]

  /// Creates a shrunk session from its parts.
  package init(
    failingAction: Int, performedBeforeShrinking: Int, firstSeen: String, keptActions: [Int],
    caseLines: [String], requirements: [SubjectCapability], replays: Int, failingKeys: [String],
    unnamedReads: [String] = []
  ) {
    self.failingAction = failingAction
    self.performedBeforeShrinking = performedBeforeShrinking
    self.firstSeen = firstSeen
    self.keptActions = keptActions
    self.caseLines = caseLines
    self.requirements = requirements
    self.replays = replays
    self.failingKeys = failingKeys
    self.unnamedReads = unnamedReads
  }
}
