/// The wording of one sentence (or phrase) a classifier says about a failing case, with named
/// placeholders (`{action}`) for what the experiment observed.
///
/// Each language's wording is its own file (`ReasonTemplate+Japanese.swift` …) with a switch over
/// every template, so the compiler checks that none is missing; a test checks that every language
/// has the same placeholders as English. The English wording is what machine formats record.
package enum ReasonTemplate: String, CaseIterable, Sendable, Codable {
  // Classifier: a failure that did not reproduce, or that no experiment explained.
  /// A replay stopped before the failing step.
  case replayStopped
  /// A replay on a fresh subject showed something else.
  case notReproduced
  /// What the replay showed instead: the values.
  case replayShowedInstead
  /// What the replay showed instead: other mismatches.
  case differentMismatches
  /// No experiment confirmed a class; what they saw.
  case noExperimentConfirmed
  /// No experiment applies to the failing step.
  case noExperimentApplies

  // Verdicts that are not confident.
  /// The surviving explanations as one line.
  case rankedExplanations
  /// One of the surviving explanations, numbered.
  case rankedExplanation
  /// The console's line over the surviving explanations.
  case notConfident

  // Phrases shared by the undo-history experiments.
  /// History counts before and after a step.
  case countsBeforeAfter
  /// One item's value change.
  case itemChange
  /// A number of undo groups, one.
  case undoGroupsOne
  /// A number of undo groups, more than one.
  case undoGroupsMany
  /// A probe that showed no value.
  case noValue

  // UndoHistoryClassifier+Selection.
  /// A selection recorded undo groups.
  case selectionRecorded
  /// A change to several selected items recorded a group per item.
  case selectionSplit
  /// One undo did not give an item its own value back.
  case selectionItemNotRestored
  /// A shown value and the value that was due.
  case shownWhereDue
  /// The UI follows the items as the contract has it: the expectation looks wrong.
  case selectionShownAsContract
  /// What the UI shows for the selection does not follow the items.
  case selectionDisplayStale

  // UndoHistoryClassifier+Coalescing.
  /// An adjustment within the window made a group of its own.
  case coalescingSplit
  /// An adjustment outside the window made no group of its own.
  case coalescingMerged
  /// The subject followed its window; the case expects otherwise.
  case coalescingExpectationWrong
  /// How long after the previous adjustment.
  case afterPreviousAdjustment
  /// There was no adjustment before.
  case noEarlierAdjustment
  /// A step ended the typing run.
  case afterRunEnded
  /// The adjustment joined the group before it.
  case coalescedIntoPrevious
  /// There was no group to join.
  case noGroupToJoin

  // OptimisticClassifier+Confirmation.
  /// The row shows a change while its question is open.
  case askingShowsChange
  /// The confirmation rule the subject declares.
  case confirmationRuleDeclared
  /// A tap asked, or did not ask, against the rule.
  case askedWrongly
  /// The tap asked the user first.
  case askedFirst
  /// The tap did not ask first.
  case didNotAskFirst
  /// The tap asked and sent before the answer.
  case askedAndSent
  /// Declining changed nothing.
  case declineChangedNothing
  /// Declining changed the record.
  case declineChanged
  /// Confirming sent no write.
  case confirmationNotWritten

  // OptimisticClassifier+Entities.
  /// Two rows of one entity share its pending write.
  case entityRowsShare
  /// Two rows of one entity keep state of their own.
  case entityRowsSplit

  // OptimisticClassifier+Intent.
  /// A tap as the control that asked.
  case controlTap
  /// Two controls ask for the same value.
  case sameValueControls
  /// The control asked for another value and the row shows it.
  case controlAskedOther
  /// The row does not follow a choice either.
  case rowDoesNotFollowChoice
  /// The control asked for the value already shown.
  case controlAskedShown

  // The isolated runner: a worker that crashed or hung.
  /// The subject crashed.
  case subjectCrashed
  /// It crashed while the failure was being classified.
  case whileClassifying
  /// It crashed during a step.
  case duringStep
  /// The subject crashed, and what the worker last wrote.
  case subjectCrashedWrote
  /// A fatal signal after which the worker did not end.
  case lateSignal
  /// The case ran past its limit.
  case caseTimedOut
  /// A step ran past its limit.
  case stepTimedOut

  // UndoHistoryClassifier: misuse, the UI, and the value or redo after an undo or redo.
  /// The word for an undo.
  case undoWord
  /// The word for a redo.
  case redoWord
  /// An inverse registered after the undo or redo was over.
  case inverseRegisteredLate
  /// The undo manager refused a command.
  case undoManagerRefused
  /// The app keeps a redo of its own.
  case appKeepsOwnRedo
  /// A model key and the UI key that should follow it.
  case modelButUI
  /// The UI layer was not refreshed.
  case uiNotRefreshed
  /// The action to undo left no group.
  case undoLeftNoGroup
  /// Several undos restored the value.
  case restoredAfterUndos
  /// One undo went past the action's start.
  case undoWentPastStart
  /// An edit joined the group before it.
  case editJoinedGroup
  /// The inverse restores the wrong value.
  case inverseWrongValue
  /// The undo did not pop one group.
  case undoNotOneGroup
  /// The earlier undo left no redo group.
  case redoLeftNoGroup
  /// Several redos reached the value.
  case reachedAfterRedos
  /// The redo restored the wrong value.
  case redoWrongValue
  /// The redo did not restore one group.
  case redoNotOneGroup
  /// The undo registered no inverse.
  case noInverseRegistered
  /// Several redos are needed.
  case redosNeeded
  /// What one redo gives.
  case oneRedoGives

  // UndoHistoryClassifier: the number of groups after a step.
  /// History that must not be there was kept or recorded.
  case historyKept
  /// An undo leaves the value as it is.
  case undoLeaves
  /// An undo moves the value.
  case undoMoves
  /// An action split into groups, one of them empty.
  case emptyGroupAmongSplit
  /// An empty group was recorded.
  case emptyGroupRecorded
  /// The history limit was not applied.
  case limitNotApplied
  /// An edit lost groups.
  case editLostGroups
  /// The action merged into the group before it.
  case actionMergedIntoGroup
  /// The action recorded no group of its own.
  case actionNotRecorded
  /// No undo probe explained the count.
  case noUndoProbeExplained

  // OptimisticClassifier: what a row shows.
  /// The row paints a write before its answer under the pessimistic display.
  case pessimisticDisplayBroken
  /// The saving indicator does not follow pending.
  case savingNotBound
  /// The tap control does not follow the model's gate.
  case controlNotBound
  /// A tap sends a write.
  case tapSends
  /// A tap sends nothing.
  case tapSendsNothing

  // UndoHistoryClassifier: commandDuringDrag.
  /// An undo or redo during a drag was not refused.
  case dragCommandNotRefused
  /// An undo or redo during a drag was refused, as the rule says.
  case dragCommandRefused
  /// An undo or redo during a drag changed history.
  case dragCommandChangedHistory
  /// An undo or redo during a drag did not restore the drag's start.
  case dragCommandLeftValue
  /// An undo or redo during a drag cancelled it, as the rule says.
  case dragCommandCancelled

  // UndoHistoryClassifier: redoDroppedByUndo.
  /// The redo count before and after an undo.
  case redoCountsAround
  /// The redo count grew by the group the undo popped.
  case redoCountGrew
  /// Redos bring back the value an earlier undo took away.
  case redosBringBack
  /// The undo left no redo of its own.
  case undoLeftNoOwnRedo
  /// One redo gives (a value).
  case aRedoGives
  /// Several redos give (values).
  case redosGive
  /// The undo left its own redo, but the redos never reach the earlier one.
  case ownRedoRestores
  /// The undo had nothing to undo.
  case nothingToUndoThenRedo
  /// The second undo dropped the first undo's redo.
  case undoDroppedRedo

  // UndoHistoryClassifier: redoKept.
  /// An action emptied the undo stack and kept the redo branch.
  case undoStackEmptiedRedoKept
  /// An action that is not an edit kept the history before it.
  case earlierHistoryKept
  /// An emptied undo stack cannot be told from a kept one.
  case redoBranchMayBeKept
  /// A redo goes back to the abandoned branch.
  case redoBackToAbandoned
  /// A redo after the action changes nothing.
  case redoChangesNothing

  // UndoHistoryClassifier: redoDroppedBySwitchBack.
  /// A document's history when the user left it.
  case documentWhenLeft
  /// Switching back changed the whole history.
  case switchBackChangedHistory
  /// After switching back a redo still moves the value.
  case switchBackRedoMoves
  /// Switching back dropped the document's redo branch.
  case switchBackDroppedRedo
  /// The history of the document left was carried into the one switched to.
  case historyCarriedAcrossSwitch

  // UndoHistoryClassifier: deeperHistory.
  /// The counts in a replay with one more adjustment at the bottom of the history.
  case withOneMoreAdjustment
  /// A redo moves the value.
  case redoMoves
  /// The action kept all the history before it.
  case deeperHistoryKept
  /// The action emptied the undo stack and kept the redo branch.
  case deeperRedoBranchKept

  // UndoHistoryClassifier: valueAfterAction.
  /// An action did not change the value.
  case valueNotChanged
  /// Nothing made a late callback or result stale.
  case nothingMadeStale
  /// A stale callback was applied.
  case staleCallbackApplied
  /// A stale result was applied.
  case staleResultApplied
  /// Leaving the action out does not give the expected state either.
  case leavingOutActionFails
  /// What an action left.
  case actionLeftValue
  /// What made a callback stale: a document switch.
  case staleDocumentSwitched
  /// What made a callback stale: a load.
  case staleDocumentLoaded
  /// What made a result stale: the value changed.
  case staleValueChanged

  // UndoHistoryClassifier: cancelledDrag (restore-start).
  /// The cancel restored the value but kept the groups recorded during the drag.
  case cancelKeptGroups
  /// The cancel did not restore the drag's start value.
  case cancelLeftValue
  /// A drag recorded groups while in progress, before it was cancelled.
  case dragRecordedInProgress
  /// A cancelled drag did not restore its start under 'restore-start'.
  case cancelledDragLeftValue
  /// A cancelled drag changed history.
  case cancelledDragChangedHistory
  /// A cancelled drag restored its start and left history as it was.
  case cancelledDragRestored

  // UndoHistoryClassifier: cancelledDragKeepingCurrent.
  /// A cancelled drag moved the value under 'keep-current'.
  case cancelledDragMovedValue
  /// A cancelled drag was not recorded under 'keep-current'.
  case cancelledDragNotRecorded
  /// The drag is back at its start, which records nothing.
  case dragBackAtStart
  /// The rule 'keep-current' records a drag as one group.
  case keepCurrentOneGroup
  /// One group more than expected.
  case groupsMoreOne
  /// Several groups more than expected.
  case groupsMoreMany
  /// A cancelled drag recorded more groups than it should.
  case cancelledDragExtraGroups
  /// A cancelled drag kept its value and history as 'keep-current' says.
  case cancelledDragKeptAsRule

  // UndoHistoryClassifier: groupCount, openGroup.
  /// An edit recorded an empty group beside its own.
  case emptyGroupBeside
  /// A group was left open after the step.
  case groupLeftOpen

  // OptimisticClassifier+Batches.
  /// A batch was sent while a record's write was pending.
  case batchSentWhilePending
  /// A batch was sent while a record needed a sync.
  case batchSentWhileNeedsSync
  /// The old session's write kept a batch from being sent.
  case batchHeldByOldSession
  /// Records share one in-flight gate.
  case batchSharesGate
  /// The gate did not let a batch through.
  case batchGateClosed
  /// What made an answer stale: a session change.
  case sessionChangedAt
  /// What made an answer stale: it was answered before.
  case answeredAt
  /// What made an answer stale: it timed out.
  case timedOutAt
  /// The answer to a batch.
  case answerToBatch
  /// A batch answer settled some of its records and missed others.
  case batchAnswerMissed
  /// A batch answer reached none of its records, re-sorts or not.
  case batchReachedNoneStill
  /// Records are located by row or by what is shown, not by id.
  case batchReachedNoneMoved
  /// After a batch answer a tap sends a write.
  case batchAnsweredTapSends
  /// A batch answer did not reopen its records' gate.
  case batchGateNotReopened
  /// A rejected batch did not roll every record back.
  case batchRollback
  /// After a batch's unknown outcome every record needs a sync.
  case batchUnknown
  /// Each record of a saved batch adopts the server's value.
  case batchServerValue

  // OptimisticClassifier: the row, the gate and taps.
  /// The row was not updated from the model.
  case rowApartFromModel
  /// A tap sends another write while one is pending.
  case tapSendsAnother
  /// A tap sends a write while a sync is due.
  case tapSendsWhileNeedsSync
  /// The gate stays closed with nothing pending and no sync due.
  case tapGateClosed
  /// A tap on a record.
  case aTapOn
  /// The tap on a record.
  case theTapOn
  /// Records share one in-flight gate (a tap).
  case tapSharesGate
  /// Records share one in-flight gate.
  case writeSharesGate
  /// A write was sent while one was pending.
  case writeSentAnother
  /// A write was sent while a sync was due.
  case writeSentWhileNeedsSync
  /// A write was sent.
  case writeSent
  /// The case expects a second write in flight.
  case expectsWriteWhilePending
  /// A write was refused because an answered write stayed pending.
  case writeStuckPending
  /// An answer that did not settle the write.
  case answerDidNotSettle
  /// No answer came before the tap.
  case noAnswerBeforeTap
  /// A due sync also refuses the write.
  case writeBlockedBySyncToo
  /// A write was refused because a sync was due.
  case writeBlockedBySync
  /// The last answer, before the rest of the sentence.
  case lastAnswerWas
  /// A choice is refused though nothing blocks the record.
  case choiceRefused
  /// The gate stays closed with nothing pending and no sync due.
  case writeGateClosed
  /// What a tap found and left.
  case writeFoundAndLeft
  /// A tap while a write was pending changed the record.
  case writeChangedPending

  // OptimisticClassifier: answers to writes.
  /// The answer to a request.
  case answerTo
  /// The unknown outcome of a request.
  case unknownOutcomeOf
  /// The write answered was never sent.
  case writeNeverSent
  /// The sync answered was never sent.
  case syncNeverSent
  /// What a queued tap showed.
  case andShowed
  /// The answer did not send the queued value under queue-latest.
  case queuedWriteNotSent
  /// A one-step sync was never sent.
  case roundTripNeverSent
  /// The answer was current, not stale.
  case answerWasCurrent
  /// The answer did not reopen the record's gate.
  case answerDidNotReopen
  /// After the answer a tap still sends a write.
  case answeredTapSends
  /// The model held another value than the row: the row was not repainted.
  case rowNotRepainted
  /// An answer or a re-sort changed a record it does not belong to.
  case otherRecordChanged
  /// Re-sorts.
  case resorts
  /// Re-sorts and filters.
  case resortsAndFilters
  /// Leaving out the re-sorts does not give the expected state.
  case leavingOutMovesFails
  /// Records are located by row, not by id.
  case locatedByRow
  /// Success is shown but not stored as the confirmed value.
  case successNotStored
  /// Success shows the user's intent instead of the server's value.
  case successShowsIntent
  /// What another saved value shows.
  case withSavedInstead
  /// The row follows the server's value.
  case rowFollowsServer
  /// A rejection left the record needing a sync.
  case rejectionNeedsSync
  /// A rejection changed the confirmed value.
  case rejectionChangedConfirmed
  /// What the record shows after a rejection.
  case afterRejection
  /// Rollback restores a snapshot, not the value confirmed now.
  case rollbackToSnapshot
  /// The row does not show the value confirmed now.
  case rollbackNotShown
  /// An unknown outcome was treated as known.
  case outcomeTreatedAsKnown
  /// An unknown outcome was treated as a success.
  case unknownTreatedAsSuccess
  /// After an unknown outcome a tap sends nothing.
  case unknownTapSendsNothing
  /// The model kept the provisional value.
  case modelKeptProvisional
  /// A failed read repaints the row: the row was not repainted before.
  case failedReadRepaints
  /// The provisional value was not withdrawn.
  case provisionalNotWithdrawn
  /// No probe can show what the model holds.
  case modelMayBeRight
  /// Cancelling a request.
  case cancelling

  // OptimisticClassifier: syncs, cancellations, sessions, re-sorts, stale answers.
  /// The answer to a sync.
  case answerToSync
  /// The sync of a record.
  case syncOf
  /// The sync's answer was current, not stale.
  case syncAnswerWasCurrent
  /// What an answer changed.
  case whatChanged
  /// A read dropped the write still in flight.
  case readDroppedWrite
  /// After a sync a tap sends a write though the record needs a sync.
  case syncTapSends
  /// A completed sync does not unblock writes.
  case syncDoesNotUnblock
  /// A failed read unblocked the record.
  case failedReadUnblocked
  /// The record follows the sync.
  case recordFollowsSync
  /// The record ignores the value a sync reads.
  case syncValueIgnored
  /// The cancel of a request.
  case cancelOf
  /// What a stale cancel changed.
  case itChanged
  /// A stale answer was applied.
  case itWasApplied
  /// Leaving out the answer does not give the expected state.
  case leavingOutFails
  /// A stale answer or cancel changed the record.
  case leavingOutGivesExpected
  /// What made an answer stale: it was cancelled.
  case cancelledAt
  /// Another tap's request, unnamed.
  case anotherTapsRequest
  /// Another sync, unnamed.
  case anotherSync
  /// What made an answer stale: a newer request.
  case sentAfterIt
  /// What made an answer stale: the pending write when it came.
  case whenItCame
  /// A write of the previous session is still pending.
  case sessionWriteStillPending
  /// The previous session's unknown outcome was kept.
  case sessionUnknownKept
  /// A record kept its value across a session change.
  case sessionValueKept
  /// No record kept state across a session change.
  case sessionKeptNothing
  /// A re-sort changed no record's state.
  case resortChangedNothing
  /// Rows carry state that belongs to records.
  case resortChangedState

  // OptimisticClassifier+ListsAndReads.
  /// Without the re-sorts the step gives the expected state.
  case rowsMovedLocatedByRow
  /// No read was due.
  case noReadDue
  /// The app started no read though it declares automatic-reads.
  case readNotStarted
  /// The app read by itself where no outcome became unknown.
  case readWhereNotDue
  /// The case does not name a read the app started.
  case unnamedRead
  /// A filter changed no record's state.
  case filterChangedNothing
  /// Hiding a row dropped its record's state.
  case filterDroppedState
  /// The refresh answer answered the newest refresh.
  case refreshAnswerWasNewest
  /// The answer to a refresh.
  case answerToRefresh
  /// Reloading the list dropped a write in flight.
  case refreshDroppedWrite
  /// Another refresh, unnamed.
  case anotherRefresh

  // OptimisticClassifier+Timeouts.
  /// A wait changed a record though no write timeout is declared.
  case noWriteTimeout
  /// No earlier write was due.
  case noWriteDueBy
  /// An earlier write's timeout fell due.
  case earlierTimeoutFellDue
  /// A timer outlived the write it was set for.
  case timerOutlivedWrite
  /// The timeout of a request.
  case timeoutOf
  /// A write is still pending before its timeout.
  case stillPendingBeforeTimeout
  /// A timed-out write was not given up as an unknown outcome.
  case timeoutNotGivenUp
  /// A sync sent before the outcome became unknown unblocked the record.
  case syncPredatesUnknown
  /// A write with no name.
  case unnamedWrite
  /// A batch with no name.
  case unnamedBatch

  // BackwardSearch.
  /// The backward search's lead before the experiment at the step it found.
  case searchingBackwards
  /// The same prefix with every history limit lifted.
  case withLimitLifted
  /// A count and the count the contract expects.
  case contractExpects
  /// What a walk of undos gave and what the contract expects.
  case walkContractExpects

  // The isolated runner: a worker that refused a case.
  /// The worker refused the case.
  case workerRefused
  /// The worker gave no reason.
  case noReasonGiven

  // Import: a recorded session that did not fail as a case.
  /// The shrunk case did not reproduce the failure.
  case shrunkNotReproduced
  /// The session broke its worker only while it was shrunk.
  case sessionBrokeWorker

  // Exploration: a found case that did not fail again as a case.
  /// The shrunk case passed on a fresh subject; what exploration saw, and at which step.
  case explorationNotReproducedAtStep
  /// The shrunk case passed on a fresh subject; what the exploring worker saw.
  case explorationNotReproduced
  /// A sequence broke its worker once, and not when it ran again.
  case sequenceBrokeWorkerOnce
  /// Added to a reason: the worker broke while the case was shrunk, so it is not shrunk.
  case brokeWorkerWhileShrinking
  /// How a worker ended: its exit status.
  case exitStatus
  /// How a worker ended: a signal.
  case endedBySignal
  /// How a worker ended: it had not.
  case stillRunning

  // Between the facts a stale-answer reason lists.
  /// What separates two facts.
  case factSeparator

  /// The wording in `language`.
  ///
  /// - Parameter language: The language.
  /// - Returns: The wording, with its placeholders.
  package func text(in language: Language) -> String {
    switch language {
    case .english: english
    case .japanese: japanese
    case .traditionalChinese: traditionalChinese
    case .korean: korean
    }
  }

  /// The names of the placeholders, as the English wording has them.
  package var placeholders: Set<String> { Pattern(english).placeholders }

  /// The wording in English: what every machine format records.
  var english: String {
    switch self {
    case .replayStopped:
      "the failure did not reproduce: a replay on a fresh subject stopped before step {step}"
    case .notReproduced:
      "the failure did not reproduce on a fresh subject: after {action} the replay showed "
        + "{shown}; the model depends on something outside the steps (shared or global state, "
        + "time)"
    case .replayShowedInstead: "{replayed} instead of {recorded}"
    case .differentMismatches: "different mismatches"
    case .noExperimentConfirmed: "no experiment confirmed a class for {action}: {tried}"
    case .noExperimentApplies: "no experiment applies to this step"
    case .rankedExplanations: "{count} explanations survive every experiment: {explanations}"
    case .rankedExplanation: "({rank}) {class}: {reason}"
    case .notConfident:
      "not confident, {count} explanations survive every experiment, most likely first"
    case .countsBeforeAfter: "{before} before, {after} after"
    case .itemChange: "{item}: {before} to {after}"
    case .undoGroupsOne: "{count} undo group"
    case .undoGroupsMany: "{count} undo groups"
    case .noValue: "no value"
    case .selectionRecorded:
      "{action} only changes which items are selected, not an edit, yet it recorded {groups} "
        + "({counts}): the selection entered history"
    case .selectionSplit:
      "{action} is one user action on {count} selected items ({changed}), yet it recorded "
        + "{groups} undo groups ({counts}), and one undo then gives {undone}: each selected "
        + "item's change became a group of its own"
    case .selectionItemNotRestored:
      "{action} changed {count} selected items ({changed}) as one group, and one undo then "
        + "gives {undone}, not {expected}: item '{item}' did not get back its own value"
    case .shownWhereDue: "{shown} where {due} was due"
    case .selectionShownAsContract:
      "at {action} the model holds {items} and the UI shows {shown}, as the contract has it (the "
        + "inspector shows mixed exactly while the selected values differ, and each item its "
        + "value): the expectation, not the subject, looks wrong"
    case .selectionDisplayStale:
      "at {action} the model holds {items}, yet the UI shows {shown}: what the UI shows for the "
        + "selection does not follow the items' values"
    case .coalescingSplit:
      "{action} came {why}, within the declared {window} window, yet it made a group of its own "
        + "({counts}) and one undo then gives {undone}: the typing run was split"
    case .coalescingMerged:
      "{action} came {why}, so it must start a group of its own, yet {counts} and one undo then "
        + "gives {undone}, not value={value}: {what}"
    case .coalescingExpectationWrong:
      "{action} came {why}, within the {window} window the subject declares, so it joins the "
        + "group before it, as the subject did ({undos}): the case expects otherwise; wait at "
        + "least the window ('wait window') to start a group of its own"
    case .afterPreviousAdjustment: "{duration} after the previous adjustment"
    case .noEarlierAdjustment: "no earlier adjustment"
    case .afterRunEnded: "after {action} ended the run"
    case .coalescedIntoPrevious: "the adjustment was coalesced into the group before it"
    case .noGroupToJoin:
      "there was no group before it to join, so the adjustment recorded no group at all"
    case .askingShowsChange:
      "after {action} {observed}: the row shows {shown} while its question is open and nothing "
        + "was sent; until the user confirms, the row shows the confirmed {confirmed}"
    case .confirmationRuleDeclared: "the subject declares the confirmation rule '{rule}'"
    case .askedWrongly: "{rule}, yet {action} on {displayed} {asked} ({asking})"
    case .askedFirst: "asked the user first"
    case .didNotAskFirst: "did not ask first"
    case .askedAndSent: "{rule}: {action} asked the user and sent a write before any answer"
    case .declineChangedNothing: "declining the question on {record} changed none of its fields"
    case .declineChanged:
      "declining the question on {record} changed {before} to {after}: a declined confirmation "
        + "sends nothing and changes nothing"
    case .confirmationNotWritten:
      "confirming the question on {record} sent no write: a confirmed tap is a normal write"
    case .entityRowsShare:
      "rows {row} and {other} disagreed after the step, yet a tap on {sibling} then sends "
        + "nothing: they share the entity's pending write"
    case .entityRowsSplit:
      "{action} sent a write for {record} ({pending}), and a tap on {sibling}, a row of the same "
        + "entity, then sends a second write ({siblingPending}): the rows keep state of their "
        + "own instead of sharing the entity's"
    case .controlTap: "a tap on {record} showing {shown}"
    case .sameValueControls:
      "; {choice} on the same state shows {shown} as well, so the two controls ask for the same "
        + "value"
    case .controlAskedOther:
      "{control} asks for {asked}; it sent a write (sent=yes, {pending}) and the row shows "
        + "{shown} ({displayed}){comparison}: the control asked for another value than the user "
        + "chose"
    case .rowDoesNotFollowChoice:
      "{control} sent a write and the row still shows {shown}; {choice} on the same state shows "
        + "{probed}, so the row does not follow a choice either"
    case .controlAskedShown:
      "{control} asks for {asked}; it sent a write (sent=yes, {pending}) and the row still shows "
        + "{shown} ({displayed}), while {choice} on the same state shows {other}: the row follows "
        + "a choice, so the control asked for the value already shown, not the one the user chose"
    case .subjectCrashed:
      "the subject crashed after step {step}, {phase}: the worker ended with {ending}"
    case .subjectCrashedWrote:
      "the subject crashed after step {step}, {phase}: the worker ended with {ending}; it last "
        + "wrote: {text}"
    case .whileClassifying: "while classifying the failure"
    case .duringStep: "during {step}"
    case .lateSignal: "signal {signal} (it did not end within {grace} after it, and was killed)"
    case .caseTimedOut:
      "the case did not finish within {limit} (its last step to finish was step {step}): the "
        + "worker was killed"
    case .stepTimedOut:
      "{step} did not finish within {limit}: the subject hung, and the worker was killed"
    case .undoWord: "undo"
    case .redoWord: "redo"
    case .inverseRegisteredLate:
      "the {verb} at step {step} changed the value but a {reverse} after it changes nothing, and "
        + "at {action} the undo manager reported a registration outside any group: the inverse "
        + "was registered after the {verb} was over"
    case .undoManagerRefused: "the undo manager refused {action}: {problems}"
    case .appKeepsOwnRedo:
      "after {action} redoEnabled=yes with canRedo=no, and a redo moves value={now} to "
        + "value={redone}: the app keeps a redo of its own that survived the edit"
    case .modelButUI: "{model} but {ui}"
    case .uiNotRefreshed:
      "after {action} the model shows {pairs}: the UI layer was not refreshed from the model"
    case .undoLeftNoGroup:
      "before {action} {observed}: the action the undo should reverse left no group"
    case .restoredAfterUndos:
      "restored {expected} after {count} undos: the action was recorded as {count} groups"
    case .undoWentPastStart:
      "one undo went past the action's start to {first}, the value before step {step}, and "
        + "{merged}: groups were merged"
    case .editJoinedGroup: "{action} changed {before} to {after} with {undos} as before"
    case .inverseWrongValue:
      "the undo popped one group ({counts}) but left value={value}; no number of undos restores "
        + "{expected} (undos gave {shown}): the inverse does not restore the value it replaced"
    case .undoNotOneGroup:
      "the undo did not pop exactly one group ({counts}) and repeated undos gave {shown}"
    case .redoLeftNoGroup: "before {action} {observed}: the earlier undo left no redo group"
    case .reachedAfterRedos:
      "reached {expected} after {count} redos: the undone action was recorded as {count} groups"
    case .redoWrongValue:
      "the redo restored one group ({counts}) but left value={value} instead of {expected}"
    case .redoNotOneGroup: "the redo did not restore exactly one group ({counts})"
    case .noInverseRegistered:
      "after {action} {observed} and a redo changes nothing (value stays {value}): the undo "
        + "registered no inverse, so no redo group exists"
    case .redosNeeded:
      "after {action} {observed} and {count} redos are needed to restore value={value}: the undo "
        + "left the action as {count} groups"
    case .oneRedoGives: "after {action} {observed} and one redo gives value={value}"
    case .historyKept:
      "after {action} {counts} ({undos} before), and {probe}: history that must not be there was "
        + "kept or recorded"
    case .undoLeaves: "an undo then leaves value={value}: it acts on what was recorded before"
    case .undoMoves: "an undo then moves value={from} to value={to}"
    case .emptyGroupAmongSplit:
      "after {action} {counts}; one undo changes nothing (value stays {value}) and {depth} undos "
        + "restore {start}: the action was recorded as {depth} groups, one of them changing "
        + "nothing shown"
    case .emptyGroupRecorded:
      "after {action} {counts}, yet one undo changes nothing (value stays {value}): an empty group "
        + "was recorded"
    case .limitNotApplied:
      "{undos} after the history limit was set to {limit}: the limit was not applied to the undo "
        + "manager"
    case .editLostGroups:
      "{action} changed {before} to {after}: an edit must add its group, yet history lost groups"
    case .actionMergedIntoGroup:
      "{action} changed value={from} to value={to} but undos stayed at {undos}, and one undo "
        + "restores value={previous}, the value before the previous action: the action merged "
        + "into its group"
    case .actionNotRecorded:
      "{action} changed value={from} to value={to} but {counts} as before: the action was not "
        + "recorded as a group of its own"
    case .noUndoProbeExplained:
      "after {action} {counts} ({undos} before); no undo probe explained the count"
    case .pessimisticDisplayBroken:
      "after {action} {observed}: the subject declares the pessimistic display, so while "
        + "{pending} is pending the row shows the confirmed {confirmed}, yet it shows {shown} "
        + "before the answer"
    case .savingNotBound: "after {action} {observed}: the saving indicator is not bound to pending"
    case .controlNotBound:
      "after {action} {record}.tapEnabled={enabled} but a tap on {record} {sent}: the control is "
        + "not bound to the model's gate"
    case .tapSends: "sends a write"
    case .tapSendsNothing: "sends nothing"
    case .dragCommandNotRefused:
      "{action} during the drag was not refused ({seen}): the command reached history recorded "
        + "before the drag while the drag's action was still open"
    case .dragCommandRefused:
      "{action} during the drag changed nothing ({after}), as the declared rule 'refused' says"
    case .dragCommandChangedHistory:
      "{action} during the drag changed history ({seen}) instead of only cancelling the drag"
    case .dragCommandLeftValue:
      "{action} during the drag left value={value} with history unchanged; the drag began at "
        + "value={start}, which the declared rule 'cancels-drag' restores"
    case .dragCommandCancelled: "{action} cancelled the drag ({after}), as the declared rule says"
    case .redoCountsAround: "{before} before {action}, {after} after"
    case .redoCountGrew: "{counts}: the redo count grew by the group the undo popped"
    case .redosBringBack:
      "{counts}, yet redos after it bring back value={lost} (redos gave {shown})"
    case .undoLeftNoOwnRedo:
      "{counts}, and one redo gives value={redone}, not value={undone}: the undo left no redo of "
        + "its own"
    case .aRedoGives: "a redo gives"
    case .redosGive: "{count} redos give"
    case .ownRedoRestores:
      "one redo then restores value={undone}, what that undo took away, but {redos} value={shown}"
    case .nothingToUndoThenRedo: "that undo had nothing to undo, and {redos} value={shown}"
    case .undoDroppedRedo:
      "{counts}; {gives}, never value={lost}, which {earlier} left to redo: the second undo "
        + "dropped the first undo's redo"
    case .undoStackEmptiedRedoKept:
      "{action} emptied the undo stack ({before} before, {after} after), and a redo moves "
        + "value={now} to value={redone}: the redo branch of what came before was kept"
    case .earlierHistoryKept:
      "after {action} {counts}, and a redo moves value={now} to value={redone}: history recorded "
        + "before the action was kept, though it is not an edit"
    case .redoBranchMayBeKept:
      "{before} before {action}, so an emptied undo stack cannot be told from a kept one; with "
        + "{after} after it, a redo moves value={now} to value={redone}: the redo branch may be "
        + "all that was kept"
    case .redoBackToAbandoned:
      "after {action} {counts}, and a redo moves value={now} to value={redone}, back to the "
        + "abandoned branch"
    case .redoChangesNothing:
      "after {action} {counts} but a redo changes nothing (value stays {now})"
    case .documentWhenLeft:
      "document {document} had {counts} when the user left it (before step {step})"
    case .switchBackChangedHistory:
      "{left}, and after {action} {counts}: the whole history changed, not only its redo branch"
    case .switchBackRedoMoves:
      "{left}, and after {action} {counts}, yet a redo still moves the value"
    case .switchBackDroppedRedo:
      "{left}; switching back at {action} kept its undo history but left {counts}: the redo branch "
        + "was dropped on switching back, though the subject declares history-per-document"
    case .historyCarriedAcrossSwitch:
      "before {action} {before}, and after it {after} where the document switched to has nothing "
        + "to undo or redo: the history of the document left was kept across the switch, and a "
        + "{command} changes nothing shown"
    case .withOneMoreAdjustment:
      "with one more adjustment before step {step} (adjust {extra}), {before} before {action} and "
        + "{after} after it"
    case .redoMoves: "a redo moves value={now} to value={redone}"
    case .deeperHistoryKept:
      "{counts}: the action kept the history recorded before it, though it is not an edit ({redo})"
    case .deeperRedoBranchKept:
      "{counts}: the action emptied the undo stack but kept the redo branch ({redo})"
    case .valueNotChanged: "{action} did not change the value ({value})"
    case .nothingMadeStale:
      "{action} left value={value}, but nothing made it stale: its document and value were "
        + "unchanged since it started"
    case .staleCallbackApplied:
      "without {action} the expectations hold; with it value={value}: the callback was stale "
        + "({staleness}) but was applied"
    case .staleResultApplied:
      "without {action} the expectations hold; with it value={value}: the result was stale "
        + "({staleness}) but was applied"
    case .leavingOutActionFails: "leaving out {action} does not give the expected state either"
    case .actionLeftValue: "{action} left value={value}"
    case .staleDocumentSwitched: "the document switched to {document} at step {step}"
    case .staleDocumentLoaded: "a load replaced the document at step {step}"
    case .staleValueChanged: "{before} changed to {after} at step {step}"
    case .cancelKeptGroups:
      "the cancel restored value={start} but left {now}: the groups recorded during the drag stayed"
    case .cancelLeftValue:
      "the cancel left value={value} ({now}), not the drag's start value={start}"
    case .dragRecordedInProgress:
      "after {action}, before the drag was cancelled, {counts} ({began} when the drag began): the "
        + "drag was recorded while in progress, and {cancel}"
    case .cancelledDragLeftValue:
      "the cancelled drag left value={value} ({now}); the drag began at value={start} ({began}), "
        + "which the declared rule 'restore-start' restores"
    case .cancelledDragChangedHistory:
      "the cancelled drag restored value={start} but changed history ({began} when it began, {now} "
        + "after): a cancelled drag must record nothing"
    case .cancelledDragRestored:
      "the cancelled drag restored value={start} and left history as it was ({now})"
    case .cancelledDragMovedValue:
      "the cancelled drag moved value={kept} to value={value} ({now}); the declared rule "
        + "'keep-current' keeps the value where the drag was"
    case .cancelledDragNotRecorded:
      "the cancelled drag kept value={value} but left {now} ({began} when the drag began), and one "
        + "undo then gives {undone}, not value={start}: the declared rule 'keep-current' records "
        + "the drag as one undoable action, and nothing was recorded"
    case .dragBackAtStart:
      "the drag is back at its start (value={start}), which the subject declares records nothing"
    case .keepCurrentOneGroup: "the declared rule 'keep-current' records the drag as one group"
    case .groupsMoreOne: "{count} group more than expected"
    case .groupsMoreMany: "{count} groups more than expected"
    case .cancelledDragExtraGroups:
      "the cancelled drag left {now} ({began} when the drag began), {extra}, and one undo then "
        + "gives {undone}: {what}"
    case .cancelledDragKeptAsRule:
      "the cancelled drag kept value={value} and left {now} ({began} when it began), as the "
        + "declared rule 'keep-current' says"
    case .emptyGroupBeside:
      "{action} changed {before} to {after}, and {added} undos from value={value} gave {shown}: "
        + "undo {index} changes nothing shown, so the action recorded an empty group beside its own"
    case .groupLeftOpen: "groupingLevel is {level} after {action}: a group was left open"
    case .batchSentWhilePending:
      "with {counts} {action} sent a batch (sent=yes): a record in a pending write accepts no "
        + "other write"
    case .batchSentWhileNeedsSync:
      "with {counts} {action} sent a batch (sent=yes): writes are not blocked until a sync"
    case .batchHeldByOldSession:
      "{action} sent nothing (sent=no) with {counts}, a write sent before the session change at "
        + "step {step}: the session change left the old session's write pending"
    case .batchSharesGate:
      "{action} sent nothing while {others}, and the batch goes through when the writes on other "
        + "records are left out: the records share one in-flight gate"
    case .batchGateClosed:
      "with {counts} and no sync due {action} sent nothing (sent=no): the gate did not let the "
        + "batch through"
    case .sessionChangedAt: "the session changed at step {step}"
    case .answeredAt: "it had been answered at step {step}"
    case .timedOutAt: "it timed out at step {step}"
    case .answerToBatch: "the answer to the batch {request}"
    case .batchAnswerMissed:
      "after {action} {counts}: the answer to the batch {request} settled {settled} and never "
        + "reached {left}; one answer settles every record it carries"
    case .batchReachedNoneStill:
      "after the answer to the batch {request} {counts}: it reached none of its records, and "
        + "leaving out the re-sorts and filters, {still} still"
    case .batchReachedNoneMoved:
      "after {action} {counts}: the answer to the batch {request} reached none of {records}, and "
        + "without the re-sorts and filters ({steps}) it settles every one: records are located by "
        + "row or by what is shown, not by id"
    case .batchAnsweredTapSends:
      "after the answer to the batch {request} {counts}, yet a tap on {record} sends a write"
    case .batchGateNotReopened:
      "after {action} {counts} still, and a tap on {record} sends nothing: the answer to the batch "
        + "{request} reached none of its records and did not reopen their gate"
    case .batchRollback:
      "the rejection of {request} took {before} to {after}: a rejected batch rolls every record "
        + "back to its value confirmed now"
    case .batchUnknown:
      "after the unknown outcome of {request} {counts}: every record of the batch withdraws its "
        + "provisional value and needs a sync"
    case .batchServerValue:
      "after '{request}' was saved as {outcome} {counts}: each record adopts the server's value"
    case .rowApartFromModel:
      "after {action} {observed}: the model holds {model} and the row shows {shown}, so the row "
        + "was not updated from the model"
    case .tapSendsAnother: "with {observed} a tap on {record} sends another write"
    case .tapSendsWhileNeedsSync:
      "with {observed} a tap on {record} sends a write: writes are not blocked until a sync"
    case .tapGateClosed:
      "with {observed} a tap on {record} sends nothing: the gate stays closed with no write "
        + "pending and no sync due"
    case .aTapOn: "a tap on {record}"
    case .theTapOn: "the tap on {record}"
    case .tapSharesGate:
      "a tap on {record} sends nothing while {others}, and goes through when the writes on other "
        + "records are left out: the records share one in-flight gate"
    case .writeSharesGate:
      "{write} sent nothing while {others}, and goes through when the writes on other records are "
        + "left out: the records share one in-flight gate"
    case .writeSentAnother: "{write} with {counts} sent another write"
    case .writeSentWhileNeedsSync:
      "{write} with {counts} sent a write: writes are not blocked until a sync"
    case .writeSent: "{write} with {counts} sent a write"
    case .expectsWriteWhilePending:
      "the step expects a write while {counts} is pending and unanswered; one write per record is "
        + "in flight at a time, so the expectation, not the model, looks wrong"
    case .writeStuckPending: "{write} sent nothing because {counts} was still pending: {settlement}"
    case .answerDidNotSettle: "its answer '{answer}' at step {step} did not settle it"
    case .noAnswerBeforeTap: "no answer to {request} came before this tap"
    case .writeBlockedBySyncToo:
      "{write} sent nothing with {counts} as well: a sync that is due also refuses it, so the "
        + "write may have settled and the block be the unknown outcome's"
    case .writeBlockedBySync:
      "{write} sent nothing because {counts}: {last}a known outcome or a completed sync must leave "
        + "the record writable"
    case .lastAnswerWas: "the last answer was '{answer}', "
    case .choiceRefused:
      "{write} with {counts} sent nothing, yet a tap on {record} then sends a write: the choice of "
        + "{value} is refused though nothing blocks the record (a subject with more than two "
        + "choices implements choose(_:record:); the protocol's default only taps)"
    case .writeGateClosed:
      "{write} with {counts} sent nothing: the gate stays closed with no write pending and no sync "
        + "due"
    case .writeFoundAndLeft: "{write} found {counts} and left {left}"
    case .writeChangedPending: "{write} while {counts} changed {before} to {after}"
    case .answerTo: "the answer to {request}"
    case .unknownOutcomeOf: "the unknown outcome of {request}"
    case .writeNeverSent:
      "the write {request} was never sent (sent=no after {action}), so its answer could do nothing"
    case .syncNeverSent:
      "the sync {request} was never sent (sent=no after {action}), so its answer could do nothing: "
        + "a sync may be started at any time, not only when one is due"
    case .andShowed: " and showed {value}"
    case .queuedWriteNotSent:
      "a tap on {record} while {request} was pending was queued ({queued} sent nothing{shown}), "
        + "yet {action} sent no write: under the in-flight rule queue-latest the answer sends the "
        + "queued value"
    case .roundTripNeverSent:
      "the sync of {record} was never sent (sent=no after {action}): a sync may be started at any "
        + "time, not only when one is due"
    case .answerWasCurrent:
      "the answer to {request} was current ({counts} when it came), so it was not stale"
    case .answerDidNotReopen:
      "after its answer {counts} still, and a tap on {record} sends nothing: the answer did not "
        + "reopen the record's gate"
    case .answeredTapSends: "after its answer {counts} still, yet a tap on {record} sends a write"
    case .rowNotRepainted:
      "after {action} {observed}, yet a tap on {record} sends a write and still shows {tapped}: a "
        + "tap asks for the value after the one the model holds, so the model held another value "
        + "than the row's {shown}, and the row was not repainted"
    case .otherRecordChanged:
      "{what}, a write on {record}, changed {other}: {before} before, {after} after"
    case .resorts: "re-sorts"
    case .resortsAndFilters: "re-sorts and filters"
    case .leavingOutMovesFails: "leaving out the {moves} does not give the expected state"
    case .locatedByRow:
      "without the {moves} the answer to {request} reaches {record} as expected; with them {order} "
        + "and {shown}: records are located by row, not by id"
    case .successNotStored:
      "{stored} whether the server answers 'saved {value}' or 'saved {other}', though the row "
        + "follows the answer: success is shown but not stored as the confirmed value"
    case .successShowsIntent:
      "{shown} whether the server answers 'saved {value}' or 'saved {other}': success shows the "
        + "user's intent instead of the server's value"
    case .withSavedInstead: "with 'saved {other}' instead, {shown}"
    case .rowFollowsServer: "{followed}: the row follows the server's value"
    case .rejectionNeedsSync:
      "the rejection of {request} changed {before} to {after}: a rejection is a known outcome, so "
        + "the record rolls back and stays writable"
    case .rejectionChangedConfirmed:
      "the rejection of {request} changed {before} to {after}: a rejection must leave the "
        + "confirmed value as it is"
    case .afterRejection: "after the rejection {observed}"
    case .rollbackToSnapshot:
      "after the rejection of {request} {observed}; {atTap} was its value when tapped: rollback "
        + "restores a snapshot, not the value confirmed now"
    case .rollbackNotShown:
      "after the rejection of {request} {observed}: the row does not show the value confirmed now"
    case .outcomeTreatedAsKnown:
      "after {what} {observed} and a tap on {record} sends a write: the outcome was treated as "
        + "known"
    case .unknownTreatedAsSuccess:
      "{what} changed {before} to {after}: an unknown outcome was treated as a success"
    case .unknownTapSendsNothing: "after {what} {observed} and a tap on {record} sends nothing"
    case .modelKeptProvisional:
      "after {what} {observed}: the model itself kept the provisional value; it was not withdrawn"
    case .failedReadRepaints:
      "after {what} {observed}, and a failed read of {record}, which changes nothing the record "
        + "holds, shows {repainted}: the model had withdrawn the provisional value and the row was "
        + "not repainted"
    case .provisionalNotWithdrawn:
      "after {what} {observed}, still after a failed read of {record}: the provisional value was "
        + "not withdrawn"
    case .modelMayBeRight:
      "after {what} {observed} and a tap on {record} sends nothing, so no tap probe can show what "
        + "the model holds, and the subject does not report it (`{record}.model`): the model may "
        + "be right and the row not repainted"
    case .cancelling: "cancelling {request}"
    case .answerToSync: "the answer to the sync {request}"
    case .syncOf: "the sync of {record}"
    case .syncAnswerWasCurrent: "{what} answered the record's current sync, so it was not stale"
    case .whatChanged: "{what} changed {before} to {after}"
    case .readDroppedWrite:
      "{what} changed {before} to {after}, and a tap on {record} then sends another write: a read "
        + "dropped the write still in flight"
    case .syncTapSends: "after {what} {counts} yet a tap sends a write"
    case .syncDoesNotUnblock:
      "after {what} {observed} and a tap on {record} sends nothing: a completed sync does not "
        + "unblock writes"
    case .failedReadUnblocked:
      "{what} failed, yet it changed {before} to {after}: a failed read must leave the record "
        + "blocked"
    case .recordFollowsSync: "with the opposite value read, {shown}: the record follows the sync"
    case .syncValueIgnored:
      "{shown} whether the sync reads {value} or {other}: the record ignores the server's value"
    case .cancelOf: "the cancel of {request}"
    case .itChanged: "it changed {record} ({counts} after it)"
    case .itWasApplied: "it was applied"
    case .leavingOutFails: "leaving out {what} does not give the expected state"
    case .leavingOutGivesExpected:
      "leaving out {what} gives the expected state; {effect} although {facts}"
    case .cancelledAt: "it was cancelled at step {step}"
    case .anotherTapsRequest: "another tap's request"
    case .anotherSync: "another sync"
    case .sentAfterIt: "{request} was sent after it at step {step}"
    case .whenItCame: "{counts} when it came"
    case .sessionWriteStillPending:
      "after the session change {observed}: a write of the previous session is still pending"
    case .sessionUnknownKept:
      "after the session change {observed}: the previous session's unknown outcome was kept"
    case .sessionValueKept:
      "after the session change {observed} although the new session says {value}"
    case .sessionKeptNothing:
      "after the session change no record kept pending, needsSync or its value"
    case .resortChangedNothing: "the re-sort changed no record's state ({order})"
    case .resortChangedState:
      "re-sorting changed {before} to {after}: rows carry state that belongs to records"
    case .rowsMovedLocatedByRow:
      "without {steps} {what} gives the expected state; with them {order}: records are located by "
        + "row, not by id"
    case .noReadDue:
      "no read of {record} was due ({counts}): 'read' names the read an app starts after an "
        + "unknown outcome or a cancel"
    case .readNotStarted:
      "with {counts} the app started no read of {record} to name '{request}' (sent=no after "
        + "{action}), though it declares automatic-reads: a record whose outcome is unknown must "
        + "be read from the server before further writes"
    case .readWhereNotDue:
      "the app started a read of {records} (started={list}) with {before} before {action} and "
        + "{after} after it: it reads by itself where no outcome became unknown"
    case .unnamedRead:
      "the app started a read of {list} while it needed one ({counts}), as an app that declares "
        + "automatic-reads must, and the case does not name it: name it with 'read <id> as <name>' "
        + "on the step after the one that started it (a case written for an app that does not read "
        + "by itself syncs with 'sync')"
    case .filterChangedNothing:
      "the filter changed no record's confirmed value, pending write or sync due"
    case .filterDroppedState:
      "filtering changed {before} to {after}: hiding a row dropped state that belongs to its record"
    case .refreshAnswerWasNewest:
      "the answer to {request} answered the newest refresh, so it was not stale"
    case .answerToRefresh: "the answer to the refresh {request}"
    case .refreshDroppedWrite:
      "the answer to the refresh {request} changed {before} to {after}: reloading the list dropped "
        + "a write still in flight"
    case .anotherRefresh: "another refresh"
    case .noWriteTimeout: "{action} changed {record} although the subject declares no write timeout"
    case .noWriteDueBy: "no write on {record} was due by then"
    case .earlierTimeoutFellDue:
      "the timeout of {writes} (sent at step {steps}) fell due in this wait"
    case .timerOutlivedWrite:
      "{action} withdrew {request} at {now} ({before} before, {after} after), though its own "
        + "timeout falls at {deadline} (sent at step {step}, timeout {timeout}); {reason}: a timer "
        + "outlived the write it was set for"
    case .timeoutOf: "the timeout of {request}"
    case .stillPendingBeforeTimeout:
      "{request} is still pending at {now}, before its timeout at {deadline}"
    case .timeoutNotGivenUp:
      "{action} let the timeout of {request} (sent at step {step}, due at {deadline}) pass with no "
        + "answer, and still {counts}: the write was not given up as an unknown outcome"
    case .syncPredatesUnknown:
      "{what} changed {before} to {after}, though it was sent at step {sent}, before the outcome "
        + "of a write on {record} became unknown at step {blocked}: its value may predate that "
        + "write, and only the read {read} that followed (step {step}) may unblock the record; "
        + "leaving the answer out gives the expected state"
    case .unnamedWrite: "an unnamed write"
    case .unnamedBatch: "an unnamed batch"
    case .searchingBackwards:
      "searching backwards, the history first disagreed with the contract after {at} "
        + "({divergence}), shown at {action}; at that step: "
    case .withLimitLifted:
      "with every history limit lifted ('levels 0'), the same prefix gives {divergence}; at that "
        + "step: "
    case .contractExpects: "{shown} where the contract expects {expected}"
    case .walkContractExpects: "undos gave {shown} where the contract expects {expected}"
    case .workerRefused: "the worker refused the case: {problem}"
    case .noReasonGiven: "no reason given"
    case .shrunkNotReproduced:
      "the failure did not reproduce when the shrunk case ran on a fresh subject: the replay saw "
        + "{seen}; the model depends on something outside the steps"
    case .sessionBrokeWorker:
      "the session broke its worker ({how}) while it was replayed and shrunk, but not when it ran "
        + "as a case on a fresh subject; the model depends on something outside the steps"
    case .explorationNotReproducedAtStep:
      "the failure did not reproduce when the shrunk case ran on a fresh subject: exploration "
        + "saw {seen} at step {step}; the model depends on something outside the steps (shared or "
        + "global state, time)"
    case .explorationNotReproduced:
      "the failure did not reproduce when the shrunk case ran on a fresh subject: exploration "
        + "saw {seen}; the model depends on something outside the steps (shared or global state, "
        + "time)"
    case .sequenceBrokeWorkerOnce:
      "exploring sequence {sequence} {end}, but the sequence did not break the worker when it ran "
        + "again: the model depends on something outside the steps (shared or global state, time)"
    case .brokeWorkerWhileShrinking:
      " (the worker exploring it {end} while shrinking it, so the case is not shrunk)"
    case .exitStatus: "exit status {status}"
    case .endedBySignal: "signal {signal}"
    case .stillRunning: "still running"
    case .factSeparator: ", "
    }
  }
}
