import Foundation
import ResultSchema
import Testing

@testable import ResultFiles
@testable import ResultWriting

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

    /// A step record of random texts and counts, its step number `numberedFrom` or more.
    mutating func step(numberedFrom first: Int = 0) -> EventRecord.Step {
      EventRecord.Step(
        seq: Int(next() % 100_000), suite: text(), case: text(), subject: text(),
        step: Int(next() % 1000) + first, line: Int(next() % 500), action: text(),
        before: dictionary(), after: dictionary(),
        expectations: (0..<Int(next() % 3)).map { _ in value() },
        captures: next() % 2 == 0
          ? nil
          : (0..<Int(next() % 3)).map { _ in
            EventRecord.CapturedValue(key: text(), name: text())
          },
        mismatches: (0..<Int(next() % 3)).map { _ in value() },
        verdict: next() % 2 == 0 ? "pass" : "fail",
        notes: (0..<Int(next() % 2)).map { _ in text() })
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
      let step = generator.step()
      let expected = try EventRecord.step(step).jsonLine()
      #expect(String(decoding: step.jsonBytes(), as: UTF8.self) == expected, "seed \(seed)")
    }
  }

  @Test("A step record encoded before its place reads, once placed, as if encoded in place")
  @MainActor
  func placedRecords() {
    var generator = Generator(state: 9)
    for sequence in [1, 9, 10, 4_096, 1_000_001, Int.max] {
      var step = generator.step()
      step.seq = 0
      let unplaced = step.jsonBytes()
      step.seq = sequence
      #expect(
        ResultDirectoryWriter.placing(unplaced, at: sequence) == step.jsonBytes(), "\(sequence)")
    }
  }

  @Test(
    "Random step records read back without JSONDecoder as they were",
    arguments: [6, 7, 8] as [UInt64])
  func readBack(seed: UInt64) throws {
    var generator = Generator(state: seed)
    for _ in 0..<200 {
      let step = generator.step(numberedFrom: -10)
      let bytes = step.jsonBytes()
      #expect(EventRecord.Step(jsonBytes: bytes) == step, "seed \(seed)")
      // JSONEncoder's own spelling (escaped slashes, \u escapes) reads the same.
      let encoded = Array(try JSONEncoder().encode(step))
      #expect(EventRecord.Step(jsonBytes: encoded) == step, "seed \(seed)")
    }
  }

  @Test("A step record cut short or altered reads as nil or as JSONDecoder reads it, never traps")
  func damagedRecordsReadLikeJSONDecoder() throws {
    let step = EventRecord.Step(
      seq: 3, suite: "s", case: "c\u{1}\"é😀", subject: "x", step: 2, line: 9, action: "undo",
      before: ["value": "1"], after: ["value": "0", "canRedo": "yes"],
      expectations: [EventRecord.Value(key: "value", relation: "!=", expected: "1", capture: "v")],
      captures: [EventRecord.CapturedValue(key: "value", name: "v")],
      mismatches: [EventRecord.Value(key: "value", expected: "1", actual: "0", invariant: "i")],
      verdict: "fail", notes: ["n"])
    let bytes = step.jsonBytes()
    var tried = 0
    for length in 0..<bytes.count {
      #expect(EventRecord.Step(jsonBytes: Array(bytes[..<length])) == nil, "cut to \(length)")
    }
    for position in bytes.indices {
      for replacement: UInt8 in [0x00, 0x22, 0x2C, 0x30, 0x5C, 0x5D, 0x7D, 0xFF]
      where replacement != bytes[position] {
        var mutated = bytes
        mutated[position] = replacement
        guard let fast = EventRecord.Step(jsonBytes: mutated) else { continue }
        tried += 1
        let decoded = try? JSONDecoder().decode(EventRecord.Step.self, from: Data(mutated))
        #expect(fast == decoded, "byte \(position) set to \(replacement)")
      }
    }
    #expect(tried > 0, "some mutations still read")
    let other = Array(#"{"kind":"caseStarted","version":1}"#.utf8)
    #expect(EventRecord.Step(jsonBytes: other) == nil)
    let deep = Array(
      (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
    #expect(EventRecord.Step(jsonBytes: deep) == nil, "deep nesting is refused, not recursed into")
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
    #expect(EventRecord.Step(jsonBytes: step.jsonBytes()) == step)
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
      #expect(ResultDirectoryWriter.iso8601(date) == formatter.string(from: date))
    }
  }
}
