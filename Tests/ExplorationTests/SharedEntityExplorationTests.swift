import Contracts
import Faults
import ReferenceModels
import Testing

@testable import Exploration

/// `explore`'s oracle under the entity rule shared: the generated list has a second row of the
/// first record's entity, taps go through it, and it is judged as the entity's first row.
@MainActor
@Suite("Exploration under the entity rule shared")
struct SharedEntityExplorationTests {
  @Test("A list declaring shared entities is explored with a second row of one entity, through it")
  func sharedRowExplored() throws {
    let subject = try #require(SubjectEntry.reference.first { $0.name == "favorites-shared" })
    #expect(Explorer.unmodelledRule(of: subject) == nil)
    let run = OptimisticSequenceRun(subject: subject.make(), recording: true)
    _ = run.perform(.records([.off, .on]))
    _ = run.perform(.tap(record: 0))
    #expect(run.actionTexts == ["records a=off b=on a2@a", "tap a2 as r1"])
    #expect(run.requirements.contains(.sharedEntities))
  }

  @Test("The list that settles only the tapped row is found through the second row")
  func faultFound() throws {
    let fault = Fault.sharedSettlesTappedRow
    let report = Explorer(
      options: ExplorationOptions(seed: 1, budget: .sequences(500)), clock: uptime
    ).explore([fault.subject])
    let finding = try #require(report.findings.first)
    #expect(finding.failureClass == .recordIdentity, "\(finding.caseText)")
    #expect(finding.caseText.contains("a2@a"), "\(finding.caseText)")
    #expect(finding.caseText.contains("shared-entities"), "\(finding.caseText)")
  }

  @Test("A list that declares nothing is explored without a shared row")
  func perRowUnchanged() throws {
    let subject = try #require(SubjectEntry.reference.first { $0.name == "favorites" })
    let run = OptimisticSequenceRun(subject: subject.make(), recording: true)
    _ = run.perform(.records([.off, .on]))
    _ = run.perform(.tap(record: 0))
    #expect(run.actionTexts == ["records a=off b=on", "tap a as r1"])
    #expect(!run.requirements.contains(.sharedEntities))
  }
}
