import Contracts
import ReferenceModels

extension Fault {
  /// "The server refused my selection, yet all but one of the stars stayed on": a rejected
  /// batch rolls back only its first record.
  public static let batchRejectionKeepsRest = Fault.optimisticUpdates(
    "batch-rejection-keeps-rest", in: "reference favourites",
    symptom: "the server refused my selection, yet all but one of the stars stayed changed",
    expectedClass: .rollback
  ) { PartialRollbackBatchFavorites() }
}

/// The bug: a rejection of the whole batch is read as the first record's rejection; every
/// later record keeps the value the user asked for, as if it had been saved.
final class PartialRollbackBatchFavorites: ReferenceFavorites {
  override func outcome(of answer: BatchOutcome, for record: String, in batch: Request)
    -> ServerOutcome
  {
    guard answer == .rejected, let intent = batch.batch.first(where: { $0.id == record }),
      record != batch.batch.first?.id
    else {
      return super.outcome(of: answer, for: record, in: batch)
    }
    return .saved(intent.value)
  }
}
