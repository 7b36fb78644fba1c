import Contracts
import Exploration
import Foundation
import Testing

@testable import RunModel
@testable import Runner

/// Every correct model the tests hold — the verdict set's and the independent ones — passes the
/// built-in suites and long explorations under three seeds: a gate must never fail correct code.
///
/// `make test` explores each model for 100 sequences per seed; `make soak` sets
/// `STATEGATE_SOAK_SECONDS=60` and explores each for 60 seconds per seed
/// (`STATEGATE_SOAK_ONLY=NAME` soaks one model).
@MainActor
@Suite("Correct models soak", .serialized)
struct CorrectModelSoakTests {
  nonisolated static let seeds: [UInt64] = [1, 2, 3]

  /// Seconds per model and seed, when set; otherwise a budget of sequences.
  nonisolated static let seconds = ProcessInfo.processInfo.environment["STATEGATE_SOAK_SECONDS"]
    .flatMap(Double.init)

  /// The one model to soak, when `STATEGATE_SOAK_ONLY` names it.
  nonisolated static let only = ProcessInfo.processInfo.environment["STATEGATE_SOAK_ONLY"]

  static var models: [SubjectEntry] {
    allModels.filter { only == nil || $0.name == only }
  }

  static var allModels: [SubjectEntry] {
    VerdictModel.all.filter { $0.expected == nil }.map(\.subject) + [
      IndependentModelTests.canvas, IndependentModelTests.grid, IndependentModelTests.seed,
      IndependentModelTests.todos, IndependentModelExplorationTests.timeline,
      IndependentModelExplorationTests.resultKeeping, IndependentModelExplorationTests.deferring,
      IndependentModelExplorationTests.notes, IndependentValueModelTests.reactions,
      IndependentValueModelTests.follows, IndependentValueModelTests.followsWithoutReads,
      IndependentValueModelTests.followsCheckingDeadlines,
    ]
  }

  @Test("Every correct model passes the built-in suites")
  func passesRun() throws {
    #expect(!Self.models.isEmpty, "STATEGATE_SOAK_ONLY=\(Self.only ?? "") names no correct model")
    let suites = try BuiltInSuites.load()
    for model in Self.models {
      let failed = ContractRunner(clock: { 0 }).run(RunPlan(suites: suites, subjects: [model]))
        .suites.flatMap(\.cases).filter { $0.outcome == .failed }
      #expect(failed.isEmpty, "\(model.name): \(failed.map(\.caseID))")
    }
  }

  @Test("Every correct model passes exploration under three seeds", arguments: seeds)
  func passesExplore(seed: UInt64) {
    let budget: ExplorationOptions.Budget = Self.seconds.map { .seconds($0) } ?? .sequences(100)
    for model in Self.models {
      let started = ProcessInfo.processInfo.systemUptime
      let explored = Explorer(
        options: ExplorationOptions(seed: seed, budget: budget),
        clock: { ProcessInfo.processInfo.systemUptime }
      ).explore([model]).subjects.first
      if Self.seconds != nil, let explored {
        let elapsed = ProcessInfo.processInfo.systemUptime - started
        print(
          "soak: \(model.name) seed \(seed): \(explored.sequences) sequences, "
            + "\(explored.steps) steps in \(String(format: "%.0f", elapsed)) s, "
            + (explored.finding == nil ? "passed" : "FAILED"))
      }
      #expect(
        explored?.finding == nil,
        "\(model.name) seed \(seed): \(explored?.finding?.caseText ?? "no exploration")")
    }
  }
}
