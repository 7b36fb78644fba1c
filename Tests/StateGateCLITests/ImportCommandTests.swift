import Contracts
import Faults
import Foundation
import StateGateCLI
import StateGateRecorder
import Testing

@MainActor
@Suite struct ImportCommandTests {
  /// A recording of a session with a late duplicate answer to an old write, as an app makes one.
  private func recording(at path: String) throws {
    let recorder = SessionRecorder(family: .optimisticUpdates, declaring: [.sessions])
    let ids = ["user-4711@example.com", "user-4712@example.com"]
    recorder.loaded(ids, id: { $0 }, value: { _ in false })
    for round in 0..<200 {
      recorder.tapped(record: ids[round % 2], sent: "ticket-\(round)")
      recorder.answered(write: "ticket-\(round)", with: .saved(true))
      recorder.tapped(record: ids[round % 2], sent: "ticket-\(round)-back")
      recorder.answered(write: "ticket-\(round)-back", with: .saved(false))
    }
    recorder.tapped(record: ids[0], sent: "old")
    recorder.answered(write: "old", with: .saved(true))
    recorder.tapped(record: ids[0], sent: "new")
    recorder.answered(write: "old", with: .saved(true))
    try recorder.export(to: URL(fileURLWithPath: path))
  }

  @Test("import writes the shrunk case with its class; exit 1, 0 with --expect-failure")
  func importsAFailure() throws {
    let directory = try freshDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/field.jsonl"
    try recording(at: path)
    let corpus = directory + "/corpus"
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: [
        "import", path, "--subject", "fault:old-ticket-accepted", "--corpus", corpus,
        "--no-isolation",
      ], io: capture.io())
    #expect(status == .contractFailures, "\(capture.output)\(capture.error)")
    #expect(capture.output.contains("stale-response"))
    let files = try FileManager.default.contentsOfDirectory(atPath: corpus)
    #expect(files.count == 1)
    let text = try String(contentsOfFile: corpus + "/" + files[0], encoding: .utf8)
    #expect(text.contains("# Class stale-response"))
    #expect(!text.contains("example.com"))
    let onReference = runStateGate("run", "--suite", corpus, "--subject", "favorites")
    #expect(onReference.status == .success, "\(onReference.output)")
    let expectingCapture = CapturedIO()
    let expecting = StateGate.main(
      arguments: [
        "import", path, "--subject", "favorites", "--corpus", corpus, "--expect-failure",
        "--no-isolation",
      ], io: expectingCapture.io())
    #expect(expecting == .contractFailures)
    // The command failed: nothing on the console reads as a pass.
    #expect(!expectingCapture.output.contains("  pass  "), "\(expectingCapture.output)")
    #expect(expectingCapture.output.contains("  FAIL  the session's"))
    #expect(expectingCapture.output.contains("expected a failure (--expect-failure)"))
  }

  @Test(
    "import's --subject errors say what it takes: one subject, of the family, that can replay it")
  func subjectErrors() throws {
    let directory = try freshDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/queued.jsonl"
    let recorder = SessionRecorder(family: .optimisticUpdates)
    recorder.loaded(["a"], id: { $0 }, value: { _ in false })
    recorder.tapped(record: "a", sent: "w1")
    recorder.tapped(record: "a", queued: "w2")
    try recorder.export(to: URL(fileURLWithPath: path))
    let lacking = runStateGate("import", path, "--subject", "favorites", "--corpus", directory)
    #expect(lacking.status == .usage)
    #expect(
      lacking.error.contains(
        "declares 'latest-tap-queued', which the recording's events need (such as "
          + "'favorites-queue-latest')"), "\(lacking.error)")
    let family = runStateGate("import", path, "--subject", "editor", "--corpus", directory)
    #expect(family.error.contains("a subject of the optimistic updates family, the recording's"))
    let pattern = runStateGate("import", path, "--subject", "fault:*", "--corpus", directory)
    #expect(pattern.status == .usage)
    #expect(pattern.error.contains("import replays a recording on one subject, not a pattern"))
    for refused in [lacking, family, pattern] {
      #expect(refused.error.split(separator: "\n").count == 1, "\(refused.error)")
    }
  }

  @Test("import refuses a tampered recording (65) and a missing one (66)")
  func refusesBadInput() throws {
    let directory = try freshDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/field.jsonl"
    try recording(at: path)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "saved off", with: "saved on").write(
      toFile: path, atomically: true, encoding: .utf8)
    let tampered = runStateGate("import", path, "--corpus", directory + "/corpus")
    #expect(tampered.status == .malformedInput)
    #expect(tampered.error.contains("(tampered)"))
    #expect(tampered.error.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: directory + "/corpus"))
    let missing = runStateGate("import", directory + "/none.jsonl")
    #expect(missing.status == .missingInput)
  }

  /// What `import`, run with worker processes, made of an undo session recorded in
  /// `directory`: its status, the corpus file it wrote (empty when none), what it printed, and
  /// the recording's path.
  private func importInWorker(
    _ record: (SessionRecorder) -> Void, subject: String, options: [String] = [],
    in directory: String
  ) throws -> (status: StateGateCLI.ExitStatus, text: String, printed: String, recording: String) {
    let recorder = SessionRecorder(family: .undoHistory)
    record(recorder)
    let path = directory + "/field.jsonl"
    try recorder.export(to: URL(fileURLWithPath: path))
    let corpus = directory + "/corpus"
    let capture = CapturedIO()
    var io = capture.io()
    io.workerExecutable = try stategateExecutable()
    // Step limits are measured on the command's clock, so it must be one that moves.
    io.clock = { ProcessInfo.processInfo.systemUptime }
    let status = StateGate.main(
      arguments: ["import", path, "--subject", subject, "--corpus", corpus] + options, io: io)
    let files = (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []
    let text = try files.first.map {
      try String(contentsOfFile: corpus + "/" + $0, encoding: .utf8)
    }
    return (status, text ?? "", capture.output + capture.error, path)
  }

  /// A new, empty directory for one test.
  private func freshDirectory() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "import-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test("import replays in a worker: a model that traps on Undo becomes a shrunk crashed case")
  func importsATrappingModel() throws {
    let directory = try freshDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let imported = try importInWorker(
      { recorder in
        for value in 1...40 { recorder.adjusted(to: value) }
        recorder.undid()
        for value in 41...60 { recorder.adjusted(to: value) }
      }, subject: "fault:traps", in: directory)
    #expect(imported.status == .contractFailures, "\(imported.printed)")
    let text = imported.text
    #expect(text.contains("# Class crashed"), "\(text)")
    // Cut after the Undo it trapped in, then shrunk by isolated runs: it traps on any Undo.
    #expect(text.contains("\"Imported from a recording: 1 steps\""), "\(text)")
    #expect(text.contains("it broke the worker replaying it; shrunk to 1 in "), "\(text)")
    #expect(text.hasSuffix("\n  undo\n"), "\(text)")
    let inProcess = StateGate.main(
      arguments: ["import", imported.recording, "--subject", "fault:traps", "--no-isolation"],
      io: CapturedIO().io())
    #expect(inProcess == .usage)
  }

  @Test("import stops a hanging replay at --step-timeout: a timed-out case; 64 with --no-isolation")
  func importsAHangingModel() throws {
    let directory = try freshDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let imported = try importInWorker(
      { recorder in
        for value in 1...5 { recorder.adjusted(to: value) }
        recorder.undid()
      }, subject: "fault:hangs", options: ["--step-timeout", "300ms"], in: directory)
    #expect(imported.status == .contractFailures, "\(imported.printed)")
    #expect(imported.text.contains("# Class timed-out"), "\(imported.text)")
    #expect(imported.text.hasSuffix("\n  undo\n"), "\(imported.text)")
    let conflict = StateGate.main(
      arguments: [
        "import", imported.recording, "--subject", "editor", "--no-isolation", "--step-timeout",
        "1s",
      ],
      io: CapturedIO().io())
    #expect(conflict == .usage)
  }
}
