/// A situation the optimistic-update oracle recognises and counts, so a user sees what an
/// exploration reached: answers late, twice, out of order, after a re-sort or a session change.
enum OptimisticSituation: Int, CaseIterable {
  case answerAfterResort, answerFromOldSession, duplicateAnswer, lateAnswerToOlderWrite
  case answerToCancelledWrite, answerNextToPendingWrite, tapWhilePending, tapWhileSyncDue
  case syncWhileWritePending, supersededSyncAnswer, failedSync, serverDiffersFromIntent
  case unknownOutcome, syncAnswerNotJudged
  case readStartedByApp, tapOnHiddenRow, answerToHiddenRecord, refreshOverPendingWrite
  case staleRefreshAnswer, refreshAnswerNotJudged
  case batchRefused, perRecordBatchAnswer, staleBatchAnswer
  case choiceOfShownValue
  case writeTimedOut, waitJustBeforeTimeout, answerAfterTimeout
  case queuedWriteSent

  /// The situation as coverage prints it.
  var name: String {
    switch self {
    case .answerAfterResort: "answer after a re-sort"
    case .answerFromOldSession: "answer from an old session"
    case .duplicateAnswer: "duplicate answer"
    case .lateAnswerToOlderWrite: "late answer to an older write"
    case .answerToCancelledWrite: "answer to a cancelled write"
    case .answerNextToPendingWrite: "answer while another record has a write pending"
    case .tapWhilePending: "tap while a write is pending"
    case .tapWhileSyncDue: "tap while a sync is due"
    case .syncWhileWritePending: "sync while a write is pending"
    case .supersededSyncAnswer: "answer to a superseded sync"
    case .failedSync: "failed sync"
    case .serverDiffersFromIntent: "server value differs from the intent"
    case .unknownOutcome: "unknown outcome"
    case .syncAnswerNotJudged: "sync answer after a write of its record (either outcome allowed)"
    case .readStartedByApp: "read started by the app"
    case .tapOnHiddenRow: "tap on a row the filter hides"
    case .answerToHiddenRecord: "answer to a record the filter hides"
    case .refreshOverPendingWrite: "refresh answer while a write is pending"
    case .staleRefreshAnswer: "answer to an older or answered refresh"
    case .refreshAnswerNotJudged:
      "refresh answer after a write of a record (either outcome allowed)"
    case .batchRefused: "batch with a record that accepts no write"
    case .perRecordBatchAnswer: "answer per record to a batch"
    case .staleBatchAnswer: "answer to an answered or old-session batch"
    case .choiceOfShownValue: "set to the value shown"
    case .writeTimedOut: "write or batch timed out"
    case .waitJustBeforeTimeout: "wait ending 1 ms before a write's timeout"
    case .answerAfterTimeout: "answer to a write that timed out"
    case .queuedWriteSent: "queued tap sent on its write's answer"
    }
  }
}
