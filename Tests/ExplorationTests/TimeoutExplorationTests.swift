import Contracts
import Faults
import ReferenceModels
import RunModel
import Testing

@testable import Exploration

/// Exploration of write timeouts: waits generated around a declared timeout, a timed-out write
/// settled as a cancel, and the timeout faults found and shrunk.
@MainActor
@Suite("Exploration of write timeouts")
struct TimeoutExplorationTests {
  private func explore(_ subject: SubjectEntry, sequences: Int = 600, seed: UInt64 = 5) throws
    -> SubjectExploration
  {
    let report = Explorer(
      options: ExplorationOptions(seed: seed, budget: .sequences(sequences)), clock: uptime
    ).explore([subject])
    return try #require(report.subjects.first)
  }

  private func count(_ name: String, in pairs: [(name: String, count: Int)]) -> Int? {
    pairs.first { $0.name == name }?.count
  }

  @Test("Favourites get waits that time writes out and stop just short; nothing fails")
  func favoritesExploreTimeouts() throws {
    for name in ["favorites", "favorites-rereading"] {
      let favorites = try #require(SubjectEntry.reference.first { $0.name == name })
      let explored = try explore(favorites)
      #expect(explored.finding == nil, "\(explored.finding?.caseText ?? "")")
      #expect((count("wait", in: explored.coverage.actions) ?? 0) > 0)
      for situation in [
        "write or batch timed out", "wait ending 1 ms before a write's timeout",
        "answer to a write that timed out",
      ] {
        #expect((count(situation, in: explored.coverage.situations) ?? 0) > 0, "\(situation)")
      }
    }
  }

  @Test("A subject without a write timeout is never sent a wait")
  func undeclaredTimeoutGetsNoWaits() throws {
    let subject = SubjectEntry.optimisticUpdates("untimed", summary: "") {
      ReferenceFavorites(writeTimeout: nil)
    }
    let explored = try explore(subject)
    #expect(explored.finding == nil, "\(explored.finding?.caseText ?? "")")
    #expect(count("wait", in: explored.coverage.actions) == 0)
  }

  @Test(
    "Each timeout fault is found, classified, and shrunk to a short case that waits",
    arguments: [
      ("timeout-keeps-provisional", FailureClass.unknownOutcome),
      ("late-answer-after-timeout", .staleResponse),
      ("timer-outlives-answer", .staleResponse),
    ])
  func findsFault(name: String, expected: FailureClass) throws {
    let fault = try #require(FaultCatalog.faults.first { $0.name == name })
    let found = try #require(try explore(fault.subject, sequences: 2000).finding)
    #expect(found.failureClass == expected, "\(found.caseText)")
    #expect(found.caseText.contains("requires"))
    #expect(found.caseText.contains("write-timeouts"))
    #expect(found.caseText.contains("wait "))
    let steps = found.caseText.split(separator: "\n").filter { $0.hasPrefix("  ") }
    #expect(steps.count <= 8, "\(found.caseText)")
  }
}
