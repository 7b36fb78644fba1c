import CHeapProbe
import Foundation
import StateGateRecorder
import Testing

/// Values beyond on/off and optimistic time passing: declared once, named by word or index,
/// written where suites write values.
@Suite struct RecordedValueTests {
  private func lines(_ recorder: SessionRecorder) -> [String] {
    String(decoding: recorder.exportedData(), as: UTF8.self).split(separator: "\n").map(
      String.init)
  }

  private func object(_ line: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
    return try #require(value as? [String: Any])
  }

  private func follows() throws -> SessionRecorder {
    try SessionRecorder(
      family: .optimisticUpdates, values: ["off", "on", "requested", "close-friends"],
      writeTimeout: .seconds(10))
  }

  @Test("The header lists the declared words beyond on/off and the write timeout")
  func headerCarriesValues() throws {
    let recorder = try follows()
    #expect(recorder.values == ["requested", "close-friends"])
    #expect(recorder.value(named: "requested")?.index == 2)
    #expect(recorder.value(named: "yes") == .on)
    #expect(recorder.value(named: "like") == nil)
    let header = lines(recorder)[0]
    #expect(
      header
        == [
          "{\"capabilities\":[],\"dropped\":0,\"family\":\"optimistic\",\"format\":",
          "\"stategate-recording\",\"kind\":\"header\",\"values\":[\"requested\",",
          "\"close-friends\"],\"version\":1,\"writeTimeoutMilliseconds\":10000}",
        ].joined())
  }

  @Test("A recorder with no declared words writes the header it always wrote")
  func plainHeaderUnchanged() {
    let recorder = SessionRecorder(family: .optimisticUpdates)
    #expect(
      lines(recorder)[0]
        == "{\"capabilities\":[],\"dropped\":0,\"family\":\"optimistic\",\"format\":"
        + "\"stategate-recording\",\"kind\":\"header\",\"version\":1}")
  }

  @Test(
    "Refuses a word that cannot be a value, naming it",
    arguments: [
      (
        ["on", "none"],
        "cannot record value 'none': it is a word of the suite language, not a value"
      ),
      (["as"], "cannot record value 'as': it is a word of the suite language, not a value"),
      (
        ["close friends"],
        "cannot record value 'close friends': a value word is ASCII letters, digits, '-' and '_'"
      ),
      ([""], "cannot record value '': a value word is ASCII letters, digits, '-' and '_'"),
      (["like", "like"], "cannot record value 'like': it is declared twice"),
    ])
  func refusesBadWords(words: [String], message: String) {
    #expect {
      try SessionRecorder(family: .optimisticUpdates, values: words)
    } throws: { error in
      (error as? ValueDeclarationError)?.description == message
    }
  }

  @Test("Each value-taking event writes the declared word where a suite writes a value")
  func eventsWriteWords() throws {
    let recorder = try follows()
    let requested = try #require(recorder.value(named: "requested"))
    recorder.loaded(["x", "y"], id: { $0 }, value: { $0 == "x" ? "requested" : "off" })
    recorder.chose(record: "y", value: "close-friends", sent: "w1")
    recorder.answered(write: "w1", saved: "close-friends")
    recorder.chose(record: "y", value: "close-friends")
    recorder.tapped(record: "x", sent: "w2")
    recorder.answered(write: "w2", with: .savedValue(requested))
    recorder.syncStarted(record: "x", sent: "s")
    recorder.answered(sync: "s", read: requested)
    recorder.filtered(showingValue: "close-friends")
    recorder.sessionChanged(["x", "y"], id: { $0 }, value: { _ in requested })
    recorder.refreshStarted(sent: "l")
    recorder.answered(refresh: "l", listing: ["x", "y"], id: { $0 }, value: { _ in "on" })
    recorder.batchSent(records: ["x", "y"], sent: "b")
    recorder.answered(batch: "b", saved: ["x", "y"], id: { $0 }, value: { _ in "requested" })
    recorder.batchSent(records: ["x", "y"], sent: "b2")
    recorder.answered(
      batch: "b2", each: ["x", "y"], id: { $0 },
      outcome: { $0 == "x" ? .savedValue(requested) : .rejected })
    recorder.timePassed(.milliseconds(800))
    recorder.timePassed(.milliseconds(200))
    let events = try lines(recorder).dropFirst().dropLast().map(object)
    func field(_ index: Int, _ key: String) -> String? {
      events[index][key].map { "\($0)" }
    }
    #expect(events[0]["records"] as? [String] == ["a=requested", "b=off"])
    #expect(field(1, "action") == "set")
    #expect(field(1, "value") == "close-friends")
    #expect(field(1, "request") == "r1")
    #expect(field(2, "outcome") == "saved close-friends")
    #expect(field(3, "action") == "set")
    #expect(events[3]["request"] == nil)
    #expect(field(5, "outcome") == "saved requested")
    #expect(field(7, "outcome") == "read requested")
    #expect(field(8, "filter") == "close-friends")
    #expect(events[9]["records"] as? [String] == ["a=requested", "b=requested"])
    #expect(events[11]["records"] as? [String] == ["a=on", "b=on"])
    #expect(events[13]["records"] as? [String] == ["a=requested", "b=requested"])
    #expect(events[15]["records"] as? [String] == ["a=requested", "b=rejected"])
    #expect(field(16, "action") == "wait")
    #expect(events[16]["milliseconds"] as? Int == 1000)
    #expect(events.count == 17)
    #expect(
      recorder.requiredCapabilities == [.filtering, .refresh, .batches, .values, .writeTimeouts])
  }

  @Test("A shown state with a value beyond on/off writes words; on/off alone the Booleans")
  func shownValuesAreWords() throws {
    let recorder = try follows()
    recorder.loaded(["x"], id: { $0 }, value: { _ in false })
    recorder.tapped(record: "x", sent: 1)
    recorder.showed(
      record: "x", confirmed: "requested", displayed: RecordedValue.off, pending: 1,
      needsSync: false, saving: true, tapEnabled: false)
    recorder.showed(
      record: "x", confirmed: "on", displayed: false, needsSync: false, saving: false,
      tapEnabled: true)
    let shown = try lines(recorder).dropFirst(3).dropLast().map(object)
    #expect(shown[0]["confirmed"] as? String == "requested")
    #expect(shown[0]["displayed"] as? String == "off")
    #expect(shown[0]["pending"] as? String == "r1")
    #expect(shown[1]["confirmed"] as? Bool == true)
    #expect(shown[1]["displayed"] as? Bool == false)
    #expect(recorder.requiredCapabilities.isEmpty)
  }

  @Test("A word the app did not declare is written '?' and needs no 'values'")
  func undeclaredWordIsUnnamed() throws {
    let recorder = try SessionRecorder(family: .optimisticUpdates, values: ["requested"])
    recorder.loaded(["x"], id: { $0 }, value: { _ in "like" })
    recorder.tapped(record: "x", sent: 1)
    recorder.answered(write: 1, saved: "love")
    let events = try lines(recorder).dropFirst().dropLast().map(object)
    #expect(events[0]["records"] as? [String] == ["a=?"])
    #expect(events[2]["outcome"] as? String == "saved ?")
    #expect(recorder.requiredCapabilities.isEmpty)
  }

  @Test("Boolean calls write what they always wrote, and on/off words write the same")
  func booleansUnchanged() throws {
    let plain = SessionRecorder(family: .optimisticUpdates)
    let worded = try follows()
    for recorder in [plain, worded] {
      recorder.tapped(record: "x", sent: 1)
    }
    plain.loaded(["x", "y"], id: { $0 }, value: { $0 == "x" })
    worded.loaded(["x", "y"], id: { $0 }, value: { $0 == "x" ? "on" : "off" })
    plain.answered(write: 1, with: .saved(true))
    worded.answered(write: 1, saved: "on")
    plain.answered(sync: 1, with: .value(false))
    worded.answered(sync: 1, read: RecordedValue.off)
    plain.filtered(showing: true)
    worded.filtered(showingValue: "on")
    #expect(
      Array(lines(plain).dropFirst().dropLast()) == Array(lines(worded).dropFirst().dropLast()))
    #expect(worded.requiredCapabilities == [.filtering])
  }

  @Test(
    "Allocates nothing per event for choices, value words and time passing",
    .enabled(if: stategate_heap_probe_available() != 0))
  func allocatesNothingPerValueEvent() async {
    // Each call measured on its own, over 4 bursts of 1,000 after one to warm up; the exit code
    // names the calls that grew the heap (bit 0 the first).
    await #expect(processExitsWith: .success) {
      guard
        let recorder = try? SessionRecorder(
          family: .optimisticUpdates, values: ["requested", "close-friends"])
      else { exit(2) }
      let ids = (0..<8).map { "photo-\($0)" }
      let requested = recorder.value(named: "requested") ?? .off
      let words = ["off", "on", "requested", "close-friends"]
      var pair = [ids[0], ids[1]]
      recorder.loaded(ids, id: { $0 }, value: { _ in "off" })
      let calls: [(Int) -> Void] = [
        { round in recorder.chose(record: ids[round % 8], value: words[round % 4], sent: round) },
        { round in recorder.chose(record: ids[round % 8], value: requested) },
        { round in recorder.answered(write: round, saved: words[(round + 1) % 4]) },
        { round in recorder.answered(write: round, with: .savedValue(requested)) },
        { round in recorder.answered(sync: round, read: "requested") },
        { _ in recorder.filtered(showingValue: "close-friends") },
        { round in
          pair[0] = ids[round % 8]
          pair[1] = ids[(round + 1) % 8]
          recorder.answered(batch: round, saved: pair, id: { $0 }, value: { _ in "requested" })
        },
        { _ in recorder.loaded(pair, id: { $0 }, value: { _ in requested }) },
        { _ in recorder.sessionChanged(pair, id: { $0 }, value: { _ in "close-friends" }) },
        { round in recorder.timePassed(.milliseconds(round)) },
        { round in
          recorder.showed(
            record: ids[round % 8], confirmed: "requested", displayed: requested,
            needsSync: false, saving: false, tapEnabled: true)
        },
      ]
      var grew: Int32 = 0
      for (index, call) in calls.enumerated() {
        for round in 0..<1000 { call(round) }
        for _ in 0..<4 {
          let before = stategate_heap_bytes_in_use()
          for round in 0..<1000 { call(round) }
          if stategate_heap_bytes_in_use() != before { grew |= 1 << index }
        }
      }
      exit(grew == 0 ? 0 : 1 + grew % 250)
    }
  }
}
