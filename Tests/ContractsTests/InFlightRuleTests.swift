import Contracts
import Testing

/// The in-flight rule's answers and the built-in cases that depend on one of them.
@Suite("The in-flight rule")
struct InFlightRuleTests {
  @Test("Only the article's one write at a time refuses a tap while a write is pending")
  func tapsWhilePending() {
    #expect(!InFlightRule.oneWrite.acceptsTapsWhilePending)
    #expect(InFlightRule.latestWins.acceptsTapsWhilePending)
    #expect(InFlightRule.queueLatest.acceptsTapsWhilePending)
    #expect(InFlightRule.article == .oneWrite)
  }

  @Test(
    "The latest-wins cases require latest-tap-wins; the one-write cases are named, and none requires both"
  )
  func builtInCasesName() throws {
    let suite = try #require(try BuiltInSuites.load().first { $0.id == "optimistic-updates" })
    let latest = suite.cases.filter { $0.id.hasPrefix("latest-wins-") }
    #expect(latest.count == 5)
    #expect(latest.allSatisfy { $0.requirements.contains(.latestTapWins) })
    #expect(
      suite.cases.filter { $0.requirements.contains(.latestTapWins) }.map(\.id)
        == latest.map(\.id))
    #expect(
      suite.cases.filter { $0.requirements.contains(.oneWriteInFlight) }.map(\.id) == [
        "rollback-after-rejection", "tap-while-pending", "saving-bound-to-pending",
        "batch-shows-every-record-at-once", "choice-while-pending", "timeout-withdraws-write",
        "pessimistic-confirmed-while-pending", "pessimistic-timeout",
        "retry-keeps-provisional-after-unknown", "confirm-writes",
        "shared-tap-gated-through-other-row",
      ])
    #expect(
      !suite.cases.contains {
        $0.requirements.contains(.oneWriteInFlight) && $0.requirements.contains(.latestTapWins)
      })
  }

  @Test(
    "The queue-latest cases require latest-tap-queued, and none requires another in-flight rule"
  )
  func queueLatestCasesName() throws {
    let suite = try #require(try BuiltInSuites.load().first { $0.id == "optimistic-updates" })
    let queued = suite.cases.filter { $0.id.hasPrefix("queue-latest-") }
    #expect(queued.count == 6)
    #expect(
      suite.cases.filter { $0.requirements.contains(.latestTapQueued) }.map(\.id)
        == queued.map(\.id))
    #expect(
      !queued.contains {
        $0.requirements.contains(.oneWriteInFlight) || $0.requirements.contains(.latestTapWins)
      })
  }
}
