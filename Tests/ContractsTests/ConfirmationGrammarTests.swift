import Testing

@testable import Contracts

/// The confirmation rule's grammar and registry: the `confirm` and `decline` steps, the
/// `ID.asking` key, and the rule's answers.
@Suite("The confirmation rule's steps and registry")
struct ConfirmationGrammarTests {
  private func parse(_ lines: String) throws -> ContractCase {
    let suite = try SuiteReader.parse(
      "suite s family optimistic\ncase c\n  records a=on\n\(lines)", source: "t.suite")
    return try #require(suite.cases.first)
  }

  @Test("Reads 'confirm ID as NAME' and 'decline ID', which require removal-asks-first")
  func readsSteps() throws {
    let parsed = try parse(
      "  tap a => a.asking=yes sent=no\n  decline a => a.asking=no\n  tap a\n"
        + "  confirm a as r1 => sent=yes a.pending=r1\n  respond r1 saved off\n  confirm a\n")
    let actions = parsed.steps.compactMap { step -> OptimisticAction? in
      if case .optimistic(let action) = step.action { return action }
      return nil
    }
    #expect(
      actions.map(\.description) == [
        "records a=on", "tap a", "decline a", "tap a", "confirm a as r1",
        "respond r1 saved off", "confirm a",
      ])
    #expect(parsed.requirements.contains(.removalAsksFirst))
    #expect(!parsed.requirements.contains(.tapsWriteAtOnce))
  }

  @Test(
    "Malformed confirmation steps name the line and suggest the word",
    arguments: [
      ("  confrim a", "t.suite:4:3: unknown action 'confrim'; did you mean 'confirm'?"),
      ("  declin a", "t.suite:4:3: unknown action 'declin'; did you mean 'decline'?"),
      ("  decline a as r1", "t.suite:4:13: unexpected 'as'; expected '=>' or the end of the line"),
      ("  tap a => a.askng=yes", "t.suite:4:14: unknown key 'askng'; did you mean 'asking'?"),
    ])
  func malformed(line: String, message: String) {
    #expect {
      try SuiteReader.parse(
        "suite s family optimistic\ncase c\n  records a=on\n\(line)", source: "t.suite")
    } throws: { error in
      (error as? SuiteReadError)?.description == message
    }
  }

  @Test("The confirmation rule is registered with the article's answer as its default")
  func registry() {
    let rule = ProductRule.confirmation
    #expect(ProductRule.all(in: .optimisticUpdates).contains(rule))
    #expect(rule.defaultChoice == .tapsWriteAtOnce)
    #expect(rule.answer(among: []) == .tapsWriteAtOnce)
    #expect(rule.answer(among: [.removalAsksFirst]) == .removalAsksFirst)
    #expect(ProductRule.answered(by: .removalAsksFirst) == rule)
    #expect(SubjectCapability.known(in: .optimisticUpdates).contains(.removalAsksFirst))
  }

  @Test("Only a write of the resting value asks, in the subject's own words")
  func asksAboutResting() {
    let words: [OptimisticValue] = ["off", "up", "down"]
    #expect(ConfirmationRule.beforeRemoving.asks(writing: "off", choices: words))
    #expect(!ConfirmationRule.beforeRemoving.asks(writing: "up", choices: words))
    #expect(!ConfirmationRule.beforeRemoving.asks(writing: .on, choices: [.off, .on]))
    #expect(!ConfirmationRule.never.asks(writing: .off, choices: [.off, .on]))
  }

  @Test("The confirm-* cases require removal-asks-first; none also requires taps-write-at-once")
  func builtInCases() throws {
    let suite = try #require(try BuiltInSuites.load().first { $0.id == "optimistic-updates" })
    let confirming = suite.cases.filter { $0.requirements.contains(.removalAsksFirst) }
    #expect(confirming.map(\.id) == suite.cases.filter { $0.id.hasPrefix("confirm-") }.map(\.id))
    #expect(confirming.count == 6)
    #expect(
      !suite.cases.contains {
        $0.requirements.contains(.removalAsksFirst) && $0.requirements.contains(.tapsWriteAtOnce)
      })
    #expect(suite.cases.filter { $0.requirements.contains(.tapsWriteAtOnce) }.count == 9)
  }
}
