import Contracts
import Faults
import Foundation
import RecordingImport
import ReferenceModels
import Runner
import Testing

/// Recordings a mis-wired app or a hostile file makes: each is refused with one line, or
/// imported, never a trap.
@MainActor
@Suite struct HostileRecordingTests {
  private func subject(_ name: String) throws -> SubjectEntry {
    try #require(
      (SubjectEntry.reference + FaultCatalog.faults.map(\.subject)).first { $0.name == name })
  }

  private func importer(_ subject: SubjectEntry, replayLimit: Int = 20_000) -> RecordingImporter {
    RecordingImporter(subject: subject, replayLimit: replayLimit) { contractCase, suite in
      ContractRunner(clock: { 0 }).runCase(contractCase, of: suite, against: subject)
    }
  }

  @Test(
    "An app's own read recorded with syncStarted is refused naming the event, its line and the call",
    arguments: ["favorites-rereading", "fault:automatic-read-unwired"])
  func miswiredReadIsRefused(_ name: String) throws {
    let data = RecordingText.make(events: RecordingText.miswiredTimeout)
    let recording = try RecordingReader.parse(data, path: "recording.jsonl")
    do {
      let outcome = try importer(try subject(name)).importRecording(
        recording, path: "recording.jsonl")
      Issue.record("a mis-wired recording imported: \(String(describing: outcome))")
    } catch let error as RecordingReadError {
      #expect(error.kind == .miswired)
      #expect(error.line == 5)
      #expect(
        error.description
          == [
            "recording.jsonl:5: 'sync a as s1' is the read of 'a' the app started by itself ",
            "after seq 3 'respond r1 unknown', recorded as a sync the user asked for: record the ",
            "app's own read with readStarted(record:sent:), not syncStarted(record:sent:)",
          ].joined())
    }
  }

  @Test("The same session wired with readStarted replays cleanly on the rereading reference")
  func wiredReadReplays() throws {
    var events = RecordingText.miswiredTimeout
    events[3] = ["action": "read", "record": "a", "request": "s1"]
    events.append(["action": "respond", "request": "s1", "outcome": "read on"])
    let data = RecordingText.make(header: ["requires": ["automatic-reads"]], events: events)
    let recording = try RecordingReader.parse(data, path: "recording.jsonl")
    let outcome = try importer(try subject("favorites-rereading")).importRecording(
      recording, path: "recording.jsonl")
    guard case .passed = outcome else {
      Issue.record("expected no bug, got \(String(describing: outcome))")
      return
    }
  }

  /// A session with timeouts, the app's own reads, a batch, a filter, a sync and a session
  /// change: the base the fuzz mutates.
  static var fullSession: [[String: Any]] {
    [
      ["action": "load", "records": ["a=off", "b=off", "c=on"]],
      ["action": "tap", "record": "a", "request": "r1"],
      ["action": "respond", "request": "r1", "outcome": "unknown"],
      ["action": "read", "record": "a", "request": "s1"],
      ["action": "respond", "request": "s1", "outcome": "read on"],
      ["action": "tap", "record": "b", "request": "r2"],
      ["action": "respond", "request": "r2", "outcome": "saved on"],
      ["action": "batch", "records": ["a", "c"], "request": "b1"],
      ["action": "respond", "request": "b1", "outcome": "saved", "records": ["a=off", "c=off"]],
      ["action": "filter", "filter": "on"],
      ["action": "tap", "record": "b", "request": "r3"],
      ["action": "filter", "filter": "none"],
      ["action": "respond", "request": "r3", "outcome": "rejected"],
      ["action": "sync", "record": "b", "request": "s2"],
      ["action": "respond", "request": "s2", "outcome": "read off"],
      ["action": "batch", "records": ["b", "c"], "request": "b2"],
      ["action": "respond", "request": "b2", "outcome": "unknown"],
      ["action": "read", "record": "b", "request": "s3"],
      ["action": "read", "record": "c", "request": "s4"],
      ["action": "respond", "request": "s3", "outcome": "failed"],
      ["action": "session", "records": ["a=on", "b=off", "c=off"]],
      ["action": "tap", "record": "a", "request": "r4"],
      ["action": "respond", "request": "r4", "outcome": "saved off"],
    ]
  }

  /// One mutation of a session's events: a dropped, duplicated or moved event, one that names
  /// another record or request, or a read recorded as a sync (and back), as a mis-wired app does.
  static func mutate(_ events: inout [[String: Any]], _ random: inout UInt64) {
    func next(_ bound: Int) -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((random >> 33) % UInt64(bound))
    }
    guard events.count > 1 else { return }
    let index = next(events.count)
    switch next(6) {
    case 0: events.remove(at: index)
    case 1: events.insert(events[index], at: next(events.count + 1))
    case 2: events.swapAt(index, next(events.count))
    case 3:
      if events[index]["record"] != nil {
        events[index]["record"] = ["a", "b", "c", "d"][next(4)]
      } else if let records = events[index]["records"] as? [String], !records.isEmpty {
        var changed = records
        changed[next(changed.count)] = ["a=on", "b=off", "d=on", "a=off"][next(4)]
        events[index]["records"] = changed
      }
    case 4:
      let reads = events.indices.filter {
        ["read", "sync"].contains(events[$0]["action"] as? String)
      }
      guard !reads.isEmpty else { return }
      let read = reads[next(reads.count)]
      events[read]["action"] = events[read]["action"] as? String == "read" ? "sync" : "read"
    default:
      if let request = events[index]["request"] as? String, let prefix = request.first {
        events[index]["request"] = "\(prefix)\(next(5) + 1)"
      }
    }
  }

  @Test("Recorded sessions with dropped, duplicated, reordered and retargeted events never trap")
  func fuzzedSessionsNeverTrap() throws {
    let subjects = try [
      "favorites", "favorites-rereading", "fault:automatic-read-unwired",
      "fault:batch-answer-first-record-only", "fault:filter-drops-hidden-writes",
      "fault:old-ticket-accepted",
    ].map(subject)
    let header: [String: Any] = [
      "capabilities": ["sessions"], "requires": ["automatic-reads", "batches", "filtering"],
    ]
    var random: UInt64 = 34
    var outcomes: [String: Int] = [:]
    for round in 0..<150 {
      var events = Self.fullSession
      for _ in 0...(round % 3) { Self.mutate(&events, &random) }
      let data = RecordingText.make(header: header, events: events)
      let recording: Recording
      do {
        recording = try RecordingReader.parse(data, path: "fuzz.jsonl")
      } catch {
        outcomes["refused on reading", default: 0] += 1
        continue
      }
      let subject = subjects[round % subjects.count]
      do {
        switch try importer(subject, replayLimit: 200).importRecording(
          recording, path: "fuzz.jsonl")
        {
        case .passed?: outcomes["passed", default: 0] += 1
        case .failed(let imported)?:
          #expect(!imported.caseText.isEmpty)
          outcomes["failed", default: 0] += 1
        case nil: outcomes["stopped", default: 0] += 1
        }
      } catch let error as RecordingReadError {
        #expect(!error.description.contains("\n"), "\(error)")
        outcomes["refused: \(error.kind)", default: 0] += 1
      }
    }
    // The fuzz reaches replays, not only the reader's checks.
    #expect(outcomes["passed", default: 0] + outcomes["failed", default: 0] > 20, "\(outcomes)")
  }
}
