import Contracts
import Testing

/// The suite format: what it accepts, and the file:line:column errors for what it does not.
@Suite("Suite reader")
struct SuiteReaderTests {
  @Test("The built-in suites load, with unique case ids and steps in every case")
  func builtInSuitesLoad() throws {
    let suites = try BuiltInSuites.load()
    #expect(suites.map(\.id) == ["undo-history", "optimistic-updates"])
    #expect(suites.map(\.family) == [.undoHistory, .optimisticUpdates])
    for suite in suites {
      #expect(Set(suite.cases.map(\.id)).count == suite.cases.count)
      #expect(suite.cases.allSatisfy { !$0.steps.isEmpty })
      #expect(suite.source.hasPrefix("builtin:"))
    }
  }

  @Test(
    "Every case the articles describe is in the built-in suites",
    arguments: [
      "grouped-drag", "ten-callback-drag", "button-tap-one-group", "new-edit-discards-redo",
      "consecutive-groups", "same-value-no-history", "load-not-undoable",
      "document-switch-isolates",
      "old-callbacks-after-switch", "stale-async-discarded", "valid-async-one-group",
      "levels-limit", "drag-cancel-restores", "drag-cancel-keeps", "undo-during-drag-refused",
      "level-zero-between-actions", "rollback-after-rejection", "tap-while-pending",
      "server-authority", "duplicate-callback", "old-ticket", "old-session", "unknown-outcome",
      "records-isolated", "identity-after-sort", "session-resets-records",
      "saving-bound-to-pending",
    ])
  func articleCaseExists(id: String) throws {
    let ids = try BuiltInSuites.load().flatMap(\.cases).map(\.id)
    #expect(ids.contains(id))
  }

  @Test("A case reads its title, requirements, steps and inline expectations")
  func readsCase() throws {
    let suite = try SuiteReader.parse(
      """
      # a comment
      suite mine family undo "My suite"

      case drag "A drag" requires documents
        drag began
        drag moved 10   => value=10 display=10   # trailing comment
        drag ended      => canUndo=yes undos=1
      case other
        requires async-results
        calculate as c1
        deliver c1 5    => value=5
      """, source: "mine.suite")
    #expect(suite.id == "mine")
    #expect(suite.title == "My suite")
    #expect(suite.cases.map(\.id) == ["drag", "other"])
    #expect(suite.cases[0].title == "A drag")
    #expect(suite.cases[0].requirements == [.documents])
    #expect(suite.cases[1].requirements == [.asyncResults])
    #expect(
      suite.cases[0].steps.map(\.action.description) == [
        "drag began", "drag moved 10", "drag ended",
      ])
    #expect(suite.cases[0].steps[1].expectations.map(\.description) == ["value=10", "display=10"])
    #expect(suite.cases[0].steps[1].line == 6)
    #expect(suite.cases[0].steps[2].expectations.map(\.literal) == [.bool(true), .int(1)])
  }

  @Test("Optimistic steps read records, requests, outcomes and per-record keys")
  func readsOptimisticCase() throws {
    let suite = try SuiteReader.parse(
      """
      suite fav family optimistic
      case one
        records a=off b=on
        tap a as r1          => sent=yes a.pending=r1 a.displayed=on
        respond r1 saved off => a.pending=none order=a,b
        sort b,a
        session a=on b=off
        sync a on
      """, source: "fav.suite")
    let actions = suite.cases[0].steps.map(\.action.description)
    #expect(
      actions == [
        "records a=off b=on", "tap a as r1", "respond r1 saved off", "sort b,a",
        "session a=on b=off", "sync a on",
      ])
    #expect(suite.cases[0].steps[2].expectations.last?.literal == .list(["a", "b"]))
  }

  @Test("Every built-in step's text, captures and expectations included, reads back the same")
  func stepsRoundTrip() throws {
    for suite in try BuiltInSuites.load() {
      for contractCase in suite.cases {
        let values = SuiteReader.valuesLine(forCaseLines: contractCase.steps.map(\.text))
        let requires = contractCase.requirements.map(\.rawValue).joined(separator: " ")
        let text =
          "suite s family \(suite.family.rawValue)\ncase c\n"
          + (requires.isEmpty ? "" : "  requires \(requires)\n") + (values.map { "\($0)\n" } ?? "")
          + contractCase.steps.map { "  \($0.text)" }.joined(separator: "\n")
        let again = try SuiteReader.parse(text, source: "again.suite").cases[0].steps
        #expect(
          again.map { [$0.action.description, $0.text] }
            == contractCase.steps.map { [$0.action.description, $0.text] })
        #expect(
          again.map { $0.captures.map(\.description) }
            == contractCase.steps.map { $0.captures.map(\.description) })
      }
    }
  }

  @Test("Captures and '!=' read into the step, with their columns")
  func readsCaptures() throws {
    let suite = try SuiteReader.parse(
      """
      suite s family undo
      case c
        adjust 40 => value!=0 value as tapped undos=1
        undo      => value=0
        redo      => value=tapped
      """, source: "captures.suite")
    let steps = suite.cases[0].steps
    #expect(steps[0].captures == [Capture(key: "value", name: "tapped", column: 25)])
    #expect(
      steps[0].expectations == [
        Expectation(key: "value", relation: .notEqual, operand: .literal(.int(0)), column: 16),
        Expectation(key: "undos", value: .int(1), column: 41),
      ])
    #expect(
      steps[2].expectations == [
        Expectation(key: "value", operand: .capture("tapped"), column: 16)
      ])
    #expect(steps[0].text == "adjust 40 => value as tapped value!=0 undos=1")
  }

  @Test("Every action's text reads back as the same action")
  func actionsRoundTrip() throws {
    for suite in try BuiltInSuites.load() {
      for contractCase in suite.cases {
        let values = SuiteReader.valuesLine(forCaseLines: contractCase.steps.map(\.text))
        let requires = contractCase.requirements.map(\.rawValue).joined(separator: " ")
        let header =
          "suite s family \(suite.family.rawValue)\ncase c\n"
          + (requires.isEmpty ? "" : "  requires \(requires)\n") + (values.map { "\($0)\n" } ?? "")
        let records = contractCase.steps.map { "  \($0.action)" }.joined(separator: "\n")
        let reread = try SuiteReader.parse(header + records, source: "roundtrip")
        #expect(reread.cases[0].steps.map(\.action) == contractCase.steps.map(\.action))
      }
    }
  }

  @Test(
    "Malformed suites give file:line:column and what was expected",
    arguments: [
      (
        "case x\n  undo",
        "t.suite:1:1: expected the header 'suite <id> family undo|optimistic', found 'case'"
      ),
      ("suite s family undo\n  undo", "t.suite:2:3: expected 'case <id>' before the first step"),
      (
        "suite s family undoo",
        "t.suite:1:16: unknown family 'undoo'; expected 'undo' or 'optimistic'"
      ),
      (
        "suite s family undo\ncase c\n  dragg began",
        "t.suite:3:3: unknown action 'dragg'; did you mean 'drag'?"
      ),
      (
        "suite s family undo\ncase c\n  adjust x",
        "t.suite:3:10: expected a whole number after 'adjust', found 'x'"
      ),
      (
        "suite s family undo\ncase c\n  undo => vale=1",
        "t.suite:3:11: unknown key 'vale'; did you mean 'value'?"
      ),
      (
        "suite s family undo\ncase c\n  undo => canUndo=maybe",
        "t.suite:3:19: expected yes or no for 'canUndo', found 'maybe' (no capture named 'maybe' "
          + "earlier in this case)"
      ),
      (
        "suite s family undo\ncase c\n  adjust 40 => value=start",
        "t.suite:3:22: expected a whole number for 'value', found 'start' (no capture named "
          + "'start' earlier in this case)"
      ),
      (
        "suite s family undo\ncase c\n  adjust 40 => canUndo as flag\n  undo => value=flag",
        "t.suite:4:17: 'flag' holds a yes/no value, but 'value' is a whole number"
      ),
      (
        "suite s family undo\ncase c\n  adjust 40 => value as 10",
        "t.suite:3:25: '10' reads as a value; choose a name with a letter that is not a value word"
      ),
      (
        "suite s family undo\ncase c\n  adjust 40 => value as a\n  undo => value as a",
        "t.suite:4:20: 'a' already names a capture in this case"
      ),
      (
        "suite s family undo\ncase c\n  adjust 40 => value=x value as x",
        "t.suite:3:16: 'value' is compared with 'x', its own capture in the same step, which "
          + "always holds; compare it in a later step"
      ),
      (
        "suite s family optimistic\ncase c\n  records a=off\n  sync a as s1 => a.pending=s1",
        "t.suite:4:29: 's1' is a sync; 'a.pending' holds the write in flight (a request named by "
          + "'tap <id> as <name>' or 'batch <ids> as <name>') or 'none'"
      ),
      (
        "suite s family undo\ncase c\n  adjust 40 => value as",
        "t.suite:3:25: expected a capture name after 'as'"
      ),
      (
        "suite s family undo\ncase c\n  undo => value=",
        "t.suite:3:11: expected 'key=value', found 'value='"
      ),
      (
        "suite s family optimistic\ncase c\n  records a=off\n  sync a as s1\n  respond s1 saved on",
        "t.suite:5:14: 's1' is a sync; expected read on|off or failed"
      ),
      (
        "suite s family optimistic\ncase c\n  records a=off\n  tap a as r1\n  respond r1 read on",
        "t.suite:5:14: 'r1' is a write; expected saved on|off, rejected or unknown"
      ),
      (
        "suite s family optimistic\ncase c\n  records a=off\n  sync a as s1\n  cancel s1",
        "t.suite:5:10: 's1' is a sync; 'cancel' applies to writes named by 'tap'"
      ),
      (
        "suite s family optimistic\ncase c\n  records a=off\n  tap a as r1\n  sync a as r1",
        "t.suite:5:13: 'r1' already names a request in this case"
      ),
      (
        "suite s family optimistic\ncase c\n  records a=off\n  sync a maybe",
        "t.suite:4:10: expected 'as <name>', or a value such as on or off for a sync answered at "
          + "once, after 'sync a', found 'maybe'; a value beyond on/off is declared first: "
          + "'values maybe'"
      ),
      ("suite s family undo\ncase c\n  undo =>", "t.suite:3:10: expected 'key=value' after '=>'"),
      (
        "suite s family undo\ncase c\n  undo => value=1 value=2",
        "t.suite:3:19: 'value' is expected twice in one step"
      ),
      (
        "suite s family undo\ncase c\n  deliver c9 1",
        "t.suite:3:11: no 'calculate as c9' earlier in this case"
      ),
      (
        "suite s family undo\ncase c requires teleport\n  undo",
        "t.suite:2:17: unknown capability 'teleport'; expected one of documents, async-results, "
          + "drag-cancel-restores, drag-cancel-keeps, drag-undo-refused, drag-undo-cancels, "
          + "drag-back-records-nothing, drag-back-records-group, ui-layer, "
          + "coalescing-window, selection, history-per-open, history-per-document"
      ),
      ("suite s family undo\ncase c\n  undo\ncase c\n  redo", "t.suite:4:6: duplicate case id 'c'"),
      ("suite s family undo\ncase c \"unterminated\n  undo", "t.suite:2:8: unterminated quote"),
      ("suite s family undo\ncase c\ncase d\n  undo", "t.suite:2:1: case 'c' has no steps"),
      (
        "suite s family optimistic\ncase c\n  tap a",
        "t.suite:3:7: unknown record 'a'; list the records first with 'records a=off'"
      ),
      (
        "suite s family optimistic\ncase c\n  records a=off\n  respond r1 rejected",
        "t.suite:4:11: no request named 'r1' earlier in this case; name one with 'tap <id> as r1', "
          + "'set <id> <value> as r1', 'sync <id> as r1', 'read <id> as r1', 'refresh as r1' or "
          + "'batch <id>,<id> as r1'"
      ),
      (
        "suite s family optimistic\ncase c\n  records a=off\n  tap a => a.pendin=none",
        "t.suite:4:14: unknown key 'pendin'; did you mean 'pending'?"
      ),
      (
        "suite s family optimistic\ncase c\n  records a=maybe",
        "t.suite:3:11: expected 'id=on' or 'id=off' (or a value declared with 'values'), found 'a=maybe'; a value beyond on/off is declared first: 'values maybe'"
      ),
      ("suite s family undo", "t.suite: the suite has no cases"),
      ("", "t.suite: empty suite: expected the header 'suite <id> family undo|optimistic'"),
    ])
  func malformedSuites(text: String, message: String) {
    #expect {
      try SuiteReader.parse(text, source: "t.suite")
    } throws: { error in
      (error as? SuiteReadError)?.description == message
        && (error as? SuiteReadError)?.kind == .malformed
    }
  }

  @Test("A missing file and a directory are told apart from malformed text")
  func missingAndUnreadable() {
    #expect {
      try SuiteReader.read(contentsOf: "/nonexistent/x.suite")
    } throws: { ($0 as? SuiteReadError)?.kind == .missing }
    #expect {
      try SuiteReader.read(contentsOf: "/tmp")
    } throws: { ($0 as? SuiteReadError)?.kind == .unreadable }
  }
}
