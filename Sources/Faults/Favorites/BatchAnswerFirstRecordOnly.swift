import Contracts
import ReferenceModels

extension Fault {
  /// "I starred three photos at once and two of them kept spinning": a batch answer reaches only
  /// the batch's first record.
  public static let batchAnswerFirstRecordOnly = Fault.optimisticUpdates(
    "batch-answer-first-record-only", in: "reference favourites",
    symptom: "I starred three photos at once and two of them kept spinning",
    expectedClass: .recordIdentity
  ) { FirstRecordBatchFavorites() }
}

/// The bug: the answer to a batch is applied to the first record it carries, as if the request
/// were a single write of that record; the others stay pending on it.
final class FirstRecordBatchFavorites: ReferenceFavorites {
  override func records(answeredBy batch: Request) -> [String] {
    Array(super.records(answeredBy: batch).prefix(1))
  }
}
