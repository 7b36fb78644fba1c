import Contracts
import Testing

/// What a row shows under each answer of the display rule: the one function the runner's
/// invariants, the classifier and `explore`'s oracle ask.
@Suite("The display rule")
struct DisplayRuleTests {
  @Test("With a write pending the optimistic row shows the intent, the pessimistic the confirmed")
  func shownWhilePending() {
    #expect(DisplayRule.optimistic.shown(confirmed: .off, provisional: .on) == .on)
    #expect(DisplayRule.pessimistic.shown(confirmed: .off, provisional: .on) == .off)
    #expect(DisplayRule.pessimistic.shown(confirmed: "requested", provisional: .off) == "requested")
  }

  @Test("With nothing pending every display shows the confirmed value")
  func shownWhenSettled() {
    for rule in DisplayRule.allCases {
      #expect(rule.shown(confirmed: .on, provisional: nil) == .on)
    }
    #expect(DisplayRule.pessimistic.showsConfirmedWhilePending)
    #expect(!DisplayRule.article.showsConfirmedWhilePending)
  }

  @Test("The pessimistic cases require the pessimistic display, and none requires both displays")
  func builtInCasesName() throws {
    let suite = try #require(try BuiltInSuites.load().first { $0.id == "optimistic-updates" })
    let pessimistic = suite.cases.filter { $0.id.hasPrefix("pessimistic-") }
    #expect(pessimistic.count == 11)
    #expect(pessimistic.allSatisfy { $0.requirements.contains(.displayPessimistic) })
    #expect(
      !suite.cases.contains {
        $0.requirements.contains(.displayPessimistic)
          && $0.requirements.contains(.displayOptimistic)
      })
    #expect(suite.cases.filter { $0.requirements.contains(.displayOptimistic) }.count == 23)
  }
}
