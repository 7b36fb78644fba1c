import ResultFiles
import Testing

/// A case record is a value: its copies share storage only until one of them changes.
@Suite("JUnit case record")
struct JUnitCaseRecordTests {
  @Test("Changing a copy leaves the original as it was, and equality compares values")
  func copiesAreValues() {
    let original = JUnitCaseRecord(
      suite: "s", className: "EditorTests", name: "testUndo", time: "0.001", outcome: .passed,
      line: 3)
    var copy = original
    #expect(copy == original)
    copy.outcome = .failed
    copy.message = "XCTAssertTrue failed"
    copy.omittedBytes = 7
    #expect(original.outcome == .passed && original.message == nil && original.omittedBytes == 0)
    #expect(copy != original)
    var same = original
    same.name = "testUndo"
    #expect(same == original)
    #expect(original.timeSeconds == 0.001)
    #expect(original.isAttempt(of: same) && !original.isAttempt(of: copy.renamed("other")))
  }
}

extension JUnitCaseRecord {
  fileprivate func renamed(_ name: String) -> JUnitCaseRecord {
    var record = self
    record.name = name
    return record
  }
}
