import Contracts
import ReferenceModels
import RunModel
import Testing

@testable import Exploration

/// Exploration of batches: generated only for a subject that declares them, modelled per record,
/// and judged by the same rules as single writes.
@MainActor
@Suite("Exploration of batches")
struct BatchExplorationTests {
  private func explore(_ subject: SubjectEntry, sequences: Int = 600) throws -> SubjectExploration {
    let report = Explorer(
      options: ExplorationOptions(seed: 5, budget: .sequences(sequences)), clock: uptime
    ).explore([subject])
    return try #require(report.subjects.first)
  }

  private func count(_ name: String, in pairs: [(name: String, count: Int)]) -> Int? {
    pairs.first { $0.name == name }?.count
  }

  @Test("Favourites get batches, every kind of answer, refused and stale batches; nothing fails")
  func favoritesExploreBatches() throws {
    let favorites = try #require(SubjectEntry.reference.first { $0.name == "favorites" })
    let explored = try explore(favorites)
    #expect(explored.finding == nil, "\(explored.finding?.caseText ?? "")")
    #expect((count("batch", in: explored.coverage.actions) ?? 0) > 0)
    #expect((count("respond (batch)", in: explored.coverage.actions) ?? 0) > 0)
    for situation in [
      "batch with a record that accepts no write", "answer per record to a batch",
      "answer to an answered or old-session batch",
    ] {
      #expect((count(situation, in: explored.coverage.situations) ?? 0) > 0, "\(situation)")
    }
  }

  @Test("A subject that does not declare batches is never sent one")
  func undeclaredBatchesAreNotGenerated() throws {
    let subject = SubjectEntry.optimisticUpdates("no-batches", summary: "") { BatchlessFavorites() }
    let explored = try explore(subject)
    #expect(explored.finding == nil, "\(explored.finding?.caseText ?? "")")
    #expect(count("batch", in: explored.coverage.actions) == 0)
    #expect(count("respond (batch)", in: explored.coverage.actions) == 0)
  }

  @Test("A batch sent past the in-flight gate is found and classified in-flight-gate")
  func batchPastTheGateIsFound() throws {
    let subject = SubjectEntry.optimisticUpdates("gate-blind", summary: "") { GateBlindBatches() }
    let found = try #require(try explore(subject, sequences: 2000).finding)
    #expect(found.failureClass == .inFlightGate, "\(found.caseText)")
    #expect(found.caseText.contains("requires batches"))
    #expect(found.caseText.contains("batch "))
  }

  @Test("A recorded batch translates into steps whose answer names the batch by age")
  func recordedBatchTranslates() throws {
    let steps = try SessionTranslation.optimisticSteps([
      .optimistic(
        .records([RecordValue(id: "x", value: false), RecordValue(id: "y", value: true)])),
      .optimistic(.batch(records: ["y", "x"], request: "B1")),
      .optimistic(.batch(records: ["x", "y"], request: "B2")),
      .optimistic(
        .respondToBatch(
          request: "B1",
          outcome: .each([
            BatchRecordOutcome(id: "x", outcome: .rejected),
            BatchRecordOutcome(id: "y", outcome: .saved(false)),
          ]))),
    ])
    #expect(
      steps.steps == [
        .records([false, true]), .batch([1, 0]), .batch([0, 1]),
        .respondToBatch(age: 1, answer: .each([.saved(false), .rejected])),
      ])
    #expect(steps.steps.indices.map(steps.sender(of:)) == [nil, nil, nil, 1])
  }
}

/// The reference favourites without the `batches` declaration.
@MainActor
final class BatchlessFavorites: ReferenceFavorites {
  override var capabilities: Set<SubjectCapability> {
    super.capabilities.subtracting([.batches])
  }

  override func tapAll(records ids: [String]) -> AnyHashable? {
    Issue.record("a batch was generated for a subject that does not declare batches")
    return nil
  }
}

/// The reference favourites, except that a batch skips the in-flight gate of a record whose write
/// is pending.
@MainActor
final class GateBlindBatches: ReferenceFavorites {
  private var batching = false

  override func tapAll(records ids: [String]) -> AnyHashable? {
    batching = true
    defer { batching = false }
    return super.tapAll(records: ids)
  }

  override func start(_ state: inout FavoriteState, desired: OptimisticValue, ticket: Int) -> Bool {
    guard batching, state.pending != nil, !state.needsSync else {
      return super.start(&state, desired: desired, ticket: ticket)
    }
    state = FavoriteState(
      confirmed: state.confirmed, visible: desired, pending: ticket, needsSync: state.needsSync,
      syncing: state.syncing)
    return true
  }
}
