import Contracts
import Faults
import Testing

@testable import RunModel
@testable import Runner

/// The batch experiments: classes from what the subject did, reasons that quote it.
@MainActor
@Suite("Classification of batches")
struct BatchClassificationTests {
  private func fault(_ name: String) throws -> SubjectEntry {
    try #require(FaultCatalog.faults.first { $0.name == name }).subject
  }

  @Test("An answer that settles some records of a batch and not others is record-identity")
  func answerMissingRecords() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=off b=off
        batch a,b as B1
        respond B1 saved a=on b=on => b.pending=none
      """, against: fault("batch-answer-first-record-only"))
    #expect(result.classification?.failureClass == .recordIdentity)
    #expect(
      result.classification?.reason
        == [
          "after 'respond B1 saved a=on b=on' (step 3) a.pending=none b.pending=B1: the answer ",
          "to the batch B1 settled a and never reached b; one answer settles every record it ",
          "carries",
        ].joined())
  }

  @Test("A rejected batch that keeps a record's provisional value is rollback")
  func partialRollback() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=off b=on
        batch a,b as B1
        respond B1 rejected => b.displayed=on
      """, against: fault("batch-rejection-keeps-rest"))
    #expect(result.classification?.failureClass == .rollback)
    #expect(
      result.classification?.reason
        == "the rejection of B1 took b.confirmed=on b.displayed=off to b.confirmed=off "
        + "b.displayed=off: a rejected batch rolls every record back to its value confirmed now")
  }

  @Test("A batch refused because another record's write is pending is a shared gate")
  func sharedGateAcrossABatch() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=off b=off c=off
        tap a as r1
        batch b,c => sent=yes
      """, against: fault("global-pending-flag"))
    #expect(
      result.classification?.failureClass == .recordIdentity,
      "\(String(describing: result.classification))")
  }
}
