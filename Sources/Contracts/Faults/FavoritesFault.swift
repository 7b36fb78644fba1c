/// One realistic bug planted in the reference favourites list; `--subject fault:<name>` runs it.
public enum FavoritesFault: String, CaseIterable, Sendable {
  /// One global pending flag is shared by every record.
  case globalPendingFlag = "global-pending-flag"
  /// Success copies the user's intent instead of the server's value.
  case successCopiesIntent = "success-copies-intent"
  /// An answer is applied when its ticket is the record's latest, even if already settled.
  case duplicateReapplied = "duplicate-reapplied"
  /// Any answer for a record with a pending write settles it, whatever its ticket.
  case oldTicketAccepted = "old-ticket-accepted"
  /// Answers are not checked against the current session.
  case oldSessionAccepted = "old-session-accepted"
  /// Answers to syncs are not checked against the current session.
  case oldSessionSyncAccepted = "old-session-sync-accepted"
  /// A timeout is handled like a rejection.
  case timeoutAsRejection = "timeout-as-rejection"
  /// A timeout is handled like a success of the user's intent.
  case timeoutAsSuccess = "timeout-as-success"
  /// A tap while a write is pending sends another write.
  case secondTapSends = "second-tap-sends"
  /// A rejection restores the value shown at tap time.
  case rollbackToSnapshot = "rollback-to-snapshot"
  /// A request remembers its row number and finds its record by it.
  case rowNumberIdentity = "row-number-identity"
  /// A session change updates values but keeps pending writes and sync flags.
  case sessionKeepsState = "session-keeps-state"
  /// The saving indicator is a flag set on tap and cleared only on success.
  case savingNotBound = "saving-not-bound"
  /// Cancelling a request is handled like a rejection.
  case cancelAsRejection = "cancel-as-rejection"

  /// What a user would report.
  public var symptom: String {
    switch self {
    case .globalPendingFlag: "while one star is saving I cannot star anything else"
    case .successCopiesIntent: "the star stays filled although the server refused the favourite"
    case .duplicateReapplied: "the star flips back a moment after saving"
    case .oldTicketAccepted: "a slow old request overwrote my latest tap"
    case .oldSessionAccepted: "an old request overwrote the new user's screen"
    case .oldSessionSyncAccepted:
      "after signing in again, a refresh from the old account overwrote my star"
    case .timeoutAsRejection: "after a timeout the star is off but the favourite was saved"
    case .timeoutAsSuccess: "after a timeout the star is on but the favourite was never saved"
    case .secondTapSends: "tapping twice quickly sends two requests"
    case .rollbackToSnapshot: "after a failure the star shows a value from before a refresh"
    case .rowNumberIdentity: "after sorting, the wrong row got starred"
    case .sessionKeepsState: "after signing in again a spinner keeps spinning"
    case .savingNotBound: "the spinner keeps spinning after a failed save"
    case .cancelAsRejection: "after cancelling, the star is off but the favourite was saved"
    }
  }

  /// The class every failure this fault causes must get.
  public var expectedClass: FailureClass {
    switch self {
    case .globalPendingFlag, .rowNumberIdentity: .recordIdentity
    case .successCopiesIntent: .serverAuthority
    case .duplicateReapplied, .oldTicketAccepted, .oldSessionAccepted, .oldSessionSyncAccepted:
      .staleResponse
    case .timeoutAsRejection, .timeoutAsSuccess, .cancelAsRejection: .unknownOutcome
    case .secondTapSends: .inFlightGate
    case .rollbackToSnapshot: .rollback
    case .sessionKeepsState: .sessionReset
    case .savingNotBound: .uiBinding
    }
  }
}
