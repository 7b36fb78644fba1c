import Contracts
import Foundation
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// The backward search names the earlier step that recorded what a later step showed, within its
/// replay bound; every declared cancel rule has its experiment; reasons say what happened.
@MainActor
@Suite("Searching backwards for the cause")
struct BackwardSearchTests {
  private func dial(_ make: @escaping @MainActor @Sendable () -> any UndoHistorySubject)
    -> SubjectEntry
  {
    .undoHistory("dial", summary: "", make: make)
  }

  /// Six adjustments, the last one counting the history.
  private let sixAdjustments = """
    suite s family undo
    case counted-late
      adjust 10
      adjust 20
      adjust 30
      adjust 40
      adjust 50
      adjust 60   => undos=6
    """

  @Test("An extra group recorded before the failing step is named at the step that recorded it")
  func namesTheEarlierStep() throws {
    let result = try runCase(sixAdjustments, against: dial { DialCheckpointingEveryOther() })
    let classification = try #require(result.classification)
    #expect(classification.failureClass == .groupBoundary, "\(classification.reason)")
    #expect(classification.reason.contains("after 'adjust 30' (step 3)"))
    #expect(classification.reason.contains("shown at 'adjust 60' (step 6)"))
    #expect(classification.reason.contains("empty group"))
  }

  @Test("Under a history limit that hid the extra group, the prefix is replayed with it lifted")
  func liftsTheLimit() throws {
    let result = try runCase(
      """
      suite s family undo
      case limited
        levels 2
        adjust 10
        adjust 30
        adjust 50   => undos=2
        undo        => value=30
        undo        => value=10 canUndo=no
      """, against: dial { DialCheckpointingEveryOther() })
    let classification = try #require(result.classification)
    #expect(classification.failureClass == .groupBoundary, "\(classification.reason)")
    #expect(classification.reason.contains("after 'adjust 50' (step 4)"))
    #expect(classification.reason.contains("with every history limit lifted"))
    #expect(classification.reason.contains("shown at 'undo' (step 6)"))
  }

  @Test("The search replays at most 1 + ceil(log2 n) prefixes for a failure at step n")
  func replaysWithinTheBound() throws {
    let steps = (1...12).map { "  adjust \($0 * 10)" }.joined(separator: "\n")
    let text = "suite s family undo\ncase long\n" + steps + "   => undos=12\n"
    let suite = try SuiteReader.parse(text, source: "test.suite")
    let contractCase = try #require(suite.cases.first)
    let subject = dial { DialCheckpointingEveryOther() }
    let replay = Replay(subject: subject)
    let records = replay.records(contractCase.steps)
    let failing = try #require(records.first { !$0.passed })
    #expect(failing.number == 12)
    let context = FailureContext(
      contractCase: contractCase, caseSteps: contractCase.steps,
      steps: Array(records.prefix(failing.number)), failing: failing, replay: replay,
      rules: SubjectRules(subject.make()))
    var replays = 0
    let found = BackwardSearch(context: context).cause(replays: &replays)
    #expect(found?.failureClass == .groupBoundary)
    #expect(found?.reason.contains("after 'adjust 30' (step 3)") == true)
    let bound = 1 + Int(ceil(log2(Double(failing.number))))
    #expect(replays <= bound, "\(replays) replays, bound \(bound)")
  }

  @Test("The search finds nothing on a correct dial and where the failing step is the cause")
  func findsNothingWithoutAnEarlierCause() throws {
    let result = try runCase(sixAdjustments, against: dial { DialCheckpointingAside() })
    #expect(result.outcome == .passed)
    let sameStep = try runCase(
      """
      suite s family undo
      case counted-at-once
        adjust 10
        adjust 20
        adjust 30   => undos=3
      """, against: dial { DialCheckpointingEveryOther() })
    let reason = try #require(sameStep.classification?.reason)
    #expect(sameStep.classification?.failureClass == .groupBoundary)
    #expect(!reason.contains("searching backwards"), "\(reason)")
  }

  private let cancelKept = """
    suite s family undo
    case cancel-kept
      drag began
      drag moved 30
      drag cancelled  => value!=0 undos=1 level=0
      undo            => value=0 canUndo=no
    """

  @Test("Under keep-current, a cancelled drag that records nothing is a group-boundary bug")
  func keepCurrentCancelRecordingNothing() throws {
    let result = try runCase(cancelKept, against: dial { DialKeepingCancelsUnrecorded() })
    let classification = try #require(result.classification)
    #expect(classification.failureClass == .groupBoundary, "\(classification.reason)")
    #expect(classification.reason.contains("'keep-current'"))
    #expect(classification.reason.contains("nothing was recorded"))
  }

  @Test("Under keep-current, a cancelled drag that leaves an extra group is named as such")
  func keepCurrentCancelLeavingAGroup() throws {
    let result = try runCase(cancelKept, against: dial { DialKeepingCancelsWithCheckpoint() })
    let classification = try #require(result.classification)
    #expect(classification.failureClass == .groupBoundary, "\(classification.reason)")
    #expect(classification.reason.contains("1 group more than expected"))
  }

  @Test("A correct keep-current dial passes the cancel case")
  func keepCurrentCorrectDialPasses() throws {
    #expect(
      try runCase(cancelKept, against: dial { DialEditorKeepingCancels() }).outcome == .passed)
  }

  @Test("A drag recorded in progress whose cancel restored the value is not said to have failed to")
  func cancelReasonSaysWhatHappened() throws {
    let result = try runCase(
      """
      suite s family undo
      case cancelled
        adjust 10       => undos=1
        drag began
        drag moved 30
        drag cancelled  => value=10 undos=1
      """, against: dial { DialRecordingMovesRestoringOnCancel() })
    let reason = try #require(result.classification?.reason)
    #expect(result.classification?.failureClass == .groupBoundary)
    #expect(!reason.contains("could not restore"), "\(reason)")
    #expect(reason.contains("the cancel restored value=10 but left undos=2"), "\(reason)")
  }

  @Test("An adjustment that recorded nothing in a new document is not said to have coalesced")
  func reasonSaysWhatHappened() throws {
    let result = try runCase(
      """
      suite s family undo
      case after-switch
        adjust 10       => undos=1
        switch b 20     => undos=0
        adjust 30       => value=30 undos=1
      """,
      against: .undoHistory("typing", summary: "") {
        TypingRunKeptAcrossSwitch(coalescingWindow: .typingWindow)
      })
    let reason = try #require(result.classification?.reason)
    #expect(result.classification?.failureClass == .groupBoundary)
    #expect(!reason.contains("coalesced into the group before it"), "\(reason)")
    #expect(reason.contains("no group before it"), "\(reason)")
  }
}

/// One bug: every drag callback is recorded as a group, and a cancel sets the value back to the
/// drag's start without undoing them.
@MainActor
private final class DialRecordingMovesRestoringOnCancel: DialEditor {
  override func moveDrag(to value: Int) {
    guard grabbedAt != nil else { return }
    record(value)
  }

  override func cancelDrag() {
    guard let start = grabbedAt else { return }
    grabbedAt = nil
    show(start)
  }
}

/// One bug: a document switch does not end the typing run, so the first adjustment in the new
/// document is applied as part of a run whose group stayed with the old document.
@MainActor
private final class TypingRunKeptAcrossSwitch: ReferenceEditor {
  private var switchedDuringRun = false

  override func adjust(to value: Int) {
    super.adjust(to: value)
    switchedDuringRun = false
  }

  override func switchDocument(to id: String, value: Int) {
    switchedDuringRun = typingRunLastAdjusted != nil
    super.switchDocument(to: id, value: value)
  }

  override func joinsTypingRun() -> Bool {
    switchedDuringRun || super.joinsTypingRun()
  }
}
