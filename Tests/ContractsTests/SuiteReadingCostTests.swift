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
