import Foundation
import StateGateCLI
import StateGateRecorder
import Testing

/// `stategate import` of recordings with values beyond on/off: a subject that does not declare
/// the recorded values refused, the reference follow list picked by default, and a field bug
/// with a `requested` answer kept as a case that reads back with its `values` line.
@MainActor
@Suite struct ImportValuesCommandTests {
  private func freshDirectory() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "import-values-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
  }

  /// A follow list's session with one private account answering `requested`, and `extra`
  /// chosen once and saved.
  private func followRecording(at path: String, extra: String = "close-friends") throws {
    let recorder = try SessionRecorder(
      family: .optimisticUpdates, values: ["requested", extra])
    let ids = ["ana@example.com", "ben@example.com"]
    recorder.loaded(ids, id: { $0 }, value: { _ in false })
    for round in 0..<30 {
      recorder.chose(record: ids[1], value: extra, sent: "c\(round)")
      recorder.answered(write: "c\(round)", saved: extra)
      recorder.tapped(record: ids[1], sent: "u\(round)")
      recorder.answered(write: "u\(round)", with: .saved(false))
      if round == 20 {
        recorder.tapped(record: ids[0], sent: "private")
        recorder.answered(write: "private", saved: "requested")
        recorder.tapped(record: ids[0], sent: "withdraw")
        recorder.answered(write: "withdraw", with: .saved(false))
      }
    }
    try recorder.export(to: URL(fileURLWithPath: path))
  }

  @Test("import refuses a subject without the recorded values (64) and picks follows by default")
  func refusesSubjectWithoutValues() throws {
    let directory = try freshDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/follow.jsonl"
    try followRecording(at: path)
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["import", path, "--subject", "favorites", "--no-isolation"], io: capture.io())
    #expect(status == .usage)
    #expect(capture.error.contains("a subject that declares 'values'"), "\(capture.error)")
    let chosen = CapturedIO()
    let defaulted = StateGate.main(
      arguments: ["import", path, "--no-isolation", "--corpus", directory + "/corpus"],
      io: chosen.io())
    #expect(defaulted == .success, "\(chosen.output)\(chosen.error)")
    #expect(chosen.output.contains("subject follows"), "\(chosen.output)")
    // A value the follow list does not declare: refused there too.
    let liked = directory + "/liked.jsonl"
    try followRecording(at: liked, extra: "like")
    let refused = CapturedIO()
    let likedStatus = StateGate.main(
      arguments: ["import", liked, "--subject", "follows", "--no-isolation"], io: refused.io())
    #expect(likedStatus == .usage)
    #expect(
      refused.error.contains("a subject that declares the value 'like', which the recording's"),
      "\(refused.error)")
  }

  @Test("import keeps a 'requested' answer shown as following as a case with its values line")
  func importsRequestedShownAsFollowing() throws {
    let directory = try freshDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/follow.jsonl"
    try followRecording(at: path)
    let corpus = directory + "/corpus"
    let capture = CapturedIO()
    var io = capture.io()
    io.workerExecutable = try stategateExecutable()
    io.clock = { ProcessInfo.processInfo.systemUptime }
    let status = StateGate.main(
      arguments: [
        "import", path, "--subject", "fault:requested-shown-as-following", "--corpus", corpus,
      ], io: io)
    #expect(status == .contractFailures, "\(capture.output)\(capture.error)")
    let files = try FileManager.default.contentsOfDirectory(atPath: corpus)
    #expect(files.count == 1)
    let text = try String(contentsOfFile: corpus + "/" + (files.first ?? ""), encoding: .utf8)
    #expect(text.contains("# Class server-authority"), "\(text)")
    #expect(text.contains("\n  requires values\n  values requested\n"), "\(text)")
    #expect(text.contains("respond r1 saved requested"), "\(text)")
    #expect(!text.contains("example.com"))
    let onReference = runStateGate("run", "--suite", corpus, "--subject", "follows")
    #expect(onReference.status == .success, "\(onReference.output)")
  }
}
