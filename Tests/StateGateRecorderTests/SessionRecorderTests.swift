import CHeapProbe
import Foundation
import StateGateRecorder
import Testing

@Suite struct SessionRecorderTests {
  /// A write token as an app's network layer makes it: a record id, a session and a ticket.
  struct Write: Hashable {
    var photoID: String
    var session: Int
    var ticket: Int
  }

  private func lines(_ recorder: SessionRecorder) -> [String] {
    String(decoding: recorder.exportedData(), as: UTF8.self).split(separator: "\n").map(
      String.init)
  }

  private func object(_ line: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
    return try #require(value as? [String: Any])
  }

  @Test("Replaces record ids and tokens by handles before anything is stored")
  func replacesIdentifiersByHandles() throws {
    let recorder = SessionRecorder(family: .optimisticUpdates, declaring: [.sessions, .sorting])
    let ids = ["user-4711@example.com", "photo-99-secret"]
    recorder.loaded(ids, id: { $0 }, value: { $0.hasPrefix("user") })
    let write = Write(photoID: ids[1], session: 1, ticket: 4711)
    recorder.tapped(record: ids[1], sent: write)
    recorder.showed(
      record: ids[1], confirmed: false, displayed: true, pending: write, needsSync: false,
      saving: true, tapEnabled: false)
    recorder.tapped(record: ids[1])
    recorder.answered(write: write, with: .saved(true))
    recorder.sorted(ids.reversed(), id: { $0 })
    let text = String(decoding: recorder.exportedData(), as: UTF8.self)
    for id in ids + ["4711", "example"] {
      #expect(!text.contains(id))
    }
    let all = lines(recorder)
    #expect(all.count == 8)
    let header = try object(all[0])
    #expect(header["family"] as? String == "optimistic")
    #expect(header["capabilities"] as? [String] == ["sorting", "sessions"])
    #expect(header["version"] as? Int == 1)
    #expect(try object(all[1])["records"] as? [String] == ["a=on", "b=off"])
    let tap = try object(all[2])
    #expect(tap["record"] as? String == "b")
    #expect(tap["request"] as? String == "r1")
    #expect(tap["seq"] as? Int == 2)
    #expect(try object(all[3])["pending"] as? String == "r1")
    #expect(try object(all[4])["request"] == nil)
    let answer = try object(all[5])
    #expect(answer["outcome"] as? String == "saved on")
    #expect(answer["request"] as? String == "r1")
    #expect(try object(all[6])["order"] as? [String] == ["b", "a"])
    let trailer = try object(all[7])
    #expect(trailer["kind"] as? String == "trailer")
    #expect(trailer["lines"] as? Int == 7)
  }

  @Test("Keeps every line sorted by key, with its version and kind")
  func everyLineHasVersionAndKind() throws {
    let recorder = SessionRecorder(family: .undoHistory, declaring: [.documents, .asyncResults])
    recorder.adjusted(to: 10)
    recorder.dragBegan()
    recorder.dragMoved(to: 20)
    recorder.dragEnded()
    recorder.showed(
      value: 20, display: 20, level: 0, canUndo: true, canRedo: false, undoEnabled: true,
      redoEnabled: false)
    recorder.calculationStarted("job-for-user-4711")
    recorder.switchedDocument(to: "/Users/alice/secret.photo", value: 100)
    recorder.calculationDelivered("job-for-user-4711", result: 70)
    recorder.undid()
    for line in lines(recorder) {
      let fields = try object(line)
      #expect(fields["version"] as? Int == 1)
      #expect(fields["kind"] is String)
    }
    let all = lines(recorder)
    #expect(try object(all[6])["calculation"] as? String == "c1")
    #expect(try object(all[7])["document"] as? String == "d1")
    #expect(try object(all[8])["value"] as? Int == 70)
    #expect(!all.joined().contains("alice"))
  }

  @Test("Drops the oldest events first when the ring is full, and says how many")
  func dropsOldestFirst() throws {
    let recorder = SessionRecorder(
      family: .undoHistory, configuration: .init(maxEvents: 8, maxBytes: 1 << 20))
    for value in 1...20 {
      recorder.adjusted(to: value)
    }
    #expect(recorder.dropped == 12)
    let all = lines(recorder)
    #expect(try object(all[0])["dropped"] as? Int == 12)
    #expect(try object(all[1])["seq"] as? Int == 13)
    #expect(try object(all[1])["value"] as? Int == 13)
    #expect(try object(all[8])["seq"] as? Int == 20)
  }

  @Test("Bounds the ring by bytes as well as by events")
  func boundsByBytes() {
    let recorder = SessionRecorder(
      family: .undoHistory,
      configuration: .init(maxEvents: 1_000_000, maxBytes: 100 * SessionRecorder.bytesPerSlot))
    #expect(recorder.capacity == 100)
  }

  @Test("Skips the rest of a load whose first slot was dropped")
  func skipsPartialLoad() throws {
    let recorder = SessionRecorder(
      family: .optimisticUpdates, configuration: .init(maxEvents: 4, maxBytes: 1 << 20))
    recorder.loaded(["x", "y", "z"], id: { $0 }, value: { _ in true })
    recorder.tapped(record: "x")
    recorder.tapped(record: "y")
    let all = lines(recorder)
    #expect(try object(all[0])["dropped"] as? Int == 1)
    #expect(all.count == 4)
    #expect(try object(all[1])["seq"] as? Int == 2)
  }

  @Test("Ignores calls of the other family")
  func ignoresOtherFamily() {
    let recorder = SessionRecorder(family: .undoHistory)
    recorder.tapped(record: "a")
    #expect(lines(recorder).count == 2)
  }

  @Test("Records from many threads at once without losing an event")
  func threadSafe() async {
    let recorder = SessionRecorder(family: .undoHistory)
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<4 {
        group.addTask {
          for value in 0..<1000 { recorder.adjusted(to: worker * 1000 + value) }
        }
      }
    }
    #expect(lines(recorder).count == 4002)
  }

  @Test("The trailer's hash covers every line before it")
  func trailerHashCoversLines() throws {
    let recorder = SessionRecorder(family: .undoHistory)
    recorder.adjusted(to: 10)
    let data = recorder.exportedData()
    let text = String(decoding: data, as: UTF8.self)
    let trailerStart = try #require(text.dropLast().lastIndex(of: "\n"))
    let body = Array(text[...trailerStart].utf8)
    var hash = RecordingFormat.hashBasis
    body.withUnsafeBytes { RecordingFormat.hash($0, into: &hash) }
    #expect(text.contains("\"fnv1a64\":\"\(RecordingFormat.hex(hash))\""))
  }

  @Test(
    "Names records a … z, aa, ab …", arguments: [(1, "a"), (26, "z"), (27, "aa"), (703, "aaa")])
  func namesRecords(number: Int, handle: String) {
    #expect(RecordingFormat.recordHandle(number) == handle)
    #expect(RecordingFormat.recordNumber(handle) == number)
  }

  @Test(
    "Allocates nothing per event once the records are known",
    .enabled(if: stategate_heap_probe_available() != 0))
  func allocatesNothingPerEvent() async {
    // Measured in a process of its own: the heap is the process's, and the tests running beside
    // this one allocate on other threads all the time.
    await #expect(processExitsWith: .success) {
      let recorder = SessionRecorder(family: .optimisticUpdates)
      let ids = (0..<8).map { "photo-\($0)" }
      recorder.loaded(ids, id: { $0 }, value: { _ in false })
      func burst() {
        for round in 0..<2000 {
          let id = ids[round % ids.count]
          recorder.tapped(record: id, sent: round)
          recorder.answered(write: round, with: .saved(true))
          recorder.showed(
            record: id, confirmed: true, displayed: true, needsSync: false, saving: false,
            tapEnabled: true)
        }
      }
      burst()
      var growths: [Int] = []
      for _ in 0..<4 {
        let before = stategate_heap_bytes_in_use()
        burst()
        growths.append(Int(stategate_heap_bytes_in_use()) - Int(before))
      }
      if growths.contains(where: { $0 != 0 }) {
        print("heap growth per burst of 6,000 events: \(growths)")
        exit(1)
      }
    }
  }

  @Test(
    "Allocates nothing per event for batches, refreshes, filters, reads, items and waits",
    .enabled(if: stategate_heap_probe_available() != 0))
  func allocatesNothingPerNewEvent() async {
    await #expect(processExitsWith: .success) {
      let lists = SessionRecorder(family: .optimisticUpdates)
      let editor = SessionRecorder(family: .undoHistory)
      let ids = (0..<8).map { "photo-\($0)" }
      var pair = [ids[0], ids[1]]
      lists.loaded(ids, id: { $0 }, value: { _ in false })
      editor.itemsLoaded(ids.prefix(3), id: { $0 }, value: { _ in 10 })
      func burst() {
        for round in 0..<1000 {
          pair[0] = ids[round % 8]
          pair[1] = ids[(round + 1) % 8]
          lists.batchSent(records: pair, sent: round)
          lists.answered(batch: round, saved: pair, id: { $0 }, value: { _ in true })
          lists.refreshStarted(sent: round)
          lists.answered(refresh: round, listing: pair, id: { $0 }, value: { _ in false })
          lists.filtered(showing: round % 2 == 0)
          lists.readStarted(record: pair[0], sent: round)
          editor.selected(pair.prefix(1))
          editor.adjusted(to: round)
          editor.timePassed(.milliseconds(round))
        }
      }
      burst()
      var growths: [Int] = []
      for _ in 0..<4 {
        let before = stategate_heap_bytes_in_use()
        burst()
        growths.append(Int(stategate_heap_bytes_in_use()) - Int(before))
      }
      if growths.contains(where: { $0 != 0 }) {
        print("heap growth per burst of 9,000 events: \(growths)")
        exit(1)
      }
    }
  }

  @Test("Names in the header what the events need, in a stable order")
  func headerRequires() throws {
    let recorder = SessionRecorder(family: .optimisticUpdates, declaring: [.sorting])
    recorder.loaded(["x", "y"], id: { $0 }, value: { _ in false })
    recorder.batchSent(records: ["x", "y"], sent: 1)
    recorder.filtered(showing: nil)
    let header = try object(lines(recorder)[0])
    #expect(header["capabilities"] as? [String] == ["sorting"])
    #expect(header["requires"] as? [String] == ["filtering", "batches"])
    #expect(recorder.requiredCapabilities == [.filtering, .batches])
  }
}
