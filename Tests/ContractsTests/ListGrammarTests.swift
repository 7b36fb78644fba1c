import Contracts
import Testing

/// The suite language's steps for app-started reads, filters and refreshes.
@Suite("Suite grammar: reads, filters, refreshes")
struct ListGrammarTests {
  @Test("read, filter, refresh and a list answer read into their actions and back")
  func readsListSteps() throws {
    let suite = try SuiteReader.parse(
      """
      suite s family optimistic
      case c
        requires automatic-reads filtering refresh
        records a=off b=on
        read a as s1
        filter on  => order=b
        filter off
        filter none
        refresh as l1
        respond l1 list a=on b=off
        refresh as l2
        respond l2 failed => order=none
      """, source: "lists.suite")
    let steps = suite.cases[0].steps
    #expect(
      steps.map(\.action) == [
        .optimistic(
          .records([RecordValue(id: "a", value: false), RecordValue(id: "b", value: true)])),
        .optimistic(.read(record: "a", request: "s1")),
        .optimistic(.filter(true)), .optimistic(.filter(false)), .optimistic(.filter(nil)),
        .optimistic(.refresh(request: "l1")),
        .optimistic(
          .respondToRefresh(
            request: "l1",
            outcome: .list([RecordValue(id: "a", value: true), RecordValue(id: "b", value: false)]))
        ),
        .optimistic(.refresh(request: "l2")),
        .optimistic(.respondToRefresh(request: "l2", outcome: .failed)),
      ])
    #expect(steps.last?.expectations.first?.literal == .list([]))
    #expect(suite.cases[0].requirements.contains(.automaticReads))
    let text =
      "suite s family optimistic\ncase c\n  requires automatic-reads filtering refresh\n"
      + steps.map { "  \($0.text)" }.joined(separator: "\n")
    let again = try SuiteReader.parse(text, source: "again.suite").cases[0].steps
    #expect(again.map(\.action) == steps.map(\.action))
    #expect(again.map(\.text) == steps.map(\.text))
  }

  @Test(
    "A malformed list step names its line",
    arguments: ["filter maybe", "read a", "respond l1 list a=maybe"])
  func malformedListStep(step: String) {
    #expect(throws: SuiteReadError.self) {
      try SuiteReader.parse(
        "suite s family optimistic\ncase c\n  refresh as l1\n  \(step)", source: "bad.suite")
    }
    do {
      _ = try SuiteReader.parse(
        "suite s family optimistic\ncase c\n  refresh as l1\n  \(step)", source: "bad.suite")
    } catch {
      #expect("\(error)".hasPrefix("bad.suite:4:"), "\(error)")
    }
  }
}
