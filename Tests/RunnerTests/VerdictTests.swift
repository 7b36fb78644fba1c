import Contracts
import Faults
import ReferenceModels
import Testing
import UndoKit

@testable import RunModel
@testable import Runner

/// Captures, `!=`, invariants checked beside stated expectations, and classes that only an
/// experiment may assign.
@MainActor
@Suite("Verdicts")
struct VerdictTests {
  private func fault(_ name: String) throws -> SubjectEntry {
    try #require(FaultCatalog.faults.first { $0.name == name }).subject
  }

  private let grid = SubjectEntry.undoHistory("grid", summary: "") { GridCanvas() }

  @Test("A case written with captures passes a model that snaps; the same case with numbers fails")
  func capturesPassSnappingModels() throws {
    let captured = try runCase(
      """
      suite s family undo
      case c
        adjust 10  => value!=0 value as first undos=1
        adjust 30  => value!=first value as second
        undo       => value=first
        redo       => value=second
      """, against: grid)
    #expect(captured.outcome == .passed)
    let literal = try runCase(
      """
      suite s family undo
      case c
        adjust 10  => value=10 undos=1
        undo       => value=0
      """, against: grid)
    #expect(literal.outcome == .failed)
    #expect(literal.firstFailure?.mismatches.map(\.description) == ["expected value=10, got 8"])
  }

  @Test("A comparison with a capture names the capture; '!=' fails when the value is the same")
  func captureAndInequalityMismatches() throws {
    let result = try runCase(
      """
      suite s family undo
      case c
        adjust 10  => value as first
        adjust 30
        undo       => value!=first
        redo       => value=first
      """, against: editor)
    #expect(
      result.steps[2].mismatches.map(\.description) == ["expected value!=10 (first), got 10"])
    #expect(
      result.steps[3].mismatches.map(\.description) == ["expected value=10 (first), got 30"])
  }

  @Test("Capturing a key the subject did not report is a mismatch at that step")
  func capturingAnUnobservedKey() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=off  => sent as tapped
        tap a          => sent=tapped
      """, against: favorites)
    #expect(
      result.steps[0].mismatches.map(\.description) == [
        "expected sent=a value to capture (tapped), got nothing"
      ])
    #expect(result.steps[1].passed)
  }

  @Test("A stated expectation that holds does not hide an invariant broken on the same key")
  func invariantsBesideStatedExpectations() throws {
    let stale = try fault("ui-stale-after-undo")
    let held = try runCase(
      "suite s family undo\ncase c\n  adjust 10\n  undo => display=10", against: stale)
    #expect(
      held.firstFailure?.mismatches.filter { $0.key == "display" }.map(\.description) == [
        "expected display=0, got 10 (invariant: the UI shows the model's value)"
      ])
    let both = try runCase(
      "suite s family undo\ncase c\n  adjust 10\n  undo => display=0", against: stale)
    #expect(
      both.firstFailure?.mismatches.filter { $0.key == "display" }.map(\.invariant) == [
        nil, "the UI shows the model's value",
      ])
  }

  @Test("Undo during a drag that pops the group before it is a group boundary, by probe")
  func undoDuringDragNotRefused() throws {
    let claiming = SubjectEntry.undoHistory("claiming", summary: "") {
      CanvasEditorClaimingRefusal()
    }
    let result = try runCase(
      """
      suite s family undo
      case c requires drag-undo-refused
        adjust 10
        drag began
        drag moved 30  => value as dragged
        undo           => value=dragged
      """, against: claiming)
    #expect(result.classification?.failureClass == .groupBoundary)
    #expect(
      result.classification?.reason
        == [
          "'undo' (step 4) during the drag was not refused (value=30 undos=1 redos=0 before, ",
          "value=0 undos=0 redos=1 after): the command reached history recorded before the drag ",
          "while the drag's action was still open",
        ].joined())
  }

  @Test("Without a declared rule, Undo during a drag is not judged: the cases are skipped")
  func noRuleNoJudgement() throws {
    let canvas = SubjectEntry.undoHistory("canvas", summary: "") { CanvasEditor() }
    let result = try runCase(
      "suite s family undo\ncase c requires drag-undo-refused\n  adjust 10", against: canvas)
    #expect(
      result.outcome
        == .skipped(
          reason:
            "is for the undo-during-drag rule 'refused' (drag-undo-refused); subject 'canvas' "
            + "declares no undo-during-drag rule"))
  }

  @Test("A rejection that rolls back but leaves the write pending is an in-flight gate")
  func rejectionLeavingPending() throws {
    let todos = SubjectEntry.optimisticUpdates("todos", summary: "") {
      StarredTodosKeepingRejectedWrite()
    }
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=off
        tap a as r1
        respond r1 rejected => a.displayed=off a.pending=none
      """, against: todos)
    #expect(result.classification?.failureClass == .inFlightGate)
    #expect(
      result.classification?.reason
        == "after its answer a.pending=r1 still, and a tap on a sends nothing: the answer did not "
        + "reopen the record's gate")
  }

  @Test("A sync answer from an earlier session is found stale by leaving it out")
  func staleSync() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c requires sessions
        records a=off
        sync a as s1
        session a=off
        sync a as s2
        respond s1 read on => a.confirmed=off
      """, against: try fault("old-session-sync-accepted"))
    #expect(result.classification?.failureClass == .staleResponse)
    #expect(
      result.classification?.reason
        == "leaving out the answer to the sync s1 gives the expected state; it was applied "
        + "although the session changed at step 3, s2 was sent after it at step 4")
  }

  @Test("A sync that does not unblock writes is an unknown-outcome failure, by tap probe")
  func syncLeavingBlocked() throws {
    let todos = SubjectEntry.optimisticUpdates("todos", summary: "") {
      StarredTodosStayingBlocked()
    }
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=off
        tap a as r1
        respond r1 unknown
        sync a on => a.needsSync=no
      """, against: todos)
    #expect(result.classification?.failureClass == .unknownOutcome)
    #expect(
      result.classification?.reason
        == "after the sync of a a.needsSync=yes a.tapEnabled=no and a tap on a sends nothing: a "
        + "completed sync does not unblock writes")
  }

  @Test(
    "A late answer to a sync superseded by a one-step or unnamed sync is stale",
    arguments: [
      ("sync a on", "respond s1 read off => a.confirmed=on a.displayed=on"),
      ("sync a", "respond s1 read on => a.confirmed=off a.displayed=off"),
    ])
  func syncSupersededWithoutAName(newerSync: String, lateAnswer: String) throws {
    let subject = SubjectEntry.optimisticUpdates("todos-any-refresh", summary: "") {
      StarredTodosAcceptingAnyRefresh()
    }
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=off
        sync a as s1
        \(newerSync)
        \(lateAnswer)
      """, against: subject)
    #expect(result.outcome == .failed)
    #expect(result.classification?.failureClass == .staleResponse, "\(newerSync)")
    #expect(
      result.classification?.reason.contains("another sync was sent after it at step 3") == true,
      "\(result.classification?.reason ?? "")")
  }

  @Test("A sync whose value is ignored is a server-authority failure, by the opposite value")
  func syncValueIgnored() throws {
    let todos = SubjectEntry.optimisticUpdates("todos", summary: "") {
      StarredTodosIgnoringRefreshValue()
    }
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=off
        sync a as s1
        respond s1 read on => a.confirmed=on
      """, against: todos)
    #expect(result.classification?.failureClass == .serverAuthority)
    #expect(
      result.classification?.reason
        == "a.confirmed=off whether the sync reads on or off: the record ignores the server's value"
    )
  }

  @Test("A failure no experiment explains is unclassified, with what was tried")
  func unexplainedIsUnclassified() throws {
    let result = try runCase(
      "suite s family undo\ncase c\n  adjust 10 => value=11", against: editor)
    #expect(result.classification?.failureClass == .unclassified)
    #expect(
      result.classification?.reason
        == "no experiment confirmed a class for 'adjust 10' (step 1): 'adjust 10' (step 1) left "
        + "value=10")
  }

  @Test("A failure that does not reproduce on a fresh subject gets no class")
  func unreproducibleIsUnclassified() throws {
    let drifting = SubjectEntry.undoHistory("drifting", summary: "") { DriftingEditor() }
    let result = try runCase(
      "suite s family undo\ncase c\n  adjust 10 => value=10", against: drifting)
    #expect(result.classification?.failureClass == .unclassified)
    #expect(
      result.classification?.reason.hasPrefix(
        "the failure did not reproduce on a fresh subject: after 'adjust 10' (step 1) the replay "
          + "showed value=") == true)
  }

  @Test("Every failure of every fault has a reason that quotes only observed values")
  func faultReasonsQuoteObservedValues() throws {
    let report = ContractRunner(clock: frozenClock).run(
      RunPlan(suites: try BuiltInSuites.load(), subjects: FaultCatalog.faults.map(\.subject)))
    let failures = report.suites.flatMap(\.cases).filter { $0.outcome == .failed }
    #expect(failures.count > 100)
    for failure in failures {
      let reason = try #require(failure.classification?.reason)
      let invented = ObservedValues.unobservedQuotes(in: reason, of: failure)
      #expect(invented.isEmpty, "\(failure.subject) \(failure.caseID): \(reason)")
    }
  }
}

extension VerdictTests {
  @Test("Undo and Redo controls disabled during a drag are the product's choice, not a UI bug")
  func controlsDuringADrag() throws {
    let subject = SubjectEntry.undoHistory("buttons-off", summary: "") { ButtonsOffDuringDrag() }
    let report = ContractRunner(clock: frozenClock).run(
      RunPlan(suites: try BuiltInSuites.load(), subjects: [subject]))
    let failures = report.suites.flatMap(\.cases).filter { $0.outcome == .failed }
    #expect(failures.isEmpty, "\(failures.map(\.caseID))")
  }

  @Test("An answer to a sync that was never sent gets no class, and says so")
  func unsentSync() throws {
    let todos = SubjectEntry.optimisticUpdates("todos", summary: "") {
      StarredTodosRefreshingOnlyWhenDue()
    }
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=off
        sync a as s1
        respond s1 read on => a.confirmed=on
      """, against: todos)
    #expect(result.classification?.failureClass == .unclassified)
    #expect(
      result.classification?.reason
        == "the sync s1 was never sent (sent=no after 'sync a as s1' (step 2)), so its answer "
        + "could do nothing: a sync may be started at any time, not only when one is due")
  }

  @Test("A suite that expects a second write while one is pending blames the suite, not the model")
  func wrongExpectationIsNotAModelClass() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=off
        tap a as r1
        tap a => sent=yes
      """, against: favorites)
    #expect(result.classification?.failureClass == .unclassified)
    #expect(result.classification?.reason.contains("the expectation, not the model") == true)
  }

  @Test("Mishandling the current answer is not called stale, even when leaving it out helps")
  func currentAnswersAreNotStale() throws {
    let todos = SubjectEntry.optimisticUpdates("todos", summary: "") {
      StarredTodosUnblockingOnFailedRefresh()
    }
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=off
        tap a as r1
        respond r1 unknown
        sync a as s1
        respond s1 failed => a.needsSync=yes
      """, against: todos)
    #expect(result.classification?.failureClass == .unknownOutcome)
  }
}

/// The reference editor with Undo and Redo buttons disabled while a drag is in progress.
@MainActor
final class ButtonsOffDuringDrag: ReferenceEditor {
  override var isUndoEnabled: Bool { dragStart == nil && super.isUndoEnabled }
  override var isRedoEnabled: Bool { dragStart == nil && super.isRedoEnabled }
}

/// A model whose result depends on how many instances exist: a failure on it never replays the
/// same way.
@MainActor
final class DriftingEditor: UndoHistorySubject {
  private static var instances = 0
  private let offset: Int
  private(set) var value = 0
  let undoManager = UndoManager()

  init() {
    Self.instances += 1
    offset = Self.instances
  }

  func adjust(to value: Int) { self.value = value + offset }
  func beginDrag() {}
  func moveDrag(to value: Int) {}
  func endDrag() {}
  func load(_ value: Int) { self.value = value }
}

/// One bug: a refresh unblocks the item but ignores the value it read.
@MainActor
final class StarredTodosIgnoringRefreshValue: StarredTodos {
  override func adopt(_ item: inout Item, _ star: Bool) {
    item.mustRefresh = false
  }
}
