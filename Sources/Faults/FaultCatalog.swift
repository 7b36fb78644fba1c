import Contracts
import ReferenceModels

/// The catalogue of faulty subjects: each a reference subject with exactly one planted bug, in a
/// file of its own, the symptom a user would report, and the class its failures must get.
public enum FaultCatalog {
  /// Every fault, undo-history faults first.
  public static let faults: [Fault] = [
    .dragCallbackGroups, .dragEndLeavesGroupOpen, .inverseAssignsDirectly,
    .inverseReadsCurrentValue, .inverseRegisteredLate, .openingIsUndoable, .emptyGroupOnSameValue,
    .loadRecorded, .historyAcrossSwitch, .staleResultApplied, .resultGroupLeftOpen,
    .cancelRecordsHistory, .cancelKeepsPosition, .redoSurvivesEdits, .uiStaleAfterUndo,
    .levelsIgnored, .commandSplit, .windowNeverCloses, .runSurvivesUndo,
    .windowShorterThanDeclared, .groupPerSelectedItem, .undoRestoresFirstItem, .selectionRecorded,
    .editKeepsFuture, .switchBackDropsRedo,
    .globalPendingFlag, .successCopiesIntent, .duplicateReapplied, .oldTicketAccepted,
    .oldSessionAccepted, .oldSessionSyncAccepted, .timeoutAsRejection, .timeoutAsSuccess,
    .secondTapSends, .rollbackToSnapshot, .rowNumberIdentity, .sessionKeepsState, .savingNotBound,
    .cancelAsRejection, .automaticReadUnwired, .filterDropsHiddenWrites, .oldRefreshApplied,
    .batchAnswerFirstRecordOnly, .batchRejectionKeepsRest, .requestedShownAsFollowing,
    .rollbackTogglesBack, .choiceSkipsGate, .timeoutKeepsProvisional,
    .lateAnswerAfterTimeout, .timerOutlivesAnswer, .pessimisticShowsIntent,
    .latestWinsAppliesSuperseded, .queueLatestDropsQueued, .retryConfirmsRefused,
    .downvoteSendsUp, .declineStillSends, .askingShowsRemoval, .sharedSettlesTappedRow,
  ]

  /// Subjects that break their process rather than the contract, to show what isolated runs do.
  ///
  /// They trap, exit, crash on a bad pointer, hang or flood their output on Undo. Listed apart from ``faults`` and never counted in its score; run them only isolated (the
  /// default), never with `--no-isolation`.
  public static let processFaults: [Fault] = [
    .traps, .exits, .segfault, .hangs, .floodsStandardError,
  ]
}

extension SubjectEntry {
  /// The reference subjects followed by every faulty subject: what the stock `stategate` knows.
  public static let builtIn: [SubjectEntry] =
    reference + FaultCatalog.faults.map(\.subject) + FaultCatalog.processFaults.map(\.subject)
}
