import Testing

@testable import ResultFiles

/// What the reader keeps of a long failure text: its start and its end, never half a name.
@Suite("Bounded failure text")
struct BoundedTextTests {
  private func kept(_ pieces: [String], head: Int = 16, tail: Int = 16) -> BoundedText {
    var text = BoundedText(headLimit: head, tailLimit: tail)
    for piece in pieces { text.append(piece) }
    return text
  }

  @Test("A text within the bounds is kept whole, in however many pieces it came")
  func wholeText() {
    let text = kept(["history.can", "Redo\nline two ", "→ end"])
    #expect(text.omittedBytes == 0)
    #expect(text.text == "history.canRedo\nline two → end")
  }

  @Test("A long text keeps its start and its last whole lines, and counts what it left out")
  func startAndEnd() {
    let text = kept([
      "log line one\nlog line two\n", String(repeating: "x", count: 100), "\nfailed\n",
    ])
    #expect(text.totalBytes == 26 + 100 + 8)
    #expect(text.omittedBytes == 26 + 100 + 8 - 32)
    #expect(text.text == "log line one\n […]\nfailed\n")
  }

  @Test("A cut start ends before the name it would split, not inside it")
  func neverHalfAName() {
    let text = kept(["XCTAssert(h.undoCountLimit == 3) and more text after it"], head: 16, tail: 4)
    #expect(text.text == "XCTAssert(h. […]")
    let unicode = kept(["a.b é.undoCount", String(repeating: "y", count: 40)], head: 14, tail: 4)
    #expect(unicode.text == "a.b é. […]")
  }

  @Test("A start that is one long name is cut before its last, possibly split, character")
  func longName() {
    let name = String(repeating: "é", count: 300)
    let text = kept([name + " tail"], head: 401, tail: 2)
    #expect(text.text == String(repeating: "é", count: 200) + " […]")
  }

  @Test("An end without a line break adds nothing: it is the end of a cut line")
  func endWithoutLineBreak() {
    let text = kept(["start of a very long line", String(repeating: "z", count: 100)])
    #expect(text.text == "start of a very  […]")
  }

  @Test("Removing everything forgets the text")
  func removeAll() {
    var text = kept(["some text", String(repeating: "q", count: 100)])
    text.removeAll()
    #expect(text.isEmpty && text.omittedBytes == 0 && text.text.isEmpty)
  }
}
