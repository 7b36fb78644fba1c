import Contracts
import Foundation
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// What a worker sends is what the run records: steps and cases survive the trip.
@MainActor
@Suite("Worker messages")
struct WorkerMessageTests {
  @Test("A step record survives the wire, every kind of value and mismatch included")
  func stepsRoundTrip() throws {
    let suite = try SuiteReader.parse(
      """
      suite s family optimistic
      case c
        records a=off b=on
        tap a as r1     => sent as tapped a.pending=r1 order=b,a a.displayed!=on
      """, source: "wire.suite")
    let contractCase = suite.cases[0]
    let records = StepExecutor.run(contractCase.steps, on: SubjectEntry.reference[1].make())
    for record in records {
      let data = try JSONEncoder().encode(WorkerMessage.Step(record))
      let wire = try JSONDecoder().decode(WorkerMessage.Step.self, from: data)
      #expect(wire.record(of: contractCase.steps[record.number - 1]) == record)
    }
    #expect(records[1].mismatches.count == 2)
  }
}
