import Contracts
import Foundation
import ReferenceModels
import StateGateRecorder
import Testing

@testable import RecordingImport

/// The streamed reader reads every recording exactly as the whole-file reader it replaced
/// (``LegacyRecordingReader``): the same recording, or the same one-line refusal, whatever the
/// chunks the bytes arrive in, whichever decoder reads a line.
@MainActor
@Suite struct StreamedRecordingReaderTests {
  /// A read's outcome, comparable.
  enum Outcome: Equatable, CustomStringConvertible {
    case read(String)
    case refused(RecordingReadError)

    init(_ read: () throws(RecordingReadError) -> Recording) {
      do {
        let recording = try read()
        self = .read(Self.describe(recording))
      } catch {
        self = .refused(error)
      }
    }

    /// Every field of a recording.
    static func describe(_ recording: Recording) -> String {
      [
        "\(recording.family)", "\(recording.capabilities)", "\(recording.requirements)",
        "\(recording.values)", "\(String(describing: recording.writeTimeout))",
        "\(recording.dropped)", "\(recording.droppedCountsLines)",
        "\(recording.lines)", "\(recording.lineNumbers.sorted { $0.key < $1.key })",
      ].joined(separator: "\n")
    }

    var description: String {
      switch self {
      case .read(let text): "read \(text.prefix(200))"
      case .refused(let error): "refused \(error)"
      }
    }
  }

  /// The old reader's outcome and the new one's, with the bytes in chunks of each size.
  private func expectSame(
    _ data: Data, chunkSizes: [Int] = [1, 3, 64, RecordingReader.chunkSize],
    _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let old = Outcome { () throws(RecordingReadError) in
      try LegacyRecordingReader.parse(data, path: "r.jsonl")
    }
    for size in chunkSizes {
      let new = Outcome { () throws(RecordingReadError) in
        try RecordingReader.parse(data, path: "r.jsonl", chunkSize: size)
      }
      #expect(new == old, "chunks of \(size) \(comment)", sourceLocation: sourceLocation)
    }
  }

  /// Lines with a trailer whose count and checksum match them, as the recorder seals a file.
  static func sealed(_ lines: [String], lineEnd: String = "\n") -> Data {
    var body = Data(lines.map { $0 + lineEnd }.joined().utf8)
    var hash = RecordingFormat.hashBasis
    body.withUnsafeBytes { RecordingFormat.hash($0, into: &hash) }
    body.append(
      Data(
        (#"{"fnv1a64":"\#(RecordingFormat.hex(hash))","kind":"trailer","lines":\#(lines.count),"#
          + #""version":1}"# + lineEnd).utf8))
    return body
  }

  /// A field session's lines, without the trailer.
  private func fieldLines(rounds: Int = 12, stale: Bool = false) -> [String] {
    let session = FieldSession(ReferenceFavorites())
    session.run(rounds: rounds, staleAnswer: stale)
    var lines = String(decoding: session.recorder.exportedData(), as: UTF8.self)
      .split(separator: "\n").map(String.init)
    lines.removeLast()
    return lines
  }

  private var fullSessionLines: [String] {
    let data = RecordingText.make(
      header: [
        "capabilities": ["sessions"], "requires": ["automatic-reads", "batches", "filtering"],
      ], events: HostileRecordingTests.fullSession)
    var lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    lines.removeLast()
    return lines
  }

  @Test("The test recordings read as before, in chunks of any size")
  func testRecordingsReadAsBefore() throws {
    let recordings = [
      RecordingText.make(events: HostileRecordingTests.fullSession),
      Self.sealed(fullSessionLines), Self.sealed(fieldLines()),
      Self.sealed(fieldLines(stale: true)),
      RecordingText.make(events: RecordingText.miswiredTimeout),
    ]
    for data in recordings {
      let recording = try RecordingReader.parse(data, path: "r.jsonl")
      #expect(!recording.lines.isEmpty)
      expectSame(data)
    }
  }

  @Test("Damaged recordings are refused as before: lines removed, swapped, cut, altered")
  func damagedRecordingsAsBefore() {
    let lines = fieldLines()
    let good = Self.sealed(lines)
    let text = String(decoding: good, as: UTF8.self)
    for damage in RecordingImportTests.Damage.allCases {
      expectSame(Data(damage.apply(to: text).utf8), chunkSizes: [1, 64], "\(damage)")
    }
    for index in lines.indices {
      var removed = lines
      removed.remove(at: index)
      expectSame(Self.sealed(removed), chunkSizes: [7], "line \(index + 1) removed, resealed")
      if index + 1 < lines.count {
        var swapped = lines
        swapped.swapAt(index, index + 1)
        expectSame(Self.sealed(swapped), chunkSizes: [7], "lines \(index + 1) swapped")
      }
    }
    // Cut anywhere: no line end, no trailer, half a trailer.
    for cut in stride(from: 0, to: good.count, by: 37) + [good.count - 1, good.count - 2] {
      expectSame(good.prefix(cut), chunkSizes: [5], "cut at \(cut)")
    }
    // Two trailers, a trailer in the middle, a line after the trailer.
    let trailer = String(text.split(separator: "\n").last!)
    expectSame(Data((text + trailer + "\n").utf8), chunkSizes: [9], "two trailers")
    var middle = lines
    middle.insert(trailer, at: 3)
    expectSame(Self.sealed(middle), chunkSizes: [9], "a trailer in the middle")
    expectSame(Data((text + lines[2] + "\n").utf8), chunkSizes: [9], "a line after the trailer")
  }

  @Test(
    "Lines spelled other than the recorder spells them read as before (the general decoder's way)",
    arguments: [
      (#""version":1"#, #""version":true"#), (#""version":1"#, #""version":1.0"#),
      (#""version":1"#, #""version":"1""#), (#""version":1"#, #""version":01"#),
      (#""version":1"#, #""version":-0"#), (#""version":1"#, #""version" : 1 "#),
      (#""version":1"#, #""version":1e0"#), (#""version":1"#, #""version":2"#),
      (#""version":1"#, #""version":1,"version":1"#),
      (#""version":1"#, #""version":1,"version":2"#),
      (#""version":1"#, #""version":100000000000000000000"#),
      (#""seq":"#, #""seq":-"#), (#""seq":"#, #""seq": "#),
      (#""kind":"event""#, #""kind":"\u0065vent""#), (#""kind":"event""#, #""kind":"ev\"ent""#),
      (#""kind":"event""#, #""kind":"évent""#), (#""kind":"event""#, #""kind":null"#),
      (#""kind":"event""#, #""kind":["event"]"#), (#""kind":"event""#, #""kind":{}"#),
      (#""kind":"shown""#, #""kind":"note""#),
      ("true", "1"), ("false", "0"), ("true", "2"), ("false", "null"), ("true", "tru"),
      (#""record":"a""#, #""record":null"#), (#"{"#, #" {"#), (#"}"#, #"} "#), (#"}"#, "}\t"),
      (#"}"#, "}\r"), (#"}"#, "},"), (#"}"#, "}}"), (#"{"#, "\u{FEFF}{"), (#"{"#, "["),
      (#"","#, #"",,"#), (#"":"#, #""::"#),
    ])
  func respelledLinesAsBefore(original: String, replacement: String) {
    let lines = fieldLines(rounds: 3)
    var changedAny = false
    // Each line changed alone (its first spelling replaced), resealed so the change is decoded.
    for index in lines.indices.dropFirst() {
      guard let range = lines[index].range(of: original) else { continue }
      var changed = lines
      changed[index].replaceSubrange(range, with: replacement)
      changedAny = true
      expectSame(Self.sealed(changed), chunkSizes: [11], "line \(index + 1): \(changed[index])")
    }
    #expect(changedAny, "no line has \(original)")
  }

  @Test("A recording with CRLF line ends reads as before, resealed or not")
  func crlfAsBefore() throws {
    let lines = fieldLines(rounds: 3)
    let crlf = Self.sealed(lines, lineEnd: "\r\n")
    expectSame(crlf)
    let converted = Data(
      String(decoding: Self.sealed(lines), as: UTF8.self)
        .replacingOccurrences(of: "\n", with: "\r\n").utf8)
    expectSame(converted)
    #expect(throws: RecordingReadError.self) {
      try RecordingReader.parse(converted, path: "r.jsonl")
    }
    // Sealed over its own bytes, CRLF is read (JSON's white space ends each line).
    let recording = try RecordingReader.parse(crlf, path: "r.jsonl")
    #expect(!recording.lines.isEmpty)
  }

  @Test("A truncated last line is refused naming its line, as before")
  func truncatedLastLine() {
    let data = Self.sealed(fieldLines(rounds: 3))
    let cut = data.dropLast()
    let lineCount = data.count(where: { $0 == UInt8(ascii: "\n") })
    do {
      _ = try RecordingReader.parse(cut, path: "r.jsonl", chunkSize: 10)
      Issue.record("a recording whose last line is cut off was read")
    } catch {
      #expect(error.kind == .truncated)
      #expect(error.line == lineCount)
      #expect(error.reason == "the last line is cut off (no line end)")
    }
    expectSame(cut)
  }

  @Test("A huge line (8 MB) is read whole across many chunks, as before")
  func hugeLine() throws {
    var lines = fieldLines(rounds: 2)
    let huge = String(repeating: "x", count: 8 << 20)
    lines.insert(#"{"kind":"note","text":"\#(huge)","version":1}"#, at: 2)
    let data = Self.sealed(lines)
    let recording = try RecordingReader.parse(data, path: "r.jsonl")
    #expect(!recording.lines.isEmpty)
    expectSame(data, chunkSizes: [RecordingReader.chunkSize])
    // Its checksum is still checked.
    var altered = data
    altered[altered.startIndex + 4 << 20] = UInt8(ascii: "y")
    expectSame(altered, chunkSizes: [RecordingReader.chunkSize])
    #expect(throws: RecordingReadError.self) {
      try RecordingReader.parse(altered, path: "r.jsonl")
    }
  }

  @Test("Reading a file streams it as reading its bytes does, lines crossing the read buffer")
  func fileReadEqualsBytes() throws {
    let data = Self.sealed(fieldLines(rounds: 400))
    #expect(data.count > 2 * RecordingReader.chunkSize)
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("streamed-\(UUID().uuidString).jsonl")
    try data.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let fromFile = Outcome { () throws(RecordingReadError) in
      try RecordingReader.read(path: url.path)
    }
    let old = Outcome { () throws(RecordingReadError) in
      try LegacyRecordingReader.parse(data, path: url.path)
    }
    #expect(fromFile == old)
    guard case .read = fromFile else {
      Issue.record("the file was not read: \(fromFile)")
      return
    }
  }

  /// A decoded value with its type: a number's Objective-C type, a string, null.
  private static func spelled(_ value: Any?) -> String {
    switch value {
    case let number as NSNumber: "number \(String(cString: number.objCType)) \(number.int64Value)"
    case let text as String: "string \(text)"
    case is NSNull: "null"
    case let value?: "other \(type(of: value))"
    case nil: "absent"
    }
  }

  @Test("The flat decoder gives Foundation's values for the recorder's lines")
  func flatDecoderMatchesFoundation() throws {
    for line in fieldLines(rounds: 3).dropFirst() + fullSessionLines.dropFirst() {
      let bytes = Array(line.utf8)
      let flat = bytes.withUnsafeBytes { FlatLineDecoder.decode($0) }
      let general = try #require(
        try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
      guard let flat else {
        // Lists (a load's records) are the general decoder's.
        #expect(line.contains("["), "the flat decoder left out \(line)")
        continue
      }
      #expect(flat.count == general.count, "\(line)")
      for (key, value) in flat {
        #expect(Self.spelled(value) == Self.spelled(general[key]), "\(key) in \(line)")
      }
    }
  }
}
