import Contracts
import Foundation
import RecordingImport
import StateGateRecorder
import Testing

/// Each event the recorder gained for the newer suite actions, recorded, exported, read back and
/// compared with the suite step it must become.
@Suite struct RecordedEventRoundTripTests {
  /// A write or read token as an app's network layer makes it.
  struct Token: Hashable {
    var user: String
    var ticket: Int
  }

  /// One kind of new event, the calls that record it, and the steps it must read back as.
  enum Event: String, CaseIterable, CustomTestStringConvertible {
    case automaticRead, filter, refreshListed, refreshFailed, batchSaved, batchRejected
    case batchUnknown, batchEach, items, selection, timePassing

    var testDescription: String { rawValue }

    /// Two records with recognisable ids, as an app names them.
    static let ids = ["user-4711@example.com", "photo-secret-99"]

    var family: SessionRecorder.Family {
      switch self {
      case .items, .selection, .timePassing: .undoHistory
      default: .optimisticUpdates
      }
    }

    /// Records the event (after a load of the two records, for optimistic updates).
    func record(on recorder: SessionRecorder) {
      let ids = Self.ids
      let first = Token(user: ids[0], ticket: 1)
      let second = Token(user: ids[0], ticket: 2)
      if family == .optimisticUpdates {
        recorder.loaded(ids, id: { $0 }, value: { _ in false })
      }
      switch self {
      case .automaticRead:
        recorder.tapped(record: ids[1], sent: first)
        recorder.answered(write: first, with: .unknown)
        recorder.readStarted(record: ids[1], sent: second)
        recorder.answered(sync: second, with: .value(true))
      case .filter:
        recorder.filtered(showing: true)
        recorder.filtered(showing: false)
        recorder.filtered(showing: nil)
      case .refreshListed:
        recorder.refreshStarted(sent: first)
        recorder.answered(
          refresh: first, listing: ids.reversed(), id: { $0 }, value: { $0 == ids[1] })
      case .refreshFailed:
        recorder.refreshStarted(sent: first)
        recorder.refreshStarted(sent: second)
        recorder.failed(refresh: first)
      case .batchSaved:
        recorder.batchSent(records: ids, sent: first)
        recorder.answered(batch: first, saved: ids, id: { $0 }, value: { $0 == ids[0] })
      case .batchRejected:
        recorder.batchSent(records: ids, sent: first)
        recorder.answered(batch: first, with: .rejected)
      case .batchUnknown:
        recorder.batchSent(records: [ids[1]], sent: first)
        recorder.answered(batch: first, with: .unknown)
      case .batchEach:
        recorder.batchSent(records: ids, sent: first)
        recorder.answered(
          batch: first, each: ids, id: { $0 },
          outcome: { $0 == ids[0] ? .saved(true) : .rejected })
      case .items:
        recorder.itemsLoaded(ids + ["third"], id: { $0 }, value: { $0.count })
      case .selection:
        recorder.itemsLoaded(ids + ["third"], id: { $0 }, value: { _ in 10 })
        recorder.selected([ids[1], "third"])
        recorder.adjusted(to: 20)
      case .timePassing:
        recorder.adjusted(to: 10)
        recorder.timePassed(.milliseconds(300))
        recorder.timePassed(.milliseconds(500))
        recorder.adjusted(to: 20)
        recorder.timePassed(.seconds(2))
      }
    }

    /// The steps the recording reads back as, after the load.
    var steps: [String] {
      switch self {
      case .automaticRead:
        ["tap b as r1", "respond r1 unknown", "read b as s1", "respond s1 read on"]
      case .filter: ["filter on", "filter off", "filter none"]
      case .refreshListed: ["refresh as l1", "respond l1 list b=on a=off"]
      case .refreshFailed: ["refresh as l1", "refresh as l2", "respond l1 failed"]
      case .batchSaved: ["batch a,b as b1", "respond b1 saved a=on b=off"]
      case .batchRejected: ["batch a,b as b1", "respond b1 rejected"]
      case .batchUnknown: ["batch b as b1", "respond b1 unknown"]
      case .batchEach: ["batch a,b as b1", "respond b1 each a=on b=rejected"]
      case .items: ["items a=21 b=15 c=5"]
      case .selection: ["items a=10 b=10 c=10", "select b,c", "adjust 20"]
      case .timePassing: ["adjust 10", "wait 800ms", "adjust 20", "wait 2s"]
      }
    }

    /// The capability the events need, as the header's `requires` names it.
    var requirement: String {
      switch self {
      case .automaticRead: "automatic-reads"
      case .filter: "filtering"
      case .refreshListed, .refreshFailed: "refresh"
      case .batchSaved, .batchRejected, .batchUnknown, .batchEach: "batches"
      case .items, .selection: "selection"
      case .timePassing: "coalescing-window"
      }
    }
  }

  @Test(
    "Each new event reads back as its suite step, with what it requires", arguments: Event.allCases)
  func roundTrips(event: Event) throws {
    let recorder = SessionRecorder(family: event.family)
    event.record(on: recorder)
    #expect(recorder.requiredCapabilities.map(\.rawValue) == [event.requirement])
    let data = recorder.exportedData()
    let text = String(decoding: data, as: UTF8.self)
    for id in Event.ids { #expect(!text.contains(id)) }
    let recording = try RecordingReader.parse(data, path: "field.jsonl")
    #expect(recording.requirements.map(\.rawValue) == [event.requirement])
    var texts: [String] = []
    for line in recording.lines {
      guard case .event(_, let action, let text) = line else { continue }
      #expect(action != nil, "\(text)")
      texts.append(text)
    }
    let load = event.family == .optimisticUpdates ? ["records a=off b=off"] : []
    #expect(texts == load + event.steps)
    // The session reads back as a suite case that requires what the events need.
    let session = try RecordedSession(recording, path: "field.jsonl")
    #expect(session.caseText.contains("requires \(event.requirement)"))
    if event == .batchUnknown {
      // A batch of one record is a tap that sends a write, as a suite writes it.
      #expect(session.caseText.contains("  tap b as b1\n  respond b1 unknown\n"))
    }
    #expect(session.leftOut.isEmpty, "\(session.leftOut)")
  }

  @Test("A recording whose events need nothing more has no 'requires' in its header")
  func noRequiresWithoutNewEvents() throws {
    let recorder = SessionRecorder(family: .optimisticUpdates, declaring: [.sorting])
    recorder.loaded(Event.ids, id: { $0 }, value: { _ in true })
    recorder.tapped(record: Event.ids[0], sent: 1)
    let header = String(decoding: recorder.exportedData(), as: UTF8.self).prefix { $0 != "\n" }
    #expect(!header.contains("requires"))
    #expect(recorder.requiredCapabilities.isEmpty)
  }

  @Test("An answer to a refresh or batch older than the window is left out, with a note")
  func answerOutsideTheWindowIsLeftOut() throws {
    let recorder = SessionRecorder(
      family: .optimisticUpdates, configuration: .init(requestWindow: 1))
    recorder.loaded(Event.ids, id: { $0 }, value: { _ in false })
    recorder.batchSent(records: Event.ids, sent: "old")
    recorder.batchSent(records: Event.ids, sent: "new")
    recorder.answered(batch: "old", with: .rejected)
    let recording = try RecordingReader.parse(recorder.exportedData(), path: "field.jsonl")
    let session = try RecordedSession(recording, path: "field.jsonl")
    #expect(session.leftOut.count == 1)
    #expect(session.leftOut.first?.contains("names what the recorder could not") == true)
  }
}

/// Lines of the new kinds that the format does not allow: each is refused with its file and line.
@Suite struct RecordedEventDecodingTests {
  /// A recording of `family` whose third line is `event` (after a load, for optimistic updates),
  /// with a trailer that matches.
  static func recording(family: String, event: String, requires: String = "") -> Data {
    let header =
      "{\"capabilities\":[],\"dropped\":0,\"family\":\"\(family)\",\"format\":"
      + "\"stategate-recording\",\"kind\":\"header\"\(requires),\"version\":1}"
    let first =
      family == "optimistic"
      ? "{\"action\":\"load\",\"kind\":\"event\",\"records\":[\"a=off\",\"b=off\"],\"seq\":1,"
        + "\"version\":1}"
      : "{\"action\":\"adjust\",\"kind\":\"event\",\"seq\":1,\"value\":10,\"version\":1}"
    let body = [header, first, event].map { $0 + "\n" }.joined()
    var hash = RecordingFormat.hashBasis
    Array(body.utf8).withUnsafeBytes { RecordingFormat.hash($0, into: &hash) }
    let trailer =
      "{\"fnv1a64\":\"\(RecordingFormat.hex(hash))\",\"kind\":\"trailer\",\"lines\":3,"
      + "\"version\":1}\n"
    return Data((body + trailer).utf8)
  }

  /// A malformed line, and the reason the refusal must give.
  struct Case: Sendable, CustomTestStringConvertible {
    var family: String
    var fields: String
    var reason: String
    var line = 3
    var requires = ""
    var testDescription: String { reason }
  }

  static let cases = [
    Case(
      family: "optimistic", fields: "\"action\":\"batch\",\"records\":[\"a\"],\"request\":\"r1\"",
      reason: "'r1' is not a handle 'b1', 'b2', …"),
    Case(
      family: "optimistic", fields: "\"action\":\"batch\",\"records\":[],\"request\":\"b1\"",
      reason: "the batch names no records"),
    Case(
      family: "optimistic",
      fields: "\"action\":\"respond\",\"outcome\":\"list\",\"records\":[\"a=maybe\"],"
        + "\"request\":\"l1\"",
      reason: "value 'maybe' is not on or off, and the header declares no other values"),
    Case(
      family: "optimistic",
      fields: "\"action\":\"respond\",\"outcome\":\"each\",\"records\":[\"a=lost\"],"
        + "\"request\":\"b1\"",
      reason: "value 'lost' is not on or off, and the header declares no other values"),
    Case(
      family: "optimistic", fields: "\"action\":\"filter\",\"filter\":\"sideways\"",
      reason: "value 'sideways' is not on or off, and the header declares no other values"),
    Case(
      family: "optimistic", fields: "\"action\":\"read\",\"record\":\"Alice\",\"request\":\"s1\"",
      reason: "'Alice' is not a record handle (a, b, … zz)"),
    Case(
      family: "optimistic", fields: "\"action\":\"refresh\",\"request\":\"user@example.com\"",
      reason: "'user@example.com' is not a handle 'l1', 'l2', …"),
    Case(
      family: "undo", fields: "\"action\":\"items\",\"items\":[\"a=ten\"]",
      reason: "'ten' is not an item's whole-number value (a=10)"),
    Case(
      family: "undo", fields: "\"action\":\"select\",\"items\":[\"a\",\"b-2\"]",
      reason: "'b-2' is not a record handle (a, b, … zz)"),
    Case(
      family: "undo", fields: "\"action\":\"wait\",\"milliseconds\":-5",
      reason: "'wait' has no whole number of milliseconds from 0 to one day"),
    Case(
      family: "undo", fields: "\"action\":\"undo\"",
      reason: "capability 'teleport' is not one of the undo family's", line: 1,
      requires: ",\"requires\":[\"teleport\"]"),
  ]

  @Test("Refuses a malformed line of a new kind with the file, the line and why", arguments: cases)
  func refusesMalformedLines(_ bad: Case) {
    let event = "{" + bad.fields + ",\"kind\":\"event\",\"seq\":2,\"version\":1}"
    let data = Self.recording(family: bad.family, event: event, requires: bad.requires)
    do {
      _ = try RecordingReader.parse(data, path: "field.jsonl")
      Issue.record("the line was accepted: \(event)")
    } catch {
      #expect(error.kind == .malformed)
      #expect(error.line == bad.line)
      #expect(
        error.description
          == "'field.jsonl' is not a recording stategate can import (malformed): "
          + "line \(bad.line): \(bad.reason)")
    }
  }

  @Test("A good line of each new kind in the same frame reads (the frame itself is sound)")
  func frameIsSound() throws {
    let event =
      "{\"action\":\"batch\",\"kind\":\"event\",\"records\":[\"a\",\"b\"],\"request\":\"b1\","
      + "\"seq\":2,\"version\":1}"
    let recording = try RecordingReader.parse(
      Self.recording(family: "optimistic", event: event), path: "field.jsonl")
    #expect(recording.eventCount == 2)
  }
}
