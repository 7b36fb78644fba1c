import Foundation
import Testing

@testable import Contracts

/// `under ANSWER => key=value …`: a step's expectations under one answer of a product rule, read
/// onto the step above, kept through packing, the wire and the suite text, and merged for a
/// subject that gives that answer only.
@Suite("Expectations under one answer of a product rule")
struct ExpectationVariantGrammarTests {
  private static let text = """
    suite s family optimistic
    case c
      records a=off b=off
      tap a as r1 => sent=yes a.displayed=on a.pending=r1
        under display-pessimistic => a.displayed=off
      tap b as r2 => b.displayed=on
        under display-pessimistic => b.displayed=off b.saving=yes
      respond r1 saved on => a.displayed=on
    """

  /// The expectations as a suite writes them, record values as `on`/`off`.
  private func spelled(_ expectations: [Contracts.Expectation]?) -> [String] {
    (expectations ?? []).map {
      "\($0.key)\($0.relation.rawValue)\($0.operand.spelled(for: $0.key))"
    }
  }

  private func parse(_ text: String) throws -> ContractCase {
    try #require(try SuiteReader.parse(text, source: "t.suite").cases.first)
  }

  @Test("An 'under' line belongs to the step above it and names its answer and line")
  func readsOntoTheStepAbove() throws {
    let parsed = try parse(Self.text)
    let steps = parsed.steps
    #expect(steps.count == 4)
    #expect(steps[1].variants.map(\.text) == ["under display-pessimistic => a.displayed=off"])
    #expect(steps[1].variants.first?.line == 5)
    #expect(
      spelled(steps[2].variants.first?.expectations) == [
        "b.displayed=off", "b.saving=yes",
      ])
    #expect(steps[0].variants.isEmpty && steps[3].variants.isEmpty)
    #expect(parsed.hasVariants)
    #expect(!parsed.requirements.contains(.displayPessimistic))
    #expect(!parsed.requirements.contains(.displayOptimistic))
  }

  @Test("A subject giving the answer is judged by the line; any other by the step's own")
  func resolvesBySubjectAnswer() throws {
    let parsed = try parse(Self.text)
    let pessimistic = parsed.resolved(under: [.displayPessimistic]).steps
    #expect(
      spelled(pessimistic[1].expectations) == [
        "sent=yes", "a.displayed=off", "a.pending=r1",
      ])
    #expect(spelled(pessimistic[2].expectations) == ["b.displayed=off", "b.saving=yes"])
    #expect(pessimistic.allSatisfy { $0.variants.isEmpty })
    // Declaring nothing is the article's optimistic display; declaring it is the same.
    for capabilities: Set<SubjectCapability> in [[], [.displayOptimistic]] {
      let optimistic = parsed.resolved(under: capabilities).steps
      #expect(
        spelled(optimistic[1].expectations) == [
          "sent=yes", "a.displayed=on", "a.pending=r1",
        ])
      #expect(spelled(optimistic[2].expectations) == ["b.displayed=on"])
    }
    // The one place a case is adapted resolves it too.
    let declared = SubjectDeclarations(capabilities: [.displayPessimistic])
    #expect(declared.adapt(parsed).contractCase.steps == pessimistic)
  }

  @Test("Variants survive packing, the wire form, the case's suite text and renaming")
  func survivesEveryForm() throws {
    var parsed = try parse(Self.text)
    parsed.packSteps()
    let wire = try JSONDecoder().decode(
      CaseWireForm.self, from: try JSONEncoder().encode(parsed.wireForm))
    let again = try #require(ContractCase(wireForm: wire))
    #expect(again == parsed)
    #expect(again.hasVariants)
    let reread = try parse(parsed.suiteText(suiteID: "s", family: .optimisticUpdates))
    #expect(reread.steps.map(\.variants.count) == [0, 1, 1, 0])
    #expect(
      reread.steps.map { $0.variants.map(\.text) } == parsed.steps.map { $0.variants.map(\.text) })
    let suite = try SuiteReader.parse(Self.text, source: "t.suite")
    let renamed = suite.renamingIdentifiers { $0 == "a" ? "x" : $0 }
    #expect(
      renamed.cases[0].steps[1].variants.first?.text
        == "under display-pessimistic => x.displayed=off")
  }

  @Test("A suite read a line at a time hands each step over with its 'under' lines")
  func streamedSteps() throws {
    final class Steps { var list: [ContractStep] = [] }
    let steps = Steps()
    var reader = SuiteLineReader(source: "t.suite") { steps.list.append($0) }
    for line in Self.text.split(separator: "\n") { try reader.read(String(line)) }
    _ = try reader.finish()
    #expect(steps.list == (try parse(Self.text)).steps)
  }

  @Test(
    "A misplaced or malformed 'under' line names its line and what was expected",
    arguments: [
      (
        "  tap a as r1\n  under display-pesimistic => a.displayed=off",
        "t.suite:5:9: unknown product rule answer 'display-pesimistic'; did you mean "
          + "'display-pessimistic'?"
      ),
      (
        "  tap a as r1\n  under display-pessimistic a.displayed=off",
        "t.suite:5:29: expected '=>' and the step's expectations under 'display-pessimistic'"
      ),
      (
        "  tap a as r1\n  under display-pessimistic =>",
        "t.suite:5:31: expected 'key=value' after '=>'"
      ),
      (
        "  tap a as r1\n  under display-pessimistic => a.shown=off",
        "t.suite:5:34: unknown key 'shown'; expected one of confirmed, displayed, pending, needsSync, "
          + "saving, tapEnabled, model, asking"
      ),
      (
        "  tap a as r1\n  under display-pessimistic => a.displayed=off\n"
          + "  under display-pessimistic => a.saving=yes",
        "t.suite:6:9: the step above already states its expectations under 'display-pessimistic'"
      ),
      (
        "  tap a as r1\n  under display-pessimistic => a.displayed=off a.displayed=on",
        "t.suite:5:48: 'a.displayed' is expected twice under 'display-pessimistic'"
      ),
      (
        "  tap a as r1\n  undr display-pessimistic => a.displayed=off",
        "t.suite:5:3: unknown action 'undr'; did you mean 'under'?"
      ),
    ])
  func malformed(lines: String, message: String) {
    #expect {
      try SuiteReader.parse(
        "suite s family optimistic\ncase c\n  records a=off\n\(lines)", source: "t.suite")
    } throws: { error in
      (error as? SuiteReadError)?.description == message
    }
  }

  @Test("An 'under' line before the case's first step has no step to belong to")
  func underBeforeFirstStep() {
    #expect {
      try SuiteReader.parse(
        "suite s family optimistic\ncase c\n  under display-pessimistic => a.displayed=off",
        source: "t.suite")
    } throws: { error in
      (error as? SuiteReadError)?.description
        == "t.suite:3:3: 'under' states the expectations of the step above it under one answer "
        + "of a product rule; write it after a step"
    }
  }

  @Test("A case that requires one display cannot state expectations under the other")
  func requiredAnswerConflicts() {
    #expect {
      try SuiteReader.parse(
        "suite s family optimistic\ncase c\n  requires display-optimistic\n  records a=off\n"
          + "  tap a as r1 => a.displayed=on\n  under display-pessimistic => a.displayed=off",
        source: "t.suite")
    } throws: { error in
      (error as? SuiteReadError)?.description
        == "t.suite:6:9: the case requires 'display-optimistic', an answer of the display rule, "
        + "so 'under display-pessimistic' never judges a subject; drop one of them"
    }
  }
}
