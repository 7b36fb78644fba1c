import Contracts
import Faults
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// Models written independently of the reference models, against the two protocols only: the
/// built-in suites must pass every correct one (no false positives), and fail each one-bug copy
/// with the class of its bug.
@MainActor
@Suite("Independent models")
struct IndependentModelTests {
  nonisolated static let canvas = SubjectEntry.undoHistory(
    "canvas", summary: "records drags at their end"
  ) {
    CanvasEditor()
  }
  nonisolated static let grid = SubjectEntry.undoHistory("grid", summary: "snaps to a grid of 8") {
    GridCanvas()
  }
  nonisolated static let seed = SubjectEntry.undoHistory("seed", summary: "the seed's editor") {
    SeedEditor()
  }
  nonisolated static let todos = SubjectEntry.optimisticUpdates(
    "todos", summary: "starred to-do list"
  ) {
    StarredTodos()
  }

  private func run(_ subject: SubjectEntry) throws -> [CaseResult] {
    let report = ContractRunner(clock: frozenClock).run(
      RunPlan(suites: try BuiltInSuites.load(), subjects: [subject]))
    return report.suites.flatMap(\.cases)
  }

  @Test(
    "A correct model passes every built-in case it is eligible for",
    arguments: [
      (
        canvas,
        [
          "drag-cancel-restores", "drag-cancel-keeps-redo", "drag-cancel-keeps",
          "undo-during-drag-refused", "redo-during-drag-refused", "undo-during-drag-cancels",
          "redo-during-drag-cancels", "ui-follows-history", "document-switch-isolates",
          "old-callbacks-after-switch", "stale-async-discarded", "undo-makes-result-stale",
          "valid-async-one-group",
          "async-result-own-group", "drag-back-to-start", "drag-back-one-group",
          "switch-discards-redo", "switch-back-opens-afresh",
          "switch-back-forgets-undo",
        ]
      ),
      (
        grid,
        [
          "drag-cancel-restores", "drag-cancel-keeps-redo", "undo-during-drag-refused",
          "redo-during-drag-refused", "drag-back-one-group",
        ]
      ),
      (
        seed,
        [
          "drag-cancel-restores", "drag-cancel-keeps-redo", "drag-cancel-keeps",
          "undo-during-drag-cancels", "redo-during-drag-cancels", "ui-follows-history",
          "document-switch-isolates", "old-callbacks-after-switch", "stale-async-discarded",
          "undo-makes-result-stale",
          "valid-async-one-group", "async-result-own-group", "drag-back-to-start",
          "switch-discards-redo", "switch-back-opens-afresh",
          "switch-back-forgets-undo",
        ]
      ),
      (
        todos,
        [
          "automatic-read-after-unknown", "automatic-read-after-cancel",
          "filter-keeps-hidden-state", "refresh-reloads-confirmed", "refresh-unblocks",
          "old-refresh-answer", "batch-shows-every-record-at-once",
          "batch-rejection-rolls-back-every-record", "batch-unknown-needs-sync",
          "batch-answer-per-record", "stale-batch-answer", "timeout-withdraws-write",
          "timeout-late-answer-stale", "timeout-belongs-to-its-write", "batch-timeout",
        ]
      ),
      (
        IndependentModelExplorationTests.deferring,
        [
          "drag-cancel-keeps", "undo-during-drag-refused", "redo-during-drag-refused",
          "undo-during-drag-cancels", "redo-during-drag-cancels", "drag-back-one-group",
          "ui-follows-history",
        ]
      ),
    ])
  func correctModelPasses(subject: SubjectEntry, skipped: [String]) throws {
    let results = try run(subject)
    let failures = results.filter { $0.outcome == .failed }
    #expect(
      failures.isEmpty,
      "\(failures.map { "\($0.caseID): \($0.firstFailure?.mismatches.description ?? "")" })")
    #expect(
      results.filter { if case .skipped = $0.outcome { return true } else { return false } }
        .map(\.caseID).sorted()
        == (subject.family == .undoHistory
        ? skipped + coalescingCaseIDs + selectionCaseIDs + perDocumentCaseIDs
        : skipped + valueCaseIDs + pessimisticCaseIDs + latestWinsCaseIDs + queueLatestCaseIDs
          + retryCaseIDs + confirmCaseIDs + sharedCaseIDs)
        .sorted())
  }

  @Test(
    "A one-bug copy fails with the class of its bug, and every reason quotes observed values",
    arguments: [
      (
        SubjectEntry.undoHistory("canvas-every-move", summary: "") {
          CanvasEditorRecordingEveryMove()
        }, FailureClass.groupBoundary
      ),
      (
        SubjectEntry.undoHistory("canvas-assigning", summary: "") {
          CanvasEditorAssigningInverse()
        }, .redoAvailability
      ),
      (
        SubjectEntry.undoHistory("canvas-claiming-refusal", summary: "") {
          CanvasEditorClaimingRefusal()
        }, .groupBoundary
      ),
      (
        SubjectEntry.undoHistory("grid-last-position", summary: "") {
          GridCanvasReadingLastPosition()
        }, .valueRestoration
      ),
      (
        SubjectEntry.undoHistory("grid-stale-results", summary: "") {
          GridCanvasApplyingStaleResults()
        }, .staleResponse
      ),
      (
        SubjectEntry.undoHistory("grid-undo-in-drag", summary: "") {
          GridCanvasUndoingDuringDrag()
        }, .groupBoundary
      ),
      (
        SubjectEntry.undoHistory("grid-stale-view", summary: "") { GridCanvasStaleAfterUndo() },
        .uiBinding
      ),
      (
        SubjectEntry.undoHistory("grid-load-keeps-history", summary: "") {
          GridCanvasKeepingHistoryOnLoad()
        }, .groupBoundary
      ),
      (
        SubjectEntry.optimisticUpdates("todos-failed-refresh", summary: "") {
          StarredTodosUnblockingOnFailedRefresh()
        }, .unknownOutcome
      ),
      (
        SubjectEntry.optimisticUpdates("todos-rejection-unknown", summary: "") {
          StarredTodosRejectionAsUnknown()
        }, .rollback
      ),
      (
        SubjectEntry.optimisticUpdates("todos-rejected-pending", summary: "") {
          StarredTodosKeepingRejectedWrite()
        }, .inFlightGate
      ),
      (
        SubjectEntry.optimisticUpdates("todos-any-refresh", summary: "") {
          StarredTodosAcceptingAnyRefresh()
        }, .staleResponse
      ),
      (
        SubjectEntry.optimisticUpdates("todos-blocked", summary: "") {
          StarredTodosStayingBlocked()
        }, .unknownOutcome
      ),
      (
        SubjectEntry.optimisticUpdates("todos-intent", summary: "") {
          StarredTodosKeepingIntent()
        }, .serverAuthority
      ),
      (
        SubjectEntry.optimisticUpdates("todos-one-gate", summary: "") {
          StarredTodosWithOneGate()
        }, .recordIdentity
      ),
      (
        SubjectEntry.optimisticUpdates("todos-timeouts", summary: "") {
          StarredTodosRollingBackTimeouts()
        }, .unknownOutcome
      ),
      (
        SubjectEntry.optimisticUpdates("todos-spinner", summary: "") {
          StarredTodosWithStuckSpinner()
        }, .uiBinding
      ),
      (
        SubjectEntry.optimisticUpdates("todos-sessions", summary: "") {
          StarredTodosKeepingWritesAcrossSessions()
        }, .sessionReset
      ),
    ])
  func oneBugCopyFailsWithItsClass(subject: SubjectEntry, expected: FailureClass) throws {
    let failures = try run(subject).filter { $0.outcome == .failed }
    #expect(!failures.isEmpty, "\(subject.name) passed every case")
    for failure in failures {
      let classification = try #require(failure.classification)
      #expect(
        classification.failureClass == expected,
        "\(failure.caseID): \(classification.failureClass): \(classification.reason)")
      let invented = ObservedValues.unobservedQuotes(in: classification.reason, of: failure)
      #expect(invented.isEmpty, "\(failure.caseID): the reason quotes \(invented)")
    }
  }
}
