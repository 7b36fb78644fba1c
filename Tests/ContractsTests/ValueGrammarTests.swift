import Contracts
import Testing

/// The suite language's record values beyond on/off: `values`, `set`, and values in answers,
/// loads, filters and expectations.
@Suite("Suite grammar: values beyond on/off")
struct ValueGrammarTests {
  private static let follows = """
    suite s family optimistic
    values requested
    case c
      values close-friends
      records a=off b=requested
      set a close-friends as r1 => a.displayed=close-friends a.pending=r1
      respond r1 saved requested => a.confirmed=requested a.displayed!=on
      sync b close-friends
      filter requested => order=a
      refresh as l1
      respond l1 list a=close-friends b=off
      batch a,b as B1
      respond B1 each a=requested b=rejected
    """

  @Test("Declared values read into every step that names a value, and back")
  func declaredValuesRead() throws {
    let suite = try SuiteReader.parse(Self.follows, source: "v.suite")
    let steps = suite.cases[0].steps
    #expect(
      steps.map(\.action) == [
        .optimistic(.records([.init(id: "a", value: .off), .init(id: "b", value: "requested")])),
        .optimistic(.choose(record: "a", value: "close-friends", request: "r1")),
        .optimistic(.respond(request: "r1", outcome: .saved("requested"))),
        .optimistic(.syncRoundTrip(record: "b", value: "close-friends")),
        .optimistic(.filter("requested")),
        .optimistic(.refresh(request: "l1")),
        .optimistic(
          .respondToRefresh(
            request: "l1",
            outcome: .list([.init(id: "a", value: "close-friends"), .init(id: "b", value: .off)]))),
        .optimistic(.batch(records: ["a", "b"], request: "B1")),
        .optimistic(
          .respondToBatch(
            request: "B1",
            outcome: .each([
              BatchRecordOutcome(id: "a", outcome: .saved("requested")),
              BatchRecordOutcome(id: "b", outcome: .rejected),
            ]))),
      ])
    #expect(steps[1].expectations.first?.literal == .text("close-friends"))
    #expect(steps[2].expectations.last?.literal == .bool(true))
    let text =
      "suite s family optimistic\nvalues requested close-friends\ncase c\n"
      + steps.map { "  \($0.text)" }.joined(separator: "\n")
    let again = try SuiteReader.parse(text, source: "again.suite").cases[0].steps
    #expect(again.map(\.action) == steps.map(\.action))
    #expect(again.map(\.text) == steps.map(\.text))
  }

  @Test("The values a case names are what a subject must declare")
  func namedValues() throws {
    let suite = try SuiteReader.parse(Self.follows, source: "v.suite")
    let named = Set(
      suite.cases[0].steps.compactMap { step -> [OptimisticValue]? in
        if case .optimistic(let action) = step.action { return action.namedValues }
        return nil
      }.joined())
    #expect(named == [.off, "requested", "close-friends"])
  }

  @Test(
    "An undeclared or reserved value is an error naming its line, column and the fix",
    arguments: [
      (
        "records a=of",
        "v.suite:3:11: expected 'id=on' or 'id=off' (or a value declared with "
          + "'values'), found 'a=of'; did you mean 'on'?"
      ),
      (
        "records a=off\n  set a requested",
        "v.suite:4:9: expected a value such as on or off "
          + "after 'set a', found 'requested'; a value beyond on/off is declared first: "
          + "'values requested'"
      ),
      ("values none", "v.suite:3:10: 'none' is a word of the suite language, not a value"),
      (
        "values on",
        "v.suite:3:10: 'on' is already a value; 'values' declares values beyond "
          + "on/off"
      ),
      (
        "records a=off\n  values late",
        "v.suite:4:3: 'values' must come before the case's first "
          + "step (or before the suite's first case, for every case)"
      ),
      (
        "records a=off\n  filter onn",
        "v.suite:4:10: expected a value such as on, or none, after "
          + "'filter', found 'onn'; did you mean 'on'?"
      ),
    ])
  func undeclaredValue(steps: String, message: String) {
    do {
      _ = try SuiteReader.parse(
        "suite s family optimistic\ncase c\n  \(steps)", source: "v.suite")
      Issue.record("read without an error")
    } catch {
      #expect("\(error)" == message)
    }
  }

  @Test("A misspelt value is offered the declared one, not told to declare the typo")
  func misspeltValueSuggestsDeclared() {
    do {
      _ = try SuiteReader.parse(
        "suite s family optimistic\nvalues close-friends\ncase c\n  records a=off\n"
          + "  set a close-freinds", source: "m.suite")
      Issue.record("read without an error")
    } catch {
      #expect("\(error)".hasSuffix("did you mean 'close-friends'?"), "\(error)")
    }
  }

  @Test("'inspector=mixed' points at 'mixed=yes'")
  func inspectorMixedHint() {
    do {
      _ = try SuiteReader.parse(
        "suite s family undo\ncase c\n  requires selection\n  items a=10 b=20\n"
          + "  select a,b => inspector=mixed", source: "u.suite")
      Issue.record("read without an error")
    } catch {
      #expect(
        "\(error)"
          == "u.suite:5:27: 'inspector' holds the value the inspector shows; state a mixed "
          + "display with 'mixed=yes'")
    }
  }

  @Test("An undo suite cannot declare record values")
  func undoSuiteRefusesValues() {
    #expect(throws: SuiteReadError.self) {
      try SuiteReader.parse("suite s family undo\nvalues x\ncase c\n  undo", source: "u.suite")
    }
  }

  @Test("yes and true read as on, no and false as off, in loads and expectations")
  func valueSpellings() throws {
    let suite = try SuiteReader.parse(
      "suite s family optimistic\ncase c\n  records a=yes b=false => a.displayed=true b.confirmed=no",
      source: "p.suite")
    let step = suite.cases[0].steps[0]
    #expect(
      step.action
        == .optimistic(.records([.init(id: "a", value: .on), .init(id: "b", value: .off)])))
    #expect(step.expectations.map(\.literal) == [.bool(true), .bool(false)])
  }
}

@Suite("Suite grammar: steps that need their capability")
struct CapabilityStepTests {
  @Test(
    "A step or key a capability gives meaning makes its case require it",
    arguments: [
      ("optimistic", "records a=off\n  tap a as r1\n  cancel r1", SubjectCapability.cancellation),
      ("optimistic", "records a=off b=on\n  sort b,a", .sorting),
      ("optimistic", "records a=off\n  session a=on", .sessions),
      ("optimistic", "records a=off\n  filter on", .filtering),
      ("optimistic", "records a=off\n  refresh as l1\n  respond l1 failed", .refresh),
      ("optimistic", "records a=off b=off\n  batch a,b as B1", .batches),
      ("optimistic", "records a=off\n  tap a as r1\n  wait timeout", .writeTimeouts),
      ("undo", "switch doc2 0", .documents),
      ("undo", "calculate as c1\n  deliver c1 10", .asyncResults),
      ("undo", "items a=10 b=20\n  select a,b", .selection),
      ("undo", "adjust 10 => mixed=no", .selection),
    ])
  func stepRequiresItsCapability(
    family: String, steps: String, capability: SubjectCapability
  ) throws {
    let suite = try SuiteReader.parse(
      "suite s family \(family)\ncase c\n  \(steps)", source: "r.suite")
    #expect(suite.cases[0].requirements == [capability])
  }

  @Test("A plain wait and a read need nothing")
  func plainStepsNeedNothing() throws {
    let suite = try SuiteReader.parse(
      "suite s family optimistic\ncase c\n  records a=off\n  wait 800ms\n  read a as s1",
      source: "r.suite")
    #expect(suite.cases[0].requirements.isEmpty)
  }
}
