/// One rule of a family's contract that a conformance profile reports on: held, broke, not
/// judged or skipped (``BuiltInCaseRules`` says which built-in cases judge it).
///
/// Not a product rule (``ProductRule``, a choice a subject declares): a contract rule is what
/// must hold, under the subject's declared choices.
public enum ContractRule: String, Sendable, CaseIterable, Codable, Comparable {
  /// Optimistic: what a tap while a write is pending does (the in-flight rule), and that a tap
  /// that asks for nothing new sends nothing.
  case gate = "in-flight"
  /// Optimistic: a rejection rolls back to the value confirmed now.
  case rollbackTarget = "rollback-target"
  /// Optimistic: success adopts the server's value, whatever it is; a refresh replaces it.
  case serverAuthority = "server-authority"
  /// Optimistic: an unknown outcome (a timeout, a cancel) is neither a rejection nor a success.
  case unknownOutcome = "unknown-outcome"
  /// Optimistic: a duplicate, late or superseded answer changes nothing.
  case staleAnswers = "stale-answers"
  /// Optimistic: an answer from before a session change is ignored; a session resets records.
  case sessions
  /// Optimistic: records are isolated and found by id, never by row.
  case identity
  /// Optimistic: while a write is pending the row shows what the declared display rule says (the
  /// intent, or the confirmed value with its saving indicator).
  case display
  /// Both families: what the row (or the screen) shows follows the model; the saving indicator
  /// follows pending.
  case uiBinding = "ui-binding"
  /// Undo: one user action (a drag, a button, an asynchronous result) is one undo group.
  case grouping
  /// Undo: a new edit after an undo discards the redo branch, and only then.
  case redoBranch = "redo-branch"
  /// Undo: an edit that changes nothing records nothing.
  case noOpEdits = "no-op-edits"
  /// Undo: a programmatic load is not undoable.
  case programmaticChanges = "programmatic-changes"
  /// Undo: each document keeps its own history; nothing crosses a switch.
  case documents
  /// Undo: an asynchronous result computed on stale state is discarded.
  case asyncResults = "async-results"
  /// Undo: undo and redo restore the values the model made, at the limit it keeps.
  case restoration
  /// Undo: the drag rules (``ProductRule/dragCancel``, ``ProductRule/undoDuringDrag``).
  case dragRules = "drag-rules"
  /// Undo: adjustments within the coalescing window are one group.
  case coalescing

  /// The family the rule belongs to; `nil` for ``uiBinding``, which both have.
  public var family: ContractFamily? {
    switch self {
    case .gate, .rollbackTarget, .serverAuthority, .unknownOutcome, .staleAnswers, .sessions,
      .identity, .display:
      .optimisticUpdates
    case .uiBinding: nil
    case .grouping, .redoBranch, .noOpEdits, .programmaticChanges, .documents, .asyncResults,
      .restoration, .dragRules, .coalescing:
      .undoHistory
    }
  }

  /// The rules of `family`, in declaration order.
  public static func all(in family: ContractFamily) -> [ContractRule] {
    allCases.filter { $0.family == nil || $0.family == family }
  }

  /// Orders rules as they are declared.
  public static func < (left: ContractRule, right: ContractRule) -> Bool {
    (allCases.firstIndex(of: left) ?? 0) < (allCases.firstIndex(of: right) ?? 0)
  }
}

/// Which rules of the contract each built-in case judges: the one table a conformance profile
/// reads, so a case's verdict counts for the rules it checks.
///
/// To map a new built-in case, add one line `"SUITE/CASE": [.rule, …],` to ``table`` (the rules
/// its steps state expectations about, most specific first); a test fails for any built-in case
/// left out, and for an entry naming no built-in case.
public enum BuiltInCaseRules {
  /// The rules each built-in case judges, by `suite/case`.
  public static let table: [String: [ContractRule]] = [
    // optimistic-updates
    "optimistic-updates/rollback-after-rejection": [.rollbackTarget],
    "optimistic-updates/tap-while-pending": [.gate],
    "optimistic-updates/server-authority": [.serverAuthority],
    "optimistic-updates/duplicate-callback": [.staleAnswers],
    "optimistic-updates/old-ticket": [.staleAnswers],
    "optimistic-updates/old-session": [.sessions, .staleAnswers],
    "optimistic-updates/unknown-outcome": [.unknownOutcome],
    "optimistic-updates/unknown-is-not-rejection": [.unknownOutcome],
    "optimistic-updates/records-isolated": [.identity],
    "optimistic-updates/unknown-beside-success": [.unknownOutcome, .identity],
    "optimistic-updates/identity-after-sort": [.identity],
    "optimistic-updates/session-resets-records": [.sessions],
    "optimistic-updates/saving-bound-to-pending": [.uiBinding],
    "optimistic-updates/rollback-to-current-confirmed": [.rollbackTarget],
    "optimistic-updates/cancel-is-unknown": [.unknownOutcome, .staleAnswers],
    "optimistic-updates/sync-unblocks": [.unknownOutcome],
    "optimistic-updates/failed-sync-keeps-blocked": [.unknownOutcome],
    "optimistic-updates/duplicate-sync-answer": [.staleAnswers],
    "optimistic-updates/old-sync-answer": [.staleAnswers],
    "optimistic-updates/old-session-sync": [.sessions, .staleAnswers],
    "optimistic-updates/automatic-read-after-unknown": [.unknownOutcome],
    "optimistic-updates/automatic-read-after-cancel": [.unknownOutcome],
    "optimistic-updates/filter-keeps-hidden-state": [.identity],
    "optimistic-updates/refresh-reloads-confirmed": [.serverAuthority],
    "optimistic-updates/refresh-unblocks": [.unknownOutcome],
    "optimistic-updates/old-refresh-answer": [.staleAnswers],
    "optimistic-updates/batch-shows-every-record-at-once": [.gate],
    "optimistic-updates/batch-rejection-rolls-back-every-record": [.rollbackTarget],
    "optimistic-updates/batch-unknown-needs-sync": [.unknownOutcome],
    "optimistic-updates/batch-answer-per-record": [.identity],
    "optimistic-updates/stale-batch-answer": [.staleAnswers],
    "optimistic-updates/server-answers-requested": [.serverAuthority],
    "optimistic-updates/choice-rolls-back": [.rollbackTarget],
    "optimistic-updates/choice-while-pending": [.gate],
    "optimistic-updates/choosing-shown-value": [.gate],
    "optimistic-updates/unknown-choice-needs-read": [.unknownOutcome],
    "optimistic-updates/old-answer-other-value": [.staleAnswers],
    "optimistic-updates/filter-by-value": [.identity],
    "optimistic-updates/timeout-withdraws-write": [.unknownOutcome],
    "optimistic-updates/timeout-late-answer-stale": [.staleAnswers],
    "optimistic-updates/timeout-belongs-to-its-write": [.unknownOutcome],
    "optimistic-updates/batch-timeout": [.unknownOutcome],
    "optimistic-updates/pessimistic-confirmed-while-pending": [
      .display, .gate, .uiBinding, .serverAuthority,
    ],
    "optimistic-updates/pessimistic-shows-server-value": [.display, .serverAuthority],
    "optimistic-updates/pessimistic-refusal-changes-nothing": [
      .display, .rollbackTarget, .uiBinding,
    ],
    "optimistic-updates/pessimistic-unknown-outcome": [.display, .unknownOutcome, .staleAnswers],
    "optimistic-updates/pessimistic-timeout": [
      .display, .unknownOutcome, .staleAnswers, .uiBinding,
    ],
    "optimistic-updates/pessimistic-stale-answer": [.display, .staleAnswers],
    "optimistic-updates/pessimistic-session-change": [.display, .sessions, .staleAnswers],
    "optimistic-updates/pessimistic-batch": [.display, .gate, .rollbackTarget],
    "optimistic-updates/pessimistic-cancel": [.display, .unknownOutcome, .staleAnswers],
    "optimistic-updates/pessimistic-identity-after-sort": [.display, .identity],
    "optimistic-updates/pessimistic-filter-by-shown-value": [.display, .identity],
    "optimistic-updates/latest-wins-second-tap-supersedes": [.gate, .display, .uiBinding],
    "optimistic-updates/latest-wins-superseded-answer-ignored": [.staleAnswers, .unknownOutcome],
    "optimistic-updates/latest-wins-latest-success-settles": [.serverAuthority, .staleAnswers],
    "optimistic-updates/latest-wins-rejection-rolls-back": [.rollbackTarget, .staleAnswers],
    "optimistic-updates/latest-wins-stale-after-session": [.sessions, .staleAnswers],
    "optimistic-updates/queue-latest-tap-queues": [.gate, .display, .uiBinding],
    "optimistic-updates/queue-latest-answer-sends-queued": [.gate, .serverAuthority],
    "optimistic-updates/queue-latest-newer-tap-replaces": [.gate, .display],
    "optimistic-updates/queue-latest-queued-success-settles": [.serverAuthority, .staleAnswers],
    "optimistic-updates/queue-latest-queued-rejection-rolls-back": [.rollbackTarget],
    "optimistic-updates/queue-latest-session-drops-queue": [.sessions, .staleAnswers],
    "optimistic-updates/retry-keeps-provisional-after-unknown": [
      .unknownOutcome, .gate, .identity,
    ],
    "optimistic-updates/retry-rejection-rolls-back": [.unknownOutcome, .rollbackTarget],
    "optimistic-updates/retry-until-answered": [.unknownOutcome, .uiBinding],
    "optimistic-updates/retry-stale-after-session": [.unknownOutcome, .sessions, .staleAnswers],
    "optimistic-updates/confirm-decline-sends-nothing": [.gate, .display],
    "optimistic-updates/confirm-writes": [.gate, .display, .rollbackTarget],
    "optimistic-updates/confirm-adding-writes-at-once": [.gate],
    "optimistic-updates/confirm-second-tap-while-asking": [.gate, .identity],
    "optimistic-updates/confirm-answer-while-asking": [.staleAnswers, .identity],
    "optimistic-updates/confirm-session-closes-question": [.sessions],
    "optimistic-updates/shared-write-shows-in-every-row": [.identity, .serverAuthority],
    "optimistic-updates/shared-rejection-rolls-back-every-row": [.identity, .rollbackTarget],
    "optimistic-updates/shared-stale-after-session": [.identity, .sessions, .staleAnswers],
    "optimistic-updates/shared-tap-gated-through-other-row": [.identity, .gate, .staleAnswers],
    "optimistic-updates/shared-sync-settles-every-row": [
      .identity, .unknownOutcome, .staleAnswers,
    ],
    // undo-history
    "undo-history/switch-back-opens-afresh": [.documents],
    "undo-history/switch-back-forgets-undo": [.documents],
    "undo-history/switch-back-keeps-history": [.documents, .redoBranch],
    "undo-history/other-document-history-own": [.documents],
    "undo-history/history-limit-per-document": [.documents, .restoration],
    "undo-history/grouped-drag": [.grouping],
    "undo-history/ten-callback-drag": [.grouping],
    "undo-history/button-tap-one-group": [.grouping],
    "undo-history/new-edit-discards-redo": [.redoBranch],
    "undo-history/consecutive-groups": [.grouping, .redoBranch],
    "undo-history/same-value-no-history": [.noOpEdits],
    "undo-history/drag-back-to-start": [.noOpEdits, .dragRules],
    "undo-history/drag-back-one-group": [.grouping, .dragRules],
    "undo-history/load-not-undoable": [.programmaticChanges],
    "undo-history/switch-discards-redo": [.documents],
    "undo-history/document-switch-isolates": [.documents],
    "undo-history/old-callbacks-after-switch": [.documents],
    "undo-history/stale-async-discarded": [.asyncResults],
    "undo-history/undo-makes-result-stale": [.asyncResults],
    "undo-history/valid-async-one-group": [.asyncResults, .grouping],
    "undo-history/async-result-own-group": [.asyncResults, .grouping],
    "undo-history/redo-restores-normalised-value": [.restoration],
    "undo-history/levels-limit": [.restoration],
    "undo-history/levels-lowered": [.restoration],
    "undo-history/drag-cancel-restores": [.dragRules],
    "undo-history/drag-cancel-keeps-redo": [.dragRules, .redoBranch],
    "undo-history/drag-cancel-keeps": [.dragRules],
    "undo-history/undo-during-drag-refused": [.dragRules],
    "undo-history/redo-during-drag-refused": [.dragRules],
    "undo-history/undo-during-drag-cancels": [.dragRules],
    "undo-history/redo-during-drag-cancels": [.dragRules],
    "undo-history/level-zero-between-actions": [.grouping],
    "undo-history/redo-one-group-at-a-time": [.restoration],
    "undo-history/undo-past-bottom-keeps-redo": [.redoBranch],
    "undo-history/ui-follows-history": [.uiBinding],
    "undo-history/typing-one-group": [.coalescing],
    "undo-history/window-counts-from-last-adjust": [.coalescing],
    "undo-history/wait-window-splits": [.coalescing],
    "undo-history/waits-add-up": [.coalescing],
    "undo-history/undo-ends-run": [.coalescing, .redoBranch],
    "undo-history/redo-ends-run": [.coalescing],
    "undo-history/drag-ends-run": [.coalescing],
    "undo-history/selection-adjust-one-group": [.grouping],
    "undo-history/selection-drag-one-group": [.grouping],
    "undo-history/selection-mixed-display": [.uiBinding],
    "undo-history/selection-change-not-an-edit": [.noOpEdits],
  ]

  /// The rules the case `caseID` of suite `suiteID` judges; empty for a case of no built-in
  /// suite (a user's suite), which a profile counts for no rule.
  public static func rules(suiteID: String, caseID: String) -> [ContractRule] {
    table["\(suiteID)/\(caseID)"] ?? []
  }

  /// The rule a mismatch on `key` judges whatever the case, or `nil` when the key judges the
  /// case's own rules: an optimistic row's saving indicator (`ID.saving`) and the model a row
  /// shows (`ID.model`) judge ``ContractRule/uiBinding``, whether a tap sent (`sent`) and
  /// whether the control accepts taps (`ID.tapEnabled`) judge ``ContractRule/gate``.
  ///
  /// - Parameters:
  ///   - key: A state key, such as `a.saving`.
  ///   - family: The case's family.
  /// - Returns: The rule, or `nil`.
  public static func rule(judgedByKey key: String, in family: ContractFamily) -> ContractRule? {
    guard family == .optimisticUpdates else { return nil }
    if key.hasSuffix(".saving") || key.hasSuffix(".model") { return .uiBinding }
    if key == "sent" || key.hasSuffix(".tapEnabled") { return .gate }
    return nil
  }
}
