import Contracts
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// A batch answer that reaches none of its records: every record still pending on it is no
/// evidence about rollback or the server's value, and the identity experiment needs no record
/// already settled.
@MainActor
@Suite("Classification of batch answers that reach no record")
struct BatchReachTests {
  /// One bug: an answer to a batch settles only the rows the filter shows.
  final class ShownRowsOnlyFavorites: ReferenceFavorites {
    override func records(answeredBy batch: Request) -> [String] {
      super.records(answeredBy: batch).filter(order.contains)
    }
  }

  private let subject = SubjectEntry.optimisticUpdates("shown-rows-only", summary: "") {
    ShownRowsOnlyFavorites()
  }

  @Test(
    "A rejection that reaches no hidden record is record-identity, not rollback",
    arguments: ["rejected", "saved a=on b=on"])
  func hiddenBatch(answer: String) throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        requires batches filtering
        records a=off b=off c=off
        batch a,b as B1
        filter off
        respond B1 \(answer) => a.pending=none b.pending=none
      """, against: subject)
    #expect(result.outcome == .failed)
    #expect(
      result.classification?.failureClass == .recordIdentity,
      "\(String(describing: result.classification))")
    #expect(result.classification?.reason.contains("filter") == true)
  }

  @Test("The reference list passes the same case")
  func referencePasses() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        requires batches filtering
        records a=off b=off c=off
        batch a,b as B1
        filter off
        respond B1 rejected => a.pending=none b.pending=none
      """,
      against: .optimisticUpdates("reference", summary: "") { ReferenceFavorites() })
    #expect(result.outcome == .passed)
  }
}
