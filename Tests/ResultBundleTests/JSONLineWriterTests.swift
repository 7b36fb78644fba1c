import Foundation
import ResultBundle
import ResultSchema
import Testing

/// The step records written without `JSONEncoder` are byte for byte what `JSONEncoder` writes.
@Suite("Step records written fast")
struct JSONLineWriterTests {
  /// A deterministic generator, so a failure names its seed.
  struct Generator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }

    mutating func text() -> String {
      let alphabet: [Character] = [
        "a", "Z", "0", ".", ",", "=", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{8}", "\u{C}",
        "\u{1}", "\u{1F}", "\u{7F}", "é", "😀", "\u{2028}", "{", "}", ":", "[", "]",
      ]
      let count = Int(next() % 12)
      return String((0..<count).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
    }

    mutating func maybe() -> String? {
      next() % 2 == 0 ? text() : nil
    }

    mutating func value() -> EventRecord.Value {
      EventRecord.Value(
        key: text(), relation: next() % 3 == 0 ? "!=" : nil, expected: text(), capture: maybe(),
        actual: maybe(), invariant: maybe())
    }

    mutating func dictionary() -> [String: String] {
      Dictionary(
        (0..<Int(next() % 6)).map { _ in (text(), text()) }, uniquingKeysWith: { first, _ in first }
      )
    }
  }

  @Test("Random step records encode to the same bytes", arguments: [1, 2, 3, 4, 5] as [UInt64])
  func sameBytes(seed: UInt64) throws {
    var generator = Generator(state: seed)
    for _ in 0..<200 {
      let step = EventRecord.Step(
        seq: Int(generator.next() % 100_000), suite: generator.text(), case: generator.text(),
        subject: generator.text(), step: Int(generator.next() % 1000),
        line: Int(generator.next() % 500),
        action: generator.text(), before: generator.dictionary(), after: generator.dictionary(),
        expectations: (0..<Int(generator.next() % 3)).map { _ in generator.value() },
        captures: generator.next() % 2 == 0
          ? nil
          : (0..<Int(generator.next() % 3)).map { _ in
            EventRecord.CapturedValue(key: generator.text(), name: generator.text())
          },
        mismatches: (0..<Int(generator.next() % 3)).map { _ in generator.value() },
        verdict: generator.next() % 2 == 0 ? "pass" : "fail",
        notes: (0..<Int(generator.next() % 2)).map { _ in generator.text() })
      let expected = try EventRecord.step(step).jsonLine()
      #expect(String(decoding: step.jsonBytes(), as: UTF8.self) == expected, "seed \(seed)")
    }
  }

  @Test(
    "Numbers are written as JSONEncoder writes them, at every digit count and both extremes",
    arguments: [Int.min, -1_000, -1, 0, 7, 9, 10, 99, 100, 1_000_000, Int.max])
  func sameNumbers(number: Int) throws {
    let step = EventRecord.Step(
      seq: number, suite: "s", case: "c", subject: "x", step: number, line: number,
      action: "undo", before: [:], after: [:], expectations: [], captures: nil, mismatches: [],
      verdict: "pass", notes: [])
    let expected = try EventRecord.step(step).jsonLine()
    #expect(String(decoding: step.jsonBytes(), as: UTF8.self) == expected)
  }
}

/// Timestamps are written without a date formatter per record, the way one would write them.
@Suite("Timestamps")
struct TimestampTests {
  @Test("iso8601 writes what ISO8601DateFormatter writes, to the second")
  @MainActor
  func sameAsTheFormatter() {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    for seconds in stride(
      from: -86_400.0 * 400, to: 86_400.0 * 365 * 80, by: 86_400.0 * 37.3 + 3_607)
    {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(ResultRecorder.iso8601(date) == formatter.string(from: date))
    }
  }
}
