import Contracts
import Exploration
import Foundation
import Testing

@testable import RunModel
@testable import Runner

/// Exploration against models written independently of the reference: it finds nothing in the
/// correct ones (whatever they chose where the contract allows a choice), and it finds the bugs
/// of the one-bug copies — including bugs the built-in suites do not catch.
@MainActor
@Suite("Exploration of independent models")
struct IndependentModelExplorationTests {
  nonisolated static let timeline = SubjectEntry.undoHistory(
    "timeline", summary: "clamps to -100...100, groups a scrub from its start"
  ) { ClampedTimeline() }
  nonisolated static let resultKeeping = SubjectEntry.undoHistory(
    "result-keeping", summary: "keeps a result that landed in a drag when the drag is cancelled"
  ) { ResultKeepingCanvas() }
  nonisolated static let deferring = SubjectEntry.undoHistory(
    "deferring",
    summary: "applies a result that landed in a drag once the drag ends or is cancelled"
  ) { DeferringCanvas() }
  nonisolated static let clampingHolding = SubjectEntry.undoHistory(
    "clamping-holding",
    summary: "holds a result requested during a drag and applies it clamped once the drag is over"
  ) { DeferringCanvas(clampedTo: -100...100) }
  nonisolated static let notes = SubjectEntry.optimisticUpdates(
    "notes", summary: "ignores refreshes a write overtook"
  ) { PinnedNotes() }

  /// The built-in cases added from what exploration found in the models below.
  static let addedFromExploration = [
    "redo-restores-normalised-value", "switch-discards-redo", "unknown-beside-success",
    "undo-makes-result-stale",
  ]
  /// Built-in cases added later for other rules that meet a situation exploration found first
  /// (`switch-back-opens-afresh` switches with redo pending, as `switch-discards-redo` does).
  static let laterCasesMeetingTheSame = ["switch-back-opens-afresh"]

  /// Sequences per model: 500 in `make test`; `STATEGATE_TEST_EXPLORE_SEQUENCES` raises it for
  /// a long run by hand.
  static let sequences =
    ProcessInfo.processInfo.environment["STATEGATE_TEST_EXPLORE_SEQUENCES"].flatMap { Int($0) }
    ?? 500

  private func explore(_ subject: SubjectEntry, sequences: Int = sequences) -> SubjectExploration? {
    Explorer(
      options: ExplorationOptions(seed: 7, budget: .sequences(sequences)),
      clock: { ProcessInfo.processInfo.systemUptime }
    ).explore([subject]).subjects.first
  }

  private func builtInFailures(_ subject: SubjectEntry, keeping keep: (String) -> Bool) throws
    -> [CaseResult]
  {
    let suites = try BuiltInSuites.load().map { suite in
      var kept = suite
      kept.cases = suite.cases.filter { keep($0.id) }
      return kept
    }
    return ContractRunner(clock: frozenClock).run(RunPlan(suites: suites, subjects: [subject]))
      .suites.flatMap(\.cases).filter { $0.outcome == .failed }
  }

  @Test(
    "Exploration finds nothing in a correct model",
    arguments: [
      IndependentModelTests.canvas, IndependentModelTests.grid, IndependentModelTests.seed,
      IndependentModelTests.todos, timeline, notes, resultKeeping, deferring, clampingHolding,
    ])
  func correctModelsPass(subject: SubjectEntry) throws {
    let explored = try #require(explore(subject))
    #expect(explored.finding == nil, "\(explored.finding?.caseText ?? "")")
    #expect(try builtInFailures(subject) { _ in true }.isEmpty)
  }

  @Test(
    "Exploration finds the bugs the built-in suites missed, with their class",
    arguments: [
      (
        SubjectEntry.undoHistory("timeline-raw-redo", summary: "") {
          ClampedTimelineRedoingRawInput()
        }, FailureClass.valueRestoration
      ),
      (
        SubjectEntry.undoHistory("timeline-redo-button", summary: "") {
          ClampedTimelineKeepingRedoButton()
        }, .uiBinding
      ),
      (
        SubjectEntry.undoHistory("grid-results-mid-drag", summary: "") {
          GridCanvasApplyingResultsMidDrag()
        }, .staleResponse
      ),
      (
        SubjectEntry.undoHistory("result-keeping-undo-not-an-edit", summary: "") {
          ResultKeepingCanvasIgnoringUndoForResults()
        }, .staleResponse
      ),
      (
        SubjectEntry.optimisticUpdates("notes-unblocking", summary: "") {
          PinnedNotesUnblockingOnAnySuccess()
        }, .recordIdentity
      ),
    ])
  func newFaultsFound(subject: SubjectEntry, expected: FailureClass) throws {
    let finding = try #require(explore(subject)?.finding, "\(subject.name) was not found")
    #expect(
      finding.failureClass == expected,
      "\(finding.failureClass): \(finding.result.classification?.reason ?? "")\n\(finding.caseText)"
    )
    let missed = try builtInFailures(subject) {
      !Self.addedFromExploration.contains($0) && !Self.laterCasesMeetingTheSame.contains($0)
    }
    #expect(missed.isEmpty, "the suites already caught it: \(missed.map(\.caseID))")
  }

  @Test(
    "The cases added from exploration catch what they were added for",
    arguments: [
      (
        SubjectEntry.undoHistory("timeline-raw-redo", summary: "") {
          ClampedTimelineRedoingRawInput()
        }, "redo-restores-normalised-value", FailureClass.valueRestoration
      ),
      (
        SubjectEntry.undoHistory("timeline-redo-button", summary: "") {
          ClampedTimelineKeepingRedoButton()
        }, "switch-discards-redo", .uiBinding
      ),
      (
        SubjectEntry.optimisticUpdates("notes-unblocking", summary: "") {
          PinnedNotesUnblockingOnAnySuccess()
        }, "unknown-beside-success", .recordIdentity
      ),
      (
        SubjectEntry.undoHistory("result-keeping-undo-not-an-edit", summary: "") {
          ResultKeepingCanvasIgnoringUndoForResults()
        }, "undo-makes-result-stale", .staleResponse
      ),
    ])
  func addedCasesCatch(subject: SubjectEntry, caseID: String, expected: FailureClass) throws {
    let failures = try builtInFailures(subject) { $0 == caseID }
    #expect(failures.map(\.caseID) == [caseID])
    #expect(failures.first?.classification?.failureClass == expected)
  }
}
