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
    }
  }
}
