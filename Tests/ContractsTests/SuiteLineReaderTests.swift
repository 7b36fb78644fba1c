import Contracts
import Testing

/// Reading a suite a line at a time, its steps handed over as they are read, gives what reading
/// its whole text gives: the same cases and steps, and the same refusal at the same line.
@Suite struct SuiteLineReaderTests {
  /// Reads `text` a line at a time: the suite and every step handed over, in order.
  private func readByLine(_ text: String) throws(SuiteReadError) -> (
    suite: ContractSuite, steps: [ContractStep]
  ) {
    final class Steps { var list: [ContractStep] = [] }
    let steps = Steps()
    var reader = SuiteLineReader(source: "lines") { steps.list.append($0) }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      try reader.read(String(line))
    }
    return (try reader.finish(), steps.list)
  }

  @Test("Every built-in suite reads by line as it reads whole: cases, requirements, steps")
  func builtInSuites() throws {
    for name in BuiltInSuites.fileNames {
      let text = try #require(BuiltInSuites.text(ofFile: name))
      // The text reader ends a suite at its last line; joined lines end without a newline.
      let whole = try SuiteReader.parse(text, source: "lines")
      let byLine = try readByLine(text.hasSuffix("\n") ? String(text.dropLast()) : text)
      #expect(byLine.suite.cases.map(\.id) == whole.cases.map(\.id), "\(name)")
      #expect(byLine.suite.cases.map(\.requirements) == whole.cases.map(\.requirements))
      #expect(byLine.suite.cases.allSatisfy { $0.stepCount == 0 }, "steps are handed over")
      #expect(byLine.steps == whole.cases.flatMap(\.steps), "\(name)")
    }
  }

  @Test("A refused line is refused at the same line with the same message")
  func refusals() {
    let texts = [
      "suite s family optimistic\ncase c\n  records a=off\n  respond r9 saved on",
      "suite s family optimistic\ncase c\n  records a=off\n  tap a as r1\n  requires sessions",
      "suite s family optimistic\ncase c\ncase d\n  records a=off",
      "suite s family undo\ncase c\n  adjust",
    ]
    for text in texts {
      var whole: SuiteReadError?
      do { _ = try SuiteReader.parse(text, source: "lines") } catch { whole = error }
      var byLine: SuiteReadError?
      do { _ = try readByLine(text) } catch { byLine = error }
      #expect(whole != nil, "\(text)")
      #expect(byLine?.line == whole?.line, "\(text)")
      #expect(byLine?.message == whole?.message, "\(text)")
    }
  }
}
