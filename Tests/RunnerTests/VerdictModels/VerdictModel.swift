import Contracts
import RunModel

/// One model of the verdict set: a correct model (no expected class) or a one-bug copy with the
/// class its bug belongs to.
struct VerdictModel: Sendable, CustomStringConvertible {
  let subject: SubjectEntry
  /// The class of the bug, or `nil` for a correct model.
  let expected: FailureClass?
  /// Whether the bug sits where two rules interact (a limit with a switch, an answer with a
  /// re-sort, ...).
  let interacting: Bool

  var description: String { subject.name }

  static func correct(
    _ name: String, _ make: @escaping @MainActor @Sendable () -> any UndoHistorySubject
  )
    -> VerdictModel
  {
    VerdictModel(
      subject: .undoHistory(name, summary: "", make: make), expected: nil, interacting: false)
  }

  static func correct(
    _ name: String, _ make: @escaping @MainActor @Sendable () -> any OptimisticUpdateSubject
  ) -> VerdictModel {
    VerdictModel(
      subject: .optimisticUpdates(name, summary: "", make: make), expected: nil,
      interacting: false)
  }

  static func bug(
    _ name: String, _ expected: FailureClass, interacting: Bool = false,
    _ make: @escaping @MainActor @Sendable () -> any UndoHistorySubject
  ) -> VerdictModel {
    VerdictModel(
      subject: .undoHistory(name, summary: "", make: make), expected: expected,
      interacting: interacting)
  }

  static func bug(
    _ name: String, _ expected: FailureClass, interacting: Bool = false,
    _ make: @escaping @MainActor @Sendable () -> any OptimisticUpdateSubject
  ) -> VerdictModel {
    VerdictModel(
      subject: .optimisticUpdates(name, summary: "", make: make), expected: expected,
      interacting: interacting)
  }

  /// Every model of the set.
  static let all: [VerdictModel] = articleModels + policyModels

  /// The models of the article's rules and of the product rules of the undo family.
  static let articleModels: [VerdictModel] = [
    correct("dial") { DialEditor() },
    correct("dial-keeping-cancels") { DialEditorKeepingCancels() },
    correct("dial-unlimited-on-switch") { DialStartingUnlimitedOnSwitch() },
    correct("dial-checkpoints-aside") { DialCheckpointingAside() },
    correct("tally") { TallyBoard() },
    correct("plain-tally") { PlainTallyBoard() },
    correct("journal") { JournalEditor() },
    correct("notebook") { NotebookEditor() },
    correct("pending-votes") { PendingVoteList() },
    correct("reactions") { ReactionStrip() },
    correct("plain-reactions") { PlainReactionStrip() },
    bug("dial-older-level", .valueRestoration) { DialRestoringOlderLevel() },
    bug("dial-per-item", .groupBoundary) { DialRecordingPerItem() },
    bug("dial-revert-by-undo", .redoAvailability) { DialRevertingByUndo() },
    bug("dial-one-redo", .redoAvailability) { DialKeepingOneRedo() },
    bug("dial-switch-keeps-redo", .redoAvailability, interacting: true) {
      DialSwitchKeepingRedo()
    },
    bug("dial-chunked-drag", .groupBoundary, interacting: true) { DialChunkingDrag() },
    bug("dial-stale-redo-view", .uiBinding) { DialStaleAfterRedo() },
    bug("dial-limit-by-hand", .groupBoundary, interacting: true) { DialLimitingByHand() },
    bug("dial-result-after-undo", .staleResponse, interacting: true) { DialIgnoringRevision() },
    bug("dial-result-unrecorded", .groupBoundary) { DialApplyingResultsUnrecorded() },
    bug("dial-cancel-recorded", .groupBoundary) { DialRecordingCancels() },
    bug("dial-redo-lit", .uiBinding) { DialKeepingRedoLit() },
    bug("dial-still-drag-recorded", .groupBoundary) { DialRecordingStillDrags() },
    bug("dial-undo-in-drag", .groupBoundary) { DialUndoingDuringDrag() },
    bug("dial-checkpoint-every-other", .groupBoundary) { DialCheckpointingEveryOther() },
    bug("dial-cancel-kept-unrecorded", .groupBoundary) { DialKeepingCancelsUnrecorded() },
    bug("dial-cancel-kept-checkpoint", .groupBoundary) { DialKeepingCancelsWithCheckpoint() },
    bug("journal-append-past-cursor", .redoAvailability) { JournalAppendingPastCursor() },
    bug("notebook-cuts-redo", .redoAvailability, interacting: true) { NotebookCuttingRedo() },
    bug("notebook-forgets-limit", .groupBoundary, interacting: true) {
      NotebookForgettingLimit()
    },
    bug("tally-success-unstored", .serverAuthority) { TallyShowingUnstoredSuccess() },
    bug("tally-read-drops-write", .inFlightGate, interacting: true) { TallyReadDroppingWrite() },
    bug("tally-rows-not-repainted", .uiBinding) { TallyNotRepaintingAnswers() },
    bug("tally-rows-not-repainted-unreported", .uiBinding) {
      UnreportedTallyNotRepaintingAnswers()
    },
    bug("tally-cancel-across-sessions", .staleResponse, interacting: true) {
      TallyCancellingAcrossSessions()
    },
    bug("tally-answer-by-row", .recordIdentity, interacting: true) { TallyAnsweringByRow() },
    bug("tally-rollback-to-tap", .rollback, interacting: true) { TallyRollingBackToTap() },
    bug("tally-guess-on-timeout", .unknownOutcome) { TallyKeepingGuessOnTimeout() },
    bug("tally-guess-on-timeout-unreported", .unknownOutcome) {
      UnreportedTallyKeepingGuessOnTimeout()
    },
    bug("tally-match-by-record", .staleResponse) { TallyMatchingByRecord() },
    bug("tally-no-gate", .inFlightGate) { TallyWithoutGate() },
    bug("tally-spinner", .uiBinding) { TallyKeepingSpinner() },
    bug("tally-blocks-across-sessions", .sessionReset, interacting: true) {
      TallyKeepingBlocksAcrossSessions()
    },
    bug("tally-failed-read-unblocks", .unknownOutcome) { TallyUnblockingOnFailedRead() },
    bug("tally-cancel-unblocked", .unknownOutcome) { TallyCancelWithoutBlock() },
    bug("pending-votes-drawing-wish", .uiBinding) { PendingVoteListDrawingWish() },
    bug("reactions-love-sends-like", .controlIntent) { ReactionStripLoveSendsLike() },
    bug("reactions-tap-asks-love", .controlIntent) { ReactionStripTapAsksLove() },
    bug("reactions-keep-pick", .serverAuthority) { ReactionStripKeepingPick() },
    bug("reactions-pick-while-saving", .inFlightGate) { ReactionStripPickingWhileSaving() },
    bug("reactions-cancel-as-refusal", .unknownOutcome) { ReactionStripCancelAsRefusal() },
  ]

  /// One correct model per declared optimistic policy (in-flight latest-wins and queue-latest,
  /// unknown-outcome keep-and-retry, confirmation before removing, shared entities) and its
  /// one-bug copies.
  static let policyModels: [VerdictModel] = [
    correct("likes-latest-wins") { LikeStore() },
    correct("todos-queue-latest") { OfflineQueue() },
    correct("outbox-keep-and-retry") { Outbox() },
    correct("reading-list-asking") { RemoveToolbar() },
    correct("boost-timeline") { BoostTimeline() },
    bug("likes-superseded-answer", .staleResponse, interacting: true) {
      LikeStoreTakingSupersededAnswers()
    },
    bug("likes-rollback-one-tap", .rollback, interacting: true) { LikeStoreRollingBackOneTap() },
    bug("todos-queue-drops-parked", .inFlightGate) { OfflineQueueDroppingParked() },
    bug("outbox-confirms-refusal", .rollback, interacting: true) { OutboxConfirmingRefusals() },
    bug("outbox-drops-unknown", .unknownOutcome) { OutboxDroppingUnknown() },
    bug("reading-list-cancel-removes", .inFlightGate) { RemoveToolbarRemovingOnCancel() },
    bug("reading-list-removed-while-asking", .uiBinding) { RemoveToolbarHidingWhileAsking() },
    // The store is right and only a cell is not repainted: ui-binding, as for
    // tally-rows-not-repainted.
    bug("boost-repaints-tapped-row", .uiBinding, interacting: true) {
      BoostTimelineRepaintingTappedRow()
    },
    bug("boost-forked-post", .recordIdentity) { BoostTimelineForkingBoosts() },
  ]
}
