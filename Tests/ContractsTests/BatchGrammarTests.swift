import Testing

@testable import Contracts

/// Batches in the suite language: `batch a,b as B1` and its four kinds of answer.
@Suite("Batch grammar")
struct BatchGrammarTests {
  private let header = "suite s family optimistic\ncase c\n  records a=off b=on c=off\n"

  private func actions(_ steps: String) throws -> [OptimisticAction] {
    try SuiteReader.parse(header + steps, source: "t.suite").cases[0].steps.dropFirst().map {
      guard case .optimistic(let action) = $0.action else {
        preconditionFailure("an optimistic suite reads optimistic actions")
      }
      return action
    }
  }

  @Test("A batch and each kind of answer read into their actions")
  func readsBatchesAndAnswers() throws {
    let read = try actions(
      """
        batch a,b as B1 => a.pending=B1 b.pending=B1
        respond B1 saved b=off a=on
        respond B1 rejected
        respond B1 unknown
        respond B1 each a=on b=rejected
        batch c,a
      """)
    #expect(
      read == [
        .batch(records: ["a", "b"], request: "B1"),
        .respondToBatch(
          request: "B1",
          outcome: .saved([RecordValue(id: "b", value: false), RecordValue(id: "a", value: true)])),
        .respondToBatch(request: "B1", outcome: .rejected),
        .respondToBatch(request: "B1", outcome: .unknown),
        .respondToBatch(
          request: "B1",
          outcome: .each([
            BatchRecordOutcome(id: "a", outcome: .saved(true)),
            BatchRecordOutcome(id: "b", outcome: .rejected),
          ])),
        .batch(records: ["c", "a"], request: nil),
      ])
    #expect(read.map(\.description)[4] == "respond B1 each a=on b=rejected")
  }

  @Test("A batch answer names each record's outcome; a record it does not name has none")
  func outcomePerRecord() {
    let each = BatchOutcome.each([BatchRecordOutcome(id: "a", outcome: .unknown)])
    #expect(each.outcome(for: "a") == .unknown)
    #expect(each.outcome(for: "b") == nil)
    #expect(
      BatchOutcome.saved([RecordValue(id: "b", value: true)]).outcome(for: "b") == .saved(true))
    #expect(BatchOutcome.rejected.outcome(for: "z") == .rejected)
  }

  @Test(
    "Malformed batches give file:line:column and what was expected",
    arguments: [
      ("batch", "t.suite:4:9: expected record ids after 'batch', such as a,b"),
      ("batch a", "t.suite:4:9: a batch carries two or more records; write 'tap a' for one"),
      ("batch a,a", "t.suite:4:9: record 'a' is listed twice; a batch writes each record once"),
      ("batch a,z", "t.suite:4:9: unknown record 'z'; this case's records are a, b, c"),
      ("batch a,b B1", "t.suite:4:13: expected 'as <batch name>' after the records"),
      (
        "batch a,b as B1\n  respond B1 saved a=on",
        "t.suite:5:25: the answer to the batch 'B1' does not name 'b'; name every record of the "
          + "batch: a, b"
      ),
      (
        "batch a,b as B1\n  respond B1 saved a=on c=on b=off",
        "t.suite:5:25: record 'c' is not in the batch 'B1'; it carries a, b"
      ),
      (
        "batch a,b as B1\n  respond B1 each a=on b=maybe",
        "t.suite:5:24: expected 'id=on', 'id=off' (or a value the case declares), 'id=rejected' or 'id=unknown', found 'b=maybe'"
      ),
      (
        "batch a,b as B1\n  respond B1 read on",
        "t.suite:5:14: 'B1' is a batch; expected saved, rejected, unknown or each"
      ),
      (
        "batch a,b as B1\n  respond B1",
        "t.suite:5:14: expected 'saved a=on b=on', rejected, unknown or 'each a=on b=on'"
      ),
      (
        "batch a,b as B1\n  cancel B1",
        "t.suite:5:10: 'B1' is a batch; 'cancel' applies to writes named by 'tap'"
      ),
      ("tap a as B1\n  batch b,c as B1", "t.suite:5:16: 'B1' already names a request in this case"),
    ])
  func malformedBatches(steps: String, message: String) {
    #expect {
      try SuiteReader.parse(header + "  " + steps, source: "t.suite")
    } throws: { error in
      (error as? SuiteReadError)?.description == message
    }
  }

  @Test("Batches survive packing and renaming their records")
  func packingAndRenaming() {
    let actions: [OptimisticAction] = [
      .batch(records: ["a", "b"], request: "B1"), .batch(records: ["b", "a"], request: nil),
      .respondToBatch(request: "B1", outcome: .saved([RecordValue(id: "a", value: true)])),
      .respondToBatch(request: "B1", outcome: .rejected),
      .respondToBatch(request: "B1", outcome: .unknown),
      .respondToBatch(
        request: "B1",
        outcome: .each([
          BatchRecordOutcome(id: "a", outcome: .saved(false)),
          BatchRecordOutcome(id: "b", outcome: .unknown),
        ])),
    ]
    let steps = actions.map { ContractStep(action: .optimistic($0), line: 3) }
    #expect(PackedSteps(steps).steps == steps)
    let renamed = actions.map { ContractAction.optimistic($0).renamingIdentifiers { $0 + "2" } }
    #expect(
      renamed.map(\.description) == [
        "batch a2,b2 as B1", "batch b2,a2", "respond B1 saved a2=on", "respond B1 rejected",
        "respond B1 unknown", "respond B1 each a2=off b2=unknown",
      ])
  }
}
