import Foundation
import StateGateCLI
import StateGateRecorder
import Testing

/// `stategate import` of recordings with the newer events: batches end to end in worker
/// processes, and a subject that lacks what the events need refused.
@MainActor
@Suite struct ImportListsCommandTests {
  private func freshDirectory() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "import-lists-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
  }

  /// A session of single writes and saved batches with one rejected batch of three records in
  /// the middle, as the app's entry points record it.
  private func batchRecording(at path: String) throws {
    let recorder = SessionRecorder(family: .optimisticUpdates, declaring: [.sorting])
    let ids = (1...4).map { "user-\($0)@example.com" }
    var values = [Bool](repeating: false, count: ids.count)
    recorder.loaded(ids, id: { $0 }, value: { _ in false })
    for round in 0..<120 {
      let one = round % 4
      values[one].toggle()
      recorder.tapped(record: ids[one], sent: "ticket-\(round)")
      recorder.answered(write: "ticket-\(round)", with: .saved(values[one]))
      let pair = [(round + 1) % 4, (round + 2) % 4]
      for index in pair { values[index].toggle() }
      recorder.batchSent(records: pair.map { ids[$0] }, sent: "batch-\(round)")
      if round == 60 {
        // The server refuses it: every record goes back.
        recorder.answered(batch: "batch-\(round)", with: .rejected)
        for index in pair { values[index].toggle() }
      } else {
        recorder.answered(
          batch: "batch-\(round)", saved: pair, id: { ids[$0] }, value: { values[$0] })
      }
    }
    try recorder.export(to: URL(fileURLWithPath: path))
  }

  @Test("import finds a rejected batch's partial rollback in a worker; the reference passes")
  func importsABatchBug() throws {
    let directory = try freshDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/field.jsonl"
    try batchRecording(at: path)
    let corpus = directory + "/corpus"
    let capture = CapturedIO()
    var io = capture.io()
    io.workerExecutable = try stategateExecutable()
    io.clock = { ProcessInfo.processInfo.systemUptime }
    let status = StateGate.main(
      arguments: [
        "import", path, "--subject", "fault:batch-rejection-keeps-rest", "--corpus", corpus,
      ], io: io)
    #expect(status == .contractFailures, "\(capture.output)\(capture.error)")
    let files = try FileManager.default.contentsOfDirectory(atPath: corpus)
    #expect(files.count == 1)
    let text = try String(contentsOfFile: corpus + "/" + (files.first ?? ""), encoding: .utf8)
    #expect(text.contains("# Class rollback"), "\(text)")
    #expect(text.contains("requires batches"), "\(text)")
    #expect(text.contains("respond b1 rejected"), "\(text)")
    #expect(!text.contains("example.com"))
    let onReference = runStateGate("run", "--suite", corpus, "--subject", "favorites")
    #expect(onReference.status == .success, "\(onReference.output)")
    var clean = CapturedIO().io()
    clean.workerExecutable = io.workerExecutable
    clean.clock = io.clock
    let passes = StateGate.main(
      arguments: ["import", path, "--subject", "favorites", "--corpus", corpus], io: clean)
    #expect(passes == .success)
  }

  @Test("import refuses a subject that lacks a capability the events need (64)")
  func refusesASubjectLackingACapability() throws {
    let directory = try freshDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/field.jsonl"
    let recorder = SessionRecorder(family: .optimisticUpdates)
    recorder.loaded(["x", "y"], id: { $0 }, value: { _ in false })
    recorder.tapped(record: "x", sent: 1)
    recorder.answered(write: 1, with: .unknown)
    recorder.readStarted(record: "x", sent: 2)
    recorder.answered(sync: 2, with: .value(true))
    try recorder.export(to: URL(fileURLWithPath: path))
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["import", path, "--subject", "favorites", "--no-isolation"], io: capture.io())
    #expect(status == .usage)
    #expect(capture.error.contains("'automatic-reads'"), "\(capture.error)")
    // Without --subject, the first subject of the family that declares it replays the session.
    let chosen = CapturedIO()
    let defaulted = StateGate.main(
      arguments: ["import", path, "--no-isolation", "--corpus", directory + "/corpus"],
      io: chosen.io())
    #expect(defaulted == .success, "\(chosen.output)\(chosen.error)")
    #expect(chosen.output.contains("subject favorites-rereading"), "\(chosen.output)")
  }
}
