import Foundation
import Testing

@testable import Triage

/// The byte-level text helpers agree with the Foundation and `Character` operations they replace.
@Suite("Failure text on bytes")
struct FailureTextTests {
  static let texts: [String] = [
    "", " ", "\t\n", "one line", "  padded\t", "a\nb", "a\r\nb\r\n", "\n\n\na\n\n",
    "vt\u{0B}ff\u{0C}cr\rlf\n", "nel\u{85}ls\u{2028}ps\u{2029}end", "\u{A0}\u{2003}nbsp\u{3000}",
    "café → crème\nñ", "e\u{301}\n\u{301}x", "🧑‍💻 line\n  👍🏽 ", "\u{2028}\u{2029}\u{85}",
    "trailing \u{202F}", "mixed \u{85} \u{2028} spaces \u{1680}", "x\u{C2}y", "\u{E2}\u{80}z",
  ]

  @Test("Lines split where Character.isNewline does, empty lines dropped", arguments: texts)
  func lines(text: String) {
    // Typed apart: the comparisons inside `#expect` otherwise take seconds to type-check.
    let expected: [String] = Self.newlineSplit(text)
    let found: [String] = FailureText.lines(text[...]).map { String($0) }
    #expect(found == expected)
    let first: String? = FailureText.firstLine(text[...]).map { String($0) }
    #expect(first == expected.first)
  }

  /// What `Character.isNewline` splits `text` into, empty pieces dropped.
  static func newlineSplit(_ text: String) -> [String] {
    text.split(whereSeparator: { (character: Character) -> Bool in character.isNewline })
      .map { String($0) }
  }

  @Test("Line breaks of every kind at every offset of the eight-byte words are found")
  func lineBreaksAtEveryOffset() {
    let breaks: [String] = [
      "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}",
    ]
    var text = ""
    for offset in 0..<24 {
      let letter: String = offset % 3 == 0 ? "é" : "x"
      text.append(String(repeating: letter, count: offset))
      text.append("\t→\u{01}")
      text.append(breaks[offset % breaks.count])
    }
    let found: [String] = FailureText.lines(text[...]).map { String($0) }
    #expect(found == Self.newlineSplit(text))
    #expect(found.count == 24)
    for line in FailureText.lines(text[...]) {
      for position in [line.startIndex, line.utf8.index(before: line.endIndex)] {
        #expect(FailureText.line(around: position, in: text[...]) == line)
      }
    }
  }

  @Test("Trimming matches trimmingCharacters(in:)", arguments: texts)
  func trimming(text: String) {
    #expect(String(FailureText.trimmed(text[...])) == text.trimmingCharacters(in: .whitespaces))
    #expect(
      String(FailureText.trimmed(text[...], newlines: true))
        == text.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(
      FailureText.isBlank(text[...])
        == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
  }

  @Test("Byte search finds the first and the last occurrence, or none")
  func search() throws {
    let text = "é a : b : c → d : e"[...]
    let first = try #require(FailureText.range(of: " : ", in: text))
    #expect(text[..<first.lowerBound] == "é a")
    let again = try #require(FailureText.range(of: " : ", in: text, from: first.upperBound))
    #expect(text[again.upperBound...] == "c → d : e")
    let last = try #require(FailureText.lastRange(of: " : ", in: text))
    #expect(text[last.upperBound...] == "e")
    #expect(FailureText.range(of: " ; ", in: text) == nil)
    #expect(FailureText.lastRange(of: "é", in: "x"[...]) == nil)
    #expect(FailureText.range(of: "longer than the text", in: "short"[...]) == nil)
  }

  @Test("A name that only contains a clue, or a clue glued to a combining mark, is no clue")
  func cluesAreWholeNames() {
    #expect(ForeignFailureClassifier.codeClues(in: "history.canRedo").map(\.pattern) == ["canRedo"])
    #expect(
      ForeignFailureClassifier.codeClues(in: "(undoCount → 2)").map(\.pattern) == ["undoCount"])
    #expect(ForeignFailureClassifier.codeClues(in: "history.canRedoNow").isEmpty)
    #expect(ForeignFailureClassifier.codeClues(in: "écanRedo == true").isEmpty)
    #expect(ForeignFailureClassifier.codeClues(in: "e\u{301}canRedo == true").isEmpty)
    #expect(ForeignFailureClassifier.codeClues(in: "x.canRedo\u{301} == true").isEmpty)
    #expect(ForeignFailureClassifier.codeClues(in: "canRedo_2 == true").isEmpty)
  }
}
