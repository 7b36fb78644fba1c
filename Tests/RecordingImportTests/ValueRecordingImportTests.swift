import Contracts
import Faults
import Foundation
import RecordingImport
import ReferenceModels
import Runner
import StateGateRecorder
import Testing

/// Recordings with values beyond on/off and with time passing: every new event reads back as the
/// suite step it records, a bad value is refused with its line, and a field bug with them
/// imports as a shrunk, classified case.
@MainActor
@Suite struct ValueRecordingImportTests {
  private func subject(_ name: String) throws -> SubjectEntry {
    try #require(SubjectEntry.reference.first { $0.name == name })
  }

  private func importer(_ subject: SubjectEntry) -> RecordingImporter {
    RecordingImporter(subject: subject) { contractCase, suite in
      ContractRunner(clock: { 0 }).runCase(contractCase, of: suite, against: subject)
    }
  }

  private func steps(_ recording: Recording) -> [String] {
    recording.lines.compactMap { line in
      if case .event(_, let action?, _) = line { return action.description }
      return nil
    }
  }

  @Test("Each new event reads back as the suite step it records")
  func newEventsRoundTrip() throws {
    let recorder = try SessionRecorder(
      family: .optimisticUpdates, values: ["requested", "close-friends"],
      writeTimeout: .milliseconds(10_500))
    recorder.loaded(["x", "y"], id: { $0 }, value: { $0 == "x" ? "requested" : "off" })
    recorder.chose(record: "y", value: "close-friends", sent: "w1")
    recorder.answered(write: "w1", saved: "close-friends")
    recorder.chose(record: "y", value: "close-friends")
    recorder.tapped(record: "x", sent: "w2")
    recorder.answered(write: "w2", saved: "requested")
    recorder.syncStarted(record: "x", sent: "s")
    recorder.answered(sync: "s", read: "requested")
    recorder.filtered(showingValue: "close-friends")
    recorder.sessionChanged(["x", "y"], id: { $0 }, value: { _ in "close-friends" })
    recorder.refreshStarted(sent: "l")
    recorder.answered(refresh: "l", listing: ["x"], id: { $0 }, value: { _ in "requested" })
    recorder.batchSent(records: ["x", "y"], sent: "b")
    recorder.answered(batch: "b", saved: ["x", "y"], id: { $0 }, value: { _ in "requested" })
    recorder.batchSent(records: ["x", "y"], sent: "b2")
    let requested = try #require(recorder.value(named: "requested"))
    recorder.answered(
      batch: "b2", each: ["x", "y"], id: { $0 },
      outcome: { $0 == "x" ? .savedValue(requested) : .unknown })
    recorder.timePassed(.milliseconds(800))
    recorder.showed(
      record: "x", confirmed: "requested", displayed: "close-friends", needsSync: false,
      saving: false, tapEnabled: true)
    let recording = try RecordingReader.parse(recorder.exportedData(), path: "values.jsonl")
    guard case .shown(_, let shown)? = recording.lines.last else {
      Issue.record("the shown state was not read")
      return
    }
    #expect(Array(shown.prefix(2)) == ["a.confirmed=requested", "a.displayed=close-friends"])
    #expect(recording.values == ["requested", "close-friends"])
    #expect(recording.writeTimeout == 10_500)
    #expect(
      recording.requirements.map(\.rawValue) == [
        "filtering", "refresh", "batches", "values", "write-timeouts",
      ])
    #expect(
      steps(recording) == [
        "records a=requested b=off", "set b close-friends as r1", "respond r1 saved close-friends",
        "set b close-friends", "tap a as r2", "respond r2 saved requested", "sync a as s1",
        "respond s1 read requested", "filter close-friends",
        "session a=close-friends b=close-friends",
        "refresh as l1", "respond l1 list a=requested", "batch a,b as b1",
        "respond b1 saved a=requested b=requested", "batch a,b as b2",
        "respond b2 each a=requested b=unknown", "wait 800ms",
      ])
    let session = try RecordedSession(recording, path: "values.jsonl")
    #expect(
      session.caseText.contains("\n  values requested close-friends\n"), "\(session.caseText)")
    #expect(session.caseText.contains("requires batches filtering refresh values write-timeouts"))
  }

  @Test("An event naming a word the app did not declare is left out, with a note")
  func undeclaredWordIsLeftOut() throws {
    let recorder = try SessionRecorder(family: .optimisticUpdates, values: ["requested"])
    recorder.loaded(["x"], id: { $0 }, value: { _ in "off" })
    recorder.tapped(record: "x", sent: 1)
    recorder.answered(write: 1, saved: "love")
    let recording = try RecordingReader.parse(recorder.exportedData(), path: "f.jsonl")
    let session = try RecordedSession(recording, path: "f.jsonl")
    #expect(session.leftOut == ["seq 3 'respond (unnamed)': names what the recorder could not"])
    #expect(!session.caseText.contains("values"))
  }

  /// A malformed value line or header, and the refusal's line and reason.
  struct Case: Sendable, CustomTestStringConvertible {
    var header: String
    var fields: String
    var line: Int
    var reason: String
    var testDescription: String { reason }
  }

  nonisolated static let cases = [
    Case(
      header: ",\"values\":[\"requested\"]",
      fields: "\"action\":\"respond\",\"outcome\":\"saved like\",\"request\":\"r1\"", line: 3,
      reason: "value 'like' is not on, off or one the header declares (requested)"),
    Case(
      header: "",
      fields: "\"action\":\"respond\",\"outcome\":\"read requested\",\"request\":\"s1\"",
      line: 3, reason: "value 'requested' is not on or off, and the header declares no other values"
    ),
    Case(
      header: ",\"values\":[\"requested\"]",
      fields: "\"action\":\"set\",\"record\":\"a\",\"request\":\"r1\"", line: 3,
      reason: "'set' has no value"),
    Case(
      header: ",\"values\":[\"none\"]", fields: "\"action\":\"filter\",\"filter\":\"none\"",
      line: 1,
      reason: "the header's values: 'none' is a word of the suite language, not a value"),
    Case(
      header: ",\"values\":[\"close friends\"]",
      fields: "\"action\":\"filter\",\"filter\":\"none\"",
      line: 1,
      reason:
        "the header's values: 'close friends' is not a value word (ASCII letters, digits, '-' and '_')"
    ),
    Case(
      header: ",\"values\":\"requested\"", fields: "\"action\":\"filter\",\"filter\":\"none\"",
      line: 1,
      reason: "the header's 'values' is not a list of value words of the optimistic family"),
    Case(
      header: ",\"values\":[\"on\"]", fields: "\"action\":\"filter\",\"filter\":\"none\"", line: 1,
      reason: "the header's values name 'on' twice, or on or off among them"),
    Case(
      header: ",\"writeTimeoutMilliseconds\":-1",
      fields: "\"action\":\"filter\",\"filter\":\"none\"",
      line: 1,
      reason: "the header's 'writeTimeoutMilliseconds' is not a whole number from 0 to one day"),
    Case(
      header: "", fields: "\"action\":\"wait\",\"milliseconds\":\"soon\"", line: 3,
      reason: "'wait' has no whole number of milliseconds from 0 to one day"),
  ]

  @Test(
    "Refuses an undeclared value or a malformed declaration with the file, the line and why",
    arguments: cases)
  func refusesBadValues(_ bad: Case) {
    let event = "{" + bad.fields + ",\"kind\":\"event\",\"seq\":2,\"version\":1}"
    let data = RecordedEventDecodingTests.recording(
      family: "optimistic", event: event, requires: bad.header)
    do {
      _ = try RecordingReader.parse(data, path: "field.jsonl")
      Issue.record("the recording was accepted: \(bad.header) \(event)")
    } catch {
      #expect(error.kind == .malformed)
      #expect(
        error.description
          == "'field.jsonl' is not a recording stategate can import (malformed): "
          + "line \(bad.line): \(bad.reason)")
    }
  }

  /// A follow list's session: follows and close-friends choices, unfollows, and once a private
  /// account that answers `requested`, recorded at the app's entry points.
  static func followSession() throws -> SessionRecorder {
    let recorder = try SessionRecorder(
      family: .optimisticUpdates, values: ["off", "on", "requested", "close-friends"])
    let ids = ["ana@example.com", "ben@example.com", "cy@example.com"]
    recorder.loaded(ids, id: { $0 }, value: { _ in "off" })
    var ticket = 0
    func write(_ record: String, choose value: String?, saved: String) {
      ticket += 1
      if let value {
        recorder.chose(record: record, value: value, sent: "t\(ticket)")
      } else {
        recorder.tapped(record: record, sent: "t\(ticket)")
      }
      recorder.answered(write: "t\(ticket)", saved: saved)
    }
    for round in 0..<40 {
      write(ids[1], choose: nil, saved: "on")
      write(ids[2], choose: "close-friends", saved: "close-friends")
      write(ids[1], choose: nil, saved: "off")
      write(ids[2], choose: "off", saved: "off")
      if round == 25 {
        // The private account: the server saves a request, not a follow.
        write(ids[0], choose: nil, saved: "requested")
        write(ids[0], choose: nil, saved: "off")
      }
    }
    return recorder
  }

  @Test("A 'requested' answer shown as following imports shrunk, server-authority; follows passes")
  func requestedAnswerImports() throws {
    let recording = try RecordingReader.parse(
      try Self.followSession().exportedData(), path: "follow.jsonl")
    #expect(recording.requirements == [.values])
    let fault = Fault.requestedShownAsFollowing.subject
    #expect(recording.values(missingFrom: fault).isEmpty)
    #expect(
      recording.values(missingFrom: try subject("favorites")) == ["close-friends", "requested"])
    guard
      case .failed(let imported) = try importer(fault).importRecording(
        recording, path: "follow.jsonl")
    else {
      Issue.record("the requested answer was not found")
      return
    }
    #expect(imported.contractCase.steps.count <= 4, "\(imported.caseText)")
    #expect(imported.failureClass == .serverAuthority, "\(imported.suiteText)")
    #expect(
      imported.caseText.contains("\n  requires values\n  values requested\n"),
      "\(imported.caseText)")
    #expect(imported.caseText.contains("saved requested"))
    #expect(!imported.suiteText.contains("example.com"))
    let suite = ContractSuite(
      id: imported.suiteID, family: .optimisticUpdates, title: "imported", source: "test",
      cases: [imported.contractCase])
    let follows = try subject("follows")
    #expect(
      ContractRunner(clock: { 0 }).runCase(imported.contractCase, of: suite, against: fault).outcome
        == .failed)
    #expect(
      ContractRunner(clock: { 0 }).runCase(imported.contractCase, of: suite, against: follows)
        .outcome == .passed)
    guard case .passed = try importer(follows).importRecording(recording, path: "follow.jsonl")
    else {
      Issue.record("the session fails on the reference follow list")
      return
    }
  }

  /// A favourites session with time passing between events, and once a write that goes
  /// unanswered past the app's 10 s timeout, after which the app reads the record.
  static func timeoutSession() -> SessionRecorder {
    let recorder = SessionRecorder(family: .optimisticUpdates, writeTimeout: .seconds(10))
    let ids = ["p1", "p2"]
    recorder.loaded(ids, id: { $0 }, value: { _ in false })
    var on = false
    for round in 0..<60 {
      on.toggle()
      recorder.tapped(record: "p2", sent: round)
      recorder.timePassed(.milliseconds(300))
      recorder.answered(write: round, with: .saved(on))
      if round == 30 {
        recorder.tapped(record: "p1", sent: "lost")
        recorder.timePassed(.seconds(10))
        recorder.syncStarted(record: "p1", sent: "read")
        recorder.answered(sync: "read", with: .value(false))
      }
    }
    return recorder
  }

  @Test("A write that times out while time passes imports as unknown-outcome; favorites passes")
  func timeoutImports() throws {
    let recording = try RecordingReader.parse(
      Self.timeoutSession().exportedData(), path: "timeout.jsonl")
    #expect(recording.requirements == [.writeTimeouts])
    #expect(recording.writeTimeout == 10_000)
    let fault = Fault.timeoutKeepsProvisional.subject
    guard
      case .failed(let imported) = try importer(fault).importRecording(
        recording, path: "timeout.jsonl")
    else {
      Issue.record("the kept provisional value was not found")
      return
    }
    #expect(imported.contractCase.steps.count <= 4, "\(imported.caseText)")
    #expect(imported.caseText.contains("wait 10s"), "\(imported.caseText)")
    #expect(imported.caseText.contains("requires write-timeouts"), "\(imported.caseText)")
    #expect(imported.failureClass == .unknownOutcome, "\(imported.suiteText)")
    #expect(imported.suiteText.contains("its write timeout: 10000 ms"))
    guard
      case .passed = try importer(try subject("favorites")).importRecording(
        recording, path: "timeout.jsonl")
    else {
      Issue.record("the session fails on the reference favourites")
      return
    }
  }
}
