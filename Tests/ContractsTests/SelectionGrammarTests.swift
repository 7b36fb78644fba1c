import Testing

@testable import Contracts

/// The `items` and `select` steps, the per-item keys and `mixed`, their packed form and renaming.
@MainActor
@Suite("Selection steps and keys")
struct SelectionGrammarTests {
  private func suite(_ lines: String) throws -> ContractSuite {
    try SuiteReader.parse(
      "suite s family undo\ncase c\n  requires selection\n\(lines)", source: "s.suite")
  }

  @Test("Reads items with values, selections and expectations on items and the inspector")
  func readsSelections() throws {
    let read = try suite(
      "  items a=10 b=-20 c=30 => mixed=no\n  select a,b => mixed=yes a.value=10 b.display=-20\n"
        + "  adjust 5 => a.value as set b.value=set\n")
    let steps = read.cases[0].steps
    #expect(
      steps.map(\.action) == [
        .undoHistory(
          .items([
            ItemValue(id: "a", value: 10), ItemValue(id: "b", value: -20),
            ItemValue(id: "c", value: 30),
          ])),
        .undoHistory(.select(["a", "b"])), .undoHistory(.adjust(5)),
      ])
    #expect(steps.map(\.action.description) == ["items a=10 b=-20 c=30", "select a,b", "adjust 5"])
    #expect(steps[1].expectations.map(\.key) == ["mixed", "a.value", "b.display"])
    #expect(read.cases[0].requirements == [.selection])
    #expect(!UndoHistoryAction.select(["a"]).isEdit)
    #expect(!UndoHistoryAction.items([]).isEdit)
  }

  @Test("Reads the inspector's value as a whole number, a capture or a capture's source")
  func readsInspectorKey() throws {
    let read = try suite(
      "  items a=10 b=20 => inspector=10\n  select a,b => inspector!=10 mixed=yes\n"
        + "  adjust 5 => a.value as set inspector=set\n  undo => inspector as shown\n")
    let steps = read.cases[0].steps
    #expect(steps[0].expectations.first?.operand == .literal(.int(10)))
    #expect(steps[1].expectations.map(\.key) == ["inspector", "mixed"])
    #expect(steps[2].expectations.first?.operand == .capture("set"))
    #expect(steps[3].captures.map(\.key) == ["inspector"])
  }

  @Test(
    "Rejects malformed items, selections and keys, naming file, line and column",
    arguments: [
      ("  items", "s.suite:4:9: expected items such as a=10 b=20 after 'items'"),
      ("  items a=on", "s.suite:4:9: expected 'id=N' such as a=10, found 'a=on'"),
      ("  items a=1 a=2", "s.suite:4:13: item 'a' is listed twice"),
      ("  select a", "s.suite:4:10: no item 'a' in this case; load it first with 'items a=N'"),
      ("  items a=1\n  select", "s.suite:5:10: expected item ids after 'select', such as a,b"),
      ("  items a=1\n  select a,a", "s.suite:5:10: item 'a' is selected twice"),
      ("  items a=1\n  select a,", "s.suite:5:10: expected item ids separated by commas"),
      ("  items a=1\n  undo => b.value=1", "s.suite:5:11: no item 'b' in this case"),
      ("  items a=1\n  undo => a.valu=1", "unknown key 'valu'; did you mean 'value'?"),
      ("  items a=1\n  undo => mixed=3", "expected yes or no for 'mixed', found '3'"),
      ("  undo => mixd=yes", "unknown key 'mixd'; did you mean 'mixed'?"),
      ("  items a=1\n  undo => inspector=yes", "expected a whole number for 'inspector'"),
    ])
  func rejectsMalformedSteps(lines: String, message: String) {
    do {
      _ = try suite(lines + "\n")
      Issue.record("'\(lines)' was read")
    } catch {
      #expect("\(error)".contains(message), "\(error)")
    }
  }

  @Test("A line read in another case names that case's items, not the first case's")
  func linesAreNotReusedAcrossItems() throws {
    let text = """
      suite s family undo
      case one
        items a=1 b=2
        select a,b => a.value=1
      case two
        items a=5
        select a,b => a.value=1
      """
    #expect(throws: SuiteReadError.self) { try SuiteReader.parse(text, source: "s.suite") }
  }

  @Test("Items and selections survive packing and are renamed with the other ids")
  func packsAndRenames() throws {
    let read = try suite("  items a=10 b=-20\n  select b,a => b.value=-20 mixed=yes\n")
    let wire = try #require(ContractCase(wireForm: read.cases[0].wireForm))
    #expect(wire.steps == read.cases[0].steps)
    let renamed = read.renamingIdentifiers { "x-\($0)" }.cases[0].steps
    #expect(
      renamed.map(\.action) == [
        .undoHistory(.items([ItemValue(id: "x-a", value: 10), ItemValue(id: "x-b", value: -20)])),
        .undoHistory(.select(["x-b", "x-a"])),
      ])
    #expect(renamed[1].expectations.map(\.key) == ["x-b.value", "mixed"])
  }
}
