/// Where a contract failure points a developer: one class per way the articles say the
/// contracts break.
public enum FailureClass: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
  /// Undo (or redo) does not bring back the value the action replaced.
  case valueRestoration = "value-restoration"
  /// One user action was recorded as several groups, several as one, or a group was left open.
  case groupBoundary = "group-boundary"
  /// Redo is missing when it should exist, or survives a new edit.
  case redoAvailability = "redo-availability"
  /// The model is right but what the UI shows (value, controls, indicators) is not.
  case uiBinding = "ui-binding"
  /// A response or callback that belongs to an older request, document or session was applied.
  case staleResponse = "stale-response"
  /// An explicit rejection did not restore the value confirmed now.
  case rollback = "rollback"
  /// A tap while a write is in flight sent another write or changed the provisional value, or the
  /// gate did not reopen after the answer.
  case inFlightGate = "in-flight-gate"
  /// Success or a sync shows something other than the server's value.
  case serverAuthority = "server-authority"
  /// A timeout, dropped connection or cancellation was treated as a known outcome.
  case unknownOutcome = "unknown-outcome"
  /// A response reached the wrong record, or records share state.
  case recordIdentity = "record-identity"
  /// A session change left state of the previous session behind.
  case sessionReset = "session-reset"
  /// A control asked for, or showed, another value than the one the user chose: a downvote
  /// button that upvotes, a reaction tap that asks for the wrong reaction.
  case controlIntent = "control-intent"
  /// The subject trapped, or the process running it died, during the case.
  case crashed = "crashed"
  /// A step, or the whole case, did not finish within its time limit; the subject hung.
  case timedOut = "timed-out"
  /// No experiment confirmed a class; the reason says what was tried and seen.
  case unclassified = "unclassified"

  /// The class's name, as results print it.
  public var description: String { rawValue }

  /// The families whose failures may get this class.
  public var families: [ContractFamily] {
    switch self {
    case .valueRestoration, .groupBoundary, .redoAvailability: [.undoHistory]
    case .rollback, .inFlightGate, .serverAuthority, .unknownOutcome, .recordIdentity,
      .sessionReset, .controlIntent:
      [.optimisticUpdates]
    case .uiBinding, .staleResponse, .crashed, .timedOut, .unclassified:
      [.undoHistory, .optimisticUpdates]
    }
  }

  /// The class in one short line, as `stategate list` shows it.
  public var summary: String {
    switch self {
    case .valueRestoration: "Undo or redo does not bring back the value the action replaced."
    case .groupBoundary:
      "One user action was recorded as several groups, several as one, or a group was left open."
    case .redoAvailability: "Redo is missing when it should exist, or survives a new edit."
    case .uiBinding: "The model is right but what the UI shows is not."
    case .staleResponse:
      "A response or callback of an older request, document or session was applied."
    case .rollback: "An explicit rejection did not restore the value confirmed now."
    case .inFlightGate:
      "A tap during a write sent another write, or the gate did not reopen after the answer."
    case .serverAuthority: "Success or a sync shows something other than the server's value."
    case .unknownOutcome:
      "A timeout, dropped connection or cancellation was treated as a known outcome."
    case .recordIdentity: "A response reached the wrong record, or records share state."
    case .sessionReset: "A session change left state of the previous session behind."
    case .controlIntent: "A control asked for another value than the one the user chose."
    case .crashed: "The subject trapped, or the process running it died."
    case .timedOut: "A step or the whole case did not finish within its time limit."
    case .unclassified: "No experiment confirmed a class; the reason says what was tried."
    }
  }

  /// What the class means, in one sentence.
  public var definition: String {
    switch self {
    case .valueRestoration:
      "Undo or redo reaches the right place in history but does not bring back the value the "
        + "action replaced."
    case .groupBoundary:
      "The history's groups do not match user actions: one action became several groups, "
        + "several became one, an empty or non-user action was recorded, or a group stayed open."
    case .redoAvailability:
      "Redo is unavailable after an undo, or still available after a new edit branched history."
    case .uiBinding:
      "The model holds the right state but the UI layer shows something else: a stale value, "
        + "controls or indicators not bound to the state."
    case .staleResponse:
      "A response or callback that belongs to an older request, revision, document or session "
        + "changed the current state."
    case .rollback:
      "After an explicit rejection the record does not show the value confirmed now."
    case .inFlightGate:
      "A tap while a write is in flight sent another write or changed the provisional value, or "
        + "the record's gate did not reopen once its write was answered; or, under a declared "
        + "in-flight rule (latest-wins, queue-latest), a tap was not handled as the rule says."
    case .serverAuthority:
      "After success, or a sync, the record does not show the value the server confirmed (it "
        + "shows the user's intent, or ignores the value read)."
    case .unknownOutcome:
      "A timeout, dropped connection or cancellation was treated as a known rejection or success: "
        + "the record must withdraw the provisional value and block writes until a sync, and a "
        + "completed sync must unblock them."
    case .recordIdentity:
      "A response was applied to the wrong record (located by row instead of id), or records "
        + "share in-flight state."
    case .sessionReset:
      "After signing out and in, a record still carries state of the previous session."
    case .controlIntent:
      "A tap or a choice sent a write of another value than the one the user chose (the value "
        + "chosen, or the one a tap asks for on the value shown), and the row shows that other "
        + "value: the control is wired to the wrong intent, not the answer or the gate."
    case .crashed:
      "The subject trapped (a precondition, a force unwrap, an index out of range) or the process "
        + "running it died during the case; the step it was on is named."
    case .timedOut:
      "A step, or the whole case, did not finish within its time limit (--step-timeout, "
        + "--case-timeout): the subject hung, and its worker was killed."
    case .unclassified:
      "No experiment confirmed a class; the reason lists what was tried and seen. Read the step "
        + "trail."
    }
  }

  /// Typical causes in code.
  public var typicalCauses: [String] {
    switch self {
    case .valueRestoration:
      [
        "the inverse reads the target's current value at undo time instead of capturing the "
          + "previous value when registering",
        "the inverse restores a different property or a rounded value",
        "a cancelled drag does not return to its start",
      ]
    case .groupBoundary:
      [
        "every drag or text callback registers in its own group (\"ten undos per drag\")",
        "a button handler forgets endUndoGrouping, so the next action merges into its group",
        "a same-value change opens a group anyway (Apple keeps empty groups: canUndo turns true)",
        "a programmatic load or initial value goes through the editing entry point",
        "history kept across a document switch",
        "an asynchronous result applied without its own group, or levelsOfUndo ignored",
        "a coalescing window that never closes, is shorter than declared, or survives an undo",
        "the model reads real time instead of the clock handed to useClock(_:), so a wait in "
          + "the case takes none",
        "one group recorded per selected item instead of one for the selection",
      ]
    case .redoAvailability:
      [
        "the undo handler assigns directly instead of calling the editing entry point, so no "
          + "inverse is registered while undoing",
        "the inverse is registered asynchronously, after the undo phase is over",
        "a new edit path bypasses the undo manager, so the redo stack survives",
        "each undo clears the redo stack before undoing, so a second undo drops the first "
          + "undo's redo",
      ]
    case .uiBinding:
      [
        "the view refreshes after user edits but not after undo/redo notifications",
        "Undo/Redo buttons read a cached flag instead of canUndo/canRedo",
        "the saving indicator or tap blocking is driven by a separate flag, not by pending",
      ]
    case .staleResponse:
      [
        "a response is applied without comparing its ticket to the pending one",
        "duplicate callbacks are applied twice",
        "an old session's callback is not checked against the current session",
        "an asynchronous result is applied without checking document id and revision",
      ]
    case .rollback:
      [
        "rollback restores a snapshot taken at tap time instead of the current confirmed value",
        "one error path never rolls back",
      ]
    case .inFlightGate:
      [
        "the tap handler does not check pending before sending", "pending is overwritten",
        "one answer path (often the rejection) forgets to clear pending",
        "under queue-latest, the queued tap is dropped, or not sent once the pending write is "
          + "answered",
      ]
    case .serverAuthority:
      [
        "the success path copies the user's intent instead of the response's value",
        "a sync's answer unblocks the record but its value is dropped",
      ]
    case .unknownOutcome:
      [
        "a timeout is handled by the rejection branch (rollback, writes allowed again)",
        "a timeout is handled by the success branch",
        "cancellation is taken to mean the write did not commit",
        "a completed sync forgets to clear the needs-sync flag",
        "an app that declares automatic-reads starts no read after a timeout or cancel, or "
          + "starts one where no outcome became unknown",
      ]
    case .recordIdentity:
      [
        "the request captures the row index, which sorting and filtering change",
        "one global pending flag is shared by all records",
      ]
    case .sessionReset:
      [
        "sign-out keeps the records' state machines",
        "in-flight writes of the old session stay pending in the new one",
      ]
    case .controlIntent:
      [
        "a button's action names the wrong value (the downvote arrow calls the upvote action)",
        "the value a tap asks for is worked out from the confirmed value, or a stale copy, "
          + "instead of the value shown",
        "a picker maps its items to values by position, and the order changed",
      ]
    case .crashed:
      [
        "a precondition or fatalError in the model reached by this sequence of events",
        "a force unwrap of state another event already cleared",
        "an index taken before a re-sort or a removal",
      ]
    case .timedOut:
      [
        "a loop that waits for something only another event would change",
        "a synchronous wait on the main thread for work queued on the main thread",
        "a step that is slow, not stuck: raise --step-timeout",
      ]
    case .unclassified:
      ["look at the first mismatching step and the state before it"]
    }
  }

  /// Where to look first.
  public var whereToLook: String {
    switch self {
    case .valueRestoration:
      "The closure passed to registerUndo: what it captures and what it sets."
    case .groupBoundary:
      "Every beginUndoGrouping/endUndoGrouping pair at the editing entry points, the same-value "
        + "guard, loads and document switches."
    case .redoAvailability:
      "The undo handler: it must call the editing entry point synchronously so that the inverse "
        + "lands on the redo stack."
    case .uiBinding:
      "Change notifications and bindings between the model and the view; do not register "
        + "history again to fix it."
    case .staleResponse:
      "The response handler: compare ticket, session, document and revision before applying."
    case .rollback:
      "The rejection branch of finish: it must restore the confirmed value as of now."
    case .inFlightGate:
      "begin: the guard on pending, per record (under queue-latest, where the answer sends the "
        + "queued value)."
    case .serverAuthority:
      "The success branch of finish: adopt the value in the response."
    case .unknownOutcome:
      "The network error handler: only a business-rule rejection is known not to have committed."
    case .recordIdentity:
      "How a response finds its record: by record id, never by row number; per-record state."
    case .sessionReset:
      "The sign-out/sign-in path: replace every record's state and reload authoritative data."
    case .controlIntent:
      "The control's action: which value it passes to the write, for each button or item."
    case .crashed:
      "The fatal-error message and the step the case was on; replay the case to reproduce it."
    case .timedOut:
      "The step the case was on when it was stopped; run it with --no-isolation under a "
        + "debugger to see where it waits."
    case .unclassified:
      "The step trail of the failing case."
    }
  }
}
