import Contracts
import Faults
import Foundation
import ReferenceModels
import RunModel
import Runner
import Testing

@testable import Exploration

/// A monotonic clock in seconds.
let uptime: @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }

/// The catalogue's faults that exploration judges: every one, as none declares what the oracle
/// does not model (`Explorer.unmodelledRule(of:)`).
let exploredFaults = FaultCatalog.faults.map(\.name)

/// Exploration against every fault of the catalogue, with a fixed seed: found fast, shrunk short,
/// given the catalogue's class by the runner's experiments.
@MainActor
@Suite("Exploration finds the fault catalogue")
struct CatalogueTests {
  /// The seed and budget `make test` uses.
  static let options = ExplorationOptions(seed: 1, budget: .sequences(4000))

  /// The number of steps of the shortest built-in case that catches `fault`.
  private func shortestBuiltInCase(catching fault: Fault) throws -> Int {
    let suites = try BuiltInSuites.load()
    let matrix = DetectionMatrix(suites: suites, faults: [fault], clock: uptime)
    let lengths = try #require(matrix.rows.first).catches.compactMap { caught -> Int? in
      let parts = caught.name.split(separator: "/").map(String.init)
      return suites.first { $0.id == parts[0] }?.cases.first { $0.id == parts[1] }?.steps.count
    }
    return try #require(lengths.min(), "no built-in case catches \(fault.name)")
  }

  /// Every fault is found within 10 s, shrunk to at most two steps more than the shortest
  /// built-in case that catches it, and given the catalogue's class.
  @Test(
    "Every fault is found fast, shrunk short and given its class",
    arguments: exploredFaults)
  func findsEveryFault(name: String) throws {
    let fault = try #require(FaultCatalog.faults.first { $0.name == name })
    let report = Explorer(options: Self.options, clock: uptime).explore([fault.subject])
    let finding = try #require(report.findings.first, "\(name) was not found")
    #expect(
      finding.failureClass == fault.expectedClass,
      "\(name): \(finding.failureClass): \(finding.result.classification?.reason ?? "")\n\(finding.caseText)"
    )
    #expect(finding.secondsToFind < 10)
    let shortest = try shortestBuiltInCase(catching: fault)
    #expect(
      finding.shrunkSteps <= shortest + 2,
      "\(name): shrunk to \(finding.shrunkSteps), shortest built-in case \(shortest)\n\(finding.caseText)"
    )
    // The case fails at its last step: everything before it is context, not noise.
    #expect(finding.result.firstFailure?.number == finding.contractCase.steps.count)
  }

  @Test(
    "A shrunk case states the contract, not the faulty model: the reference passes it",
    arguments: exploredFaults)
  func shrunkCasesPassOnTheReference(name: String) throws {
    let fault = try #require(FaultCatalog.faults.first { $0.name == name })
    let finding = try #require(
      Explorer(options: Self.options, clock: uptime).explore([fault.subject]).findings.first)
    let reference = try #require(SubjectEntry.reference.first { $0.family == fault.family })
    let suite = ContractSuite(
      id: "corpus", family: fault.family, title: "", source: "test", cases: [finding.contractCase])
    let result = ContractRunner(clock: uptime).runCase(
      finding.contractCase, of: suite, against: reference)
    #expect(
      result.outcome != .failed,
      "\(finding.caseText)\n\(result.firstFailure?.mismatches.summary ?? "")")
  }
}
