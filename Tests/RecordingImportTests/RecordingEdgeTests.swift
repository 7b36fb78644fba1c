import Contracts
import Foundation
import RecordingImport
import StateGateRecorder
import Testing

/// Recordings at the edges of the format: a version that is not a whole number, a compressed
/// file, a ring that overflowed to a sign-out.
@Suite struct RecordingEdgeTests {
  @Test(
    "A header version that is not a whole number is malformed, naming the field",
    arguments: [("true", "true"), ("\"1\"", "\"1\""), ("1.5", "1.5")])
  func nonIntegerVersionIsMalformed(_ spelling: String, _ shown: String) throws {
    let good = String(
      decoding: RecordingText.make(events: RecordingText.miswiredTimeout), as: UTF8.self)
    let bad = good.replacingOccurrences(of: "\"version\":1}", with: "\"version\":\(spelling)}")
    #expect(bad != good)
    do {
      _ = try RecordingReader.parse(Data(bad.utf8), path: "field.jsonl")
      Issue.record("a header with version \(spelling) was accepted")
    } catch {
      #expect(error.kind == .malformed)
      #expect(
        error.description
          == "'field.jsonl' is not a recording stategate can import (malformed): line 1: the "
          + "header's 'version' is not a whole number (\(shown))")
    }
  }

  @Test(
    "A sequence number or trailer line count that is not a whole number is malformed, naming it",
    arguments: [
      ("\"seq\":2,", "\"seq\":true,", "line's 'seq'"),
      ("\"lines\":", "\"lines\":true,\"x\":", "trailer's 'lines'"),
    ])
  func nonIntegerSequenceIsMalformed(_ field: String, _ replacement: String, _ named: String)
    throws
  {
    let good = String(
      decoding: RecordingText.make(events: RecordingText.miswiredTimeout), as: UTF8.self)
    let bad = good.replacingOccurrences(of: field, with: replacement)
    #expect(bad != good)
    do {
      _ = try RecordingReader.parse(Data(bad.utf8), path: "field.jsonl")
      Issue.record("a recording with \(replacement) was accepted")
    } catch {
      #expect(error.kind == .malformed, "\(error)")
      #expect(error.description.contains("the \(named) is not a whole number (true)"), "\(error)")
    }
  }

  @Test(
    "A compressed recording is called by its compression",
    arguments: [
      ([0x1F, 0x8B, 0x08, 0x00] as [UInt8], "gzip"), ([0x28, 0xB5, 0x2F, 0xFD, 0x00], "zstd"),
      ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00], "xz"),
    ])
  func compressedFileIsNamed(_ bytes: [UInt8], _ name: String) {
    do {
      _ = try RecordingReader.parse(Data(bytes + [0x0A, 0x41]), path: "field.jsonl.\(name)")
      Issue.record("a \(name) file was accepted")
    } catch {
      #expect(error.kind == .malformed)
      #expect(
        error.description.hasSuffix(
          "it is a \(name)-compressed file; decompress it first (un\(name == "gzip" ? "gzip" : name))"
            .replacingOccurrences(of: "ungzip", with: "gunzip")),
        "\(error)")
    }
  }

  @Test("A ring that overflowed to a sign-out replays from the next sign-in")
  func overflowToSignOutReplays() throws {
    let data = RecordingText.make(
      header: ["dropped": 7, "capabilities": ["sessions"]],
      events: [
        ["action": "respond", "request": "r3", "outcome": "saved on"],
        ["action": "session", "records": [String]()],
        ["action": "tap", "record": "a"],
        ["action": "session", "records": ["a=on", "b=off"]],
        ["action": "tap", "record": "a", "request": "r4"],
        ["action": "respond", "request": "r4", "outcome": "saved off"],
      ])
    let recording = try RecordingReader.parse(data, path: "field.jsonl")
    let session = try RecordedSession(recording, path: "field.jsonl")
    #expect(
      session.contractCase.steps.map(\.action.description) == [
        "records a=on b=off", "tap a as r4", "respond r4 saved off",
      ])
    #expect(session.sequences == [11, 12, 13])
    #expect(session.leftOut.count == 2, "\(session.leftOut)")
  }
}

/// The header's `dropped` counts events; `droppedLines` says where the sequence numbers start.
@Suite struct DroppedCountTests {
  @Test("A ring that drops events and shown states counts the events in 'dropped'")
  func droppedCountsEvents() throws {
    let recorder = SessionRecorder(
      family: .undoHistory, configuration: .init(maxEvents: 8))
    recorder.loaded(value: 0)
    for value in 1...10 {
      recorder.adjusted(to: value)
      recorder.showed(
        value: value, display: value, level: 0, canUndo: true, canRedo: false,
        undoEnabled: true, redoEnabled: false)
    }
    // 21 lines (11 events, 10 shown states); the ring keeps 8.
    #expect(recorder.dropped == 7)
    let text = String(decoding: recorder.exportedData(), as: UTF8.self)
    #expect(text.contains("\"dropped\":7,\"droppedLines\":13,"), "\(text)")
    let recording = try RecordingReader.parse(Data(text.utf8), path: "field.jsonl")
    #expect(recording.dropped == 7)
    #expect(!recording.droppedCountsLines)
    #expect(recording.lines.first?.sequence == 14)
    #expect(recording.droppedSummary == "7 dropped")
  }

  @Test("An older recorder's 'dropped', which counted lines, reads as a count of lines")
  func olderCountReadsAsLines() throws {
    let data = RecordingText.make(
      header: ["dropped": 3, "family": "undo"],
      events: [["action": "switch", "document": "d1", "value": 5], ["action": "undo"]])
    let recording = try RecordingReader.parse(data, path: "old.jsonl")
    #expect(recording.droppedCountsLines)
    #expect(recording.droppedSummary == "3 lines dropped (events and shown states)")
  }
}
