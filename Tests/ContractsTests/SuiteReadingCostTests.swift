import Foundation
import Testing

@testable import Contracts

/// Reading a suite costs work in proportion to its cases: counted lookups, never wall time.
@Suite("Suite reading cost")
struct SuiteReadingCostTests {
  /// A suite of `count` two-step cases.
  static func suite(cases count: Int, duplicate: Bool = false) -> String {
    var text = "suite big family undo\n"
    for index in 0..<count {
      let id = duplicate && index == count - 1 ? "case-0" : "case-\(index)"
      text += "case \(id)\n  adjust 10 => value=10\n  undo => value=0\n"
    }
    return text
  }

  @Test("The duplicate-id check looks up each case once, at 1,000 cases as at 4,000")
  func duplicateCheckIsLinear() throws {
    for count in [1_000, 4_000] {
      let read = try SuiteReader.parseCounting(Self.suite(cases: count), source: "big.suite")
      #expect(read.suite.cases.count == count)
      #expect(read.caseIDLookups == count)
    }
  }

  @Test("A repeated line reads as it did; lines that define names are read again every time")
  func repeatedLinesReadAlike() throws {
    let text = """
      suite repeated family undo
      case first
        adjust 10 => value=10
        calculate as c
        adjust 10 => value as x
        adjust 10 => value=x
        adjust 10 => value=10
      case second
        adjust 10 => value=10
        calculate as c
        adjust 10 => value as x
        adjust 10 => value=x
      """
    let suite = try SuiteReader.parse(text, source: "repeated.suite")
    let first = suite.cases[0].steps
    let second = suite.cases[1].steps
    #expect(first.map(\.line) == [3, 4, 5, 6, 7])
    #expect(second.map(\.line) == [9, 10, 11, 12])
    #expect(
      first[4]
        == ContractStep(action: first[0].action, expectations: first[0].expectations, line: 7))
    #expect(
      second[0]
        == ContractStep(action: first[0].action, expectations: first[0].expectations, line: 9))
    #expect(second[2].captures == first[2].captures)
    #expect(second[3].expectations.map(\.operand) == [.capture("x")])
    #expect {
      try SuiteReader.parse(
        text + "\ncase third\n  calculate as c\n  calculate as c\n", source: "repeated.suite")
    } throws: { error in
      (error as? SuiteReadError)?.line == 15
    }
  }

  @Test("A duplicate case id is still found when it is the last of thousands")
  func lateDuplicateIsFound() {
    #expect {
      try SuiteReader.parse(Self.suite(cases: 3_000, duplicate: true), source: "big.suite")
    } throws: { error in
      let error = error as? SuiteReadError
      return error?.line == 3 * 2_999 + 2 && error?.message == "duplicate case id 'case-0'"
    }
  }

  @Test("A long optimistic case names hundreds of requests and syncs, each found again")
  func manyNamesInOneCase() throws {
    var text = "suite long family optimistic\ncase many\n  records a=off\n"
    for index in 0..<500 {
      text += "  tap a as r\(index)\n  respond r\(index) saved on\n"
      text += "  sync a as s\(index)\n  respond s\(index) read on\n"
    }
    let suite = try SuiteReader.parse(text, source: "long.suite")
    #expect(suite.cases.first?.steps.count == 2_001)
  }
}

/// Reading a file in pieces gives what reading its text gives.
@Suite("Suite files read in pieces")
struct SuiteFileReadingTests {
  private func write(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-reading-\(UUID().uuidString).suite").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("A file of several megabytes, lines across every piece's edge, reads as its text")
  func largeFileMatchesText() throws {
    var text = "suite big family undo \"Big\"\r\n"
    for index in 0..<40_000 {
      text += "case c\(index) \"case \(index)\"\n  adjust \(index % 90 + 10) => value!=0\r\n"
      text += "  undo => value=0 canRedo=yes\n"
    }
    let path = try write(Array(text.utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let fromFile = try SuiteReader.read(contentsOf: path)
    let fromText = try SuiteReader.parse(text, source: path)
    #expect(fromFile == fromText)
    #expect(fromFile.cases.count == 40_000)
    #expect(fromFile.cases.last?.steps.last?.line == 3 * 40_000 + 1)
  }

  @Test("Lines end at \\n, \\r\\n and \\r alike, and a line that is not UTF-8 is named")
  func lineEndsAndBadBytes() throws {
    let mixed = try write(Array("suite x family undo\rcase a\r\n  adjust 10\n  undo".utf8))
    defer { try? FileManager.default.removeItem(atPath: mixed) }
    let suite = try SuiteReader.read(contentsOf: mixed)
    #expect(suite.cases.first?.steps.map(\.line) == [3, 4])
    let bad = try write(Array("suite x family undo\ncase a\n  adjust 10\n  undo ".utf8) + [0xFF])
    defer { try? FileManager.default.removeItem(atPath: bad) }
    #expect {
      try SuiteReader.read(contentsOf: bad)
    } throws: { error in
      (error as? SuiteReadError)?.line == 4
        && (error as? SuiteReadError)?.message == "the line is not UTF-8 text"
    }
  }

  @Test("A byte-order mark is not text; a control character is named with its column")
  func byteOrderMarkAndControlCharacters() throws {
    let marked = try write(
      [0xEF, 0xBB, 0xBF] + Array("suite x family undo\ncase a\n  undo\n".utf8))
    defer { try? FileManager.default.removeItem(atPath: marked) }
    #expect(try SuiteReader.read(contentsOf: marked).id == "x")
    for (text, column) in [("  undo => undos=1\u{0}", 18), ("  und\u{1B}o", 6), ("  é\u{7}", 4)] {
      #expect {
        try SuiteReader.parse("suite x family undo\ncase a\n\(text)\n", source: "c.suite")
      } throws: { error in
        let error = error as? SuiteReadError
        return error?.line == 3 && error?.column == column
          && error?.message.hasPrefix("a control character (U+00") == true
      }
    }
  }
}
