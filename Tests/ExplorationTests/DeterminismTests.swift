import Contracts
import Faults
import ReferenceModels
import Testing

@testable import Exploration

/// The same seed and options give the same sequences, findings and counts; shards split the seed
/// space exactly.
@MainActor
@Suite("Determinism and shards")
struct DeterminismTests {
  private func explore(_ options: ExplorationOptions, _ subjects: [SubjectEntry])
    -> ExplorationReport
  {
    Explorer(options: options, clock: uptime).explore(subjects)
  }

  /// The reference subjects explore's oracle models (it leaves out queue-latest).
  private var modelled: [SubjectEntry] {
    SubjectEntry.reference.filter { Explorer.unmodelledRule(of: $0) == nil }
  }

  private var subjects: [SubjectEntry] {
    modelled + [Fault.oldTicketAccepted.subject, Fault.levelsIgnored.subject]
  }

  @Test("The same seed gives the same sequences, coverage and shrunk cases")
  func sameSeedSameResult() {
    let options = ExplorationOptions(seed: 99, budget: .sequences(100))
    let first = explore(options, subjects)
    let second = explore(options, subjects)
    #expect(first.subjects.map(\.steps) == second.subjects.map(\.steps))
    #expect(first.subjects.map(\.coverage) == second.subjects.map(\.coverage))
    #expect(first.findings.map(\.caseText) == second.findings.map(\.caseText))
    #expect(first.findings.map(\.suiteText) == second.findings.map(\.suiteText))
    #expect(first.findings.count == 2)
    let other = explore(ExplorationOptions(seed: 100, budget: .sequences(100)), subjects)
    #expect(other.subjects.map(\.coverage) != first.subjects.map(\.coverage))
  }

  @Test("Shards partition the seed space: their sequences add up to the whole exploration")
  func shardsPartition() {
    let whole = explore(ExplorationOptions(seed: 5, budget: .sequences(30)), modelled)
    var steps = Array(repeating: 0, count: whole.subjects.count)
    var sequences = steps
    var coverage = whole.subjects.map(\.coverage)
    for index in 1...3 {
      let shard = explore(
        ExplorationOptions(
          seed: 5, budget: .sequences(30), shard: ExplorationOptions.Shard(index, of: 3)),
        modelled)
      for (position, explored) in shard.subjects.enumerated() {
        steps[position] += explored.steps
        sequences[position] += explored.sequences
        if index == 1 {
          coverage[position] = explored.coverage
        } else {
          coverage[position].add(explored.coverage)
        }
      }
    }
    #expect(sequences == Array(repeating: 30, count: whole.subjects.count))
    #expect(steps == whole.subjects.map(\.steps))
    #expect(coverage == whole.subjects.map(\.coverage))
  }

  @Test("A finding names the sequence of the seed space that found it, in its shard")
  func findingsNameTheirSequence() throws {
    let shard = ExplorationOptions.Shard(2, of: 4)
    let report = explore(
      ExplorationOptions(seed: 1, budget: .sequences(800), shard: shard),
      [Fault.oldSessionAccepted.subject])
    let finding = try #require(report.findings.first)
    #expect(finding.sequence % 4 == 1)
  }
}
