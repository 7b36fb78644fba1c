import Contracts
import Testing

@testable import StateGateCLI

/// `stategate show-suite`: a built-in suite's text, to copy and adapt.
@MainActor
@Suite("show-suite command")
struct ShowSuiteCommandTests {
  @Test(
    "show-suite prints the suite's text exactly, by id, file name or source",
    arguments: ["undo-history", "undo-history.suite", "builtin:undo-history.suite"])
  func printsText(name: String) throws {
    let result = runStateGate("show-suite", name)
    #expect(result.status == .success)
    #expect(result.output == BuiltInSuites.text(ofFile: "undo-history.suite"))
    #expect(result.error.isEmpty)
  }

  @Test("What show-suite prints reads back as the same suite")
  func printedTextReadsBack() throws {
    let printed = runStateGate("show-suite", "optimistic-updates").output
    let suite = try SuiteReader.parse(printed, source: "copy.suite")
    let builtIn = try #require(try BuiltInSuites.load().first { $0.id == "optimistic-updates" })
    #expect(suite.cases.map(\.id) == builtIn.cases.map(\.id))
  }

  @Test("An unknown name is a usage error with a suggestion")
  func unknownName() {
    let result = runStateGate("show-suite", "undo-histroy")
    #expect(result.status == .usage)
    #expect(result.output.isEmpty)
    #expect(result.error.contains("'undo-histroy'") && result.error.contains("'undo-history'"))
  }

  @Test("Without a name, show-suite lists the built-in suites")
  func listsSuites() {
    let result = runStateGate("show-suite")
    #expect(result.status == .success)
    #expect(result.output.contains("  undo-history (builtin:undo-history.suite)"))
    #expect(result.output.contains("  optimistic-updates (builtin:optimistic-updates.suite)"))
  }

  @Test("list points to show-suite for built-in suites")
  func listMentionsShowSuite() {
    #expect(runStateGate("list").output.contains("'stategate show-suite ID'"))
  }
}
