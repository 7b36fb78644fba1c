import Foundation
import StateGateCLI
import StateGateRecorder
import Testing

/// What `import` does when the corpus already has something at the case's file name.
@MainActor
@Suite struct ImportCorpusTests {
  /// What stands at the case's file name before the import.
  enum Obstacle: String, CaseIterable, Sendable {
    case otherBytes = "other bytes"
    case symbolicLink = "a symbolic link"
    case folder = "a folder"
    case fifo = "a FIFO"
  }

  private func recording(at path: String) throws {
    let recorder = SessionRecorder(family: .optimisticUpdates)
    recorder.loaded(["x", "y"], id: { $0 }, value: { _ in false })
    recorder.tapped(record: "x", sent: "old")
    recorder.answered(write: "old", with: .saved(true))
    recorder.tapped(record: "x", sent: "new")
    recorder.answered(write: "old", with: .saved(true))
    try recorder.export(to: URL(fileURLWithPath: path))
  }

  private func importing(_ path: String, corpus: String) -> (StateGateCLI.ExitStatus, CapturedIO) {
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: [
        "import", path, "--subject", "fault:old-ticket-accepted", "--corpus", corpus,
        "--no-isolation",
      ], io: capture.io())
    return (status, capture)
  }

  /// A scratch folder with the recording, and the name and text of the file its case is kept in.
  private func setUp() throws -> (directory: String, recording: String, name: String, text: String)
  {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("import-corpus-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/field.jsonl"
    try recording(at: path)
    let (status, capture) = importing(path, corpus: directory + "/first")
    #expect(status == .contractFailures, "\(capture.output)\(capture.error)")
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: directory + "/first").first)
    let text = try String(contentsOfFile: directory + "/first/" + name, encoding: .utf8)
    return (directory, path, name, text)
  }

  @Test("The same case imported again is already kept; nothing is written twice")
  func sameCaseIsAlreadyKept() throws {
    let scratch = try setUp()
    defer { try? FileManager.default.removeItem(atPath: scratch.directory) }
    let (status, capture) = importing(scratch.recording, corpus: scratch.directory + "/first")
    #expect(status == .contractFailures)
    #expect(capture.output.contains("already kept in"), "\(capture.output)")
    let names = try FileManager.default.contentsOfDirectory(atPath: scratch.directory + "/first")
    #expect(names == [scratch.name])
  }

  @Test(
    "Anything else at the case's file name exits 74 naming it, and is left as it was",
    arguments: Obstacle.allCases)
  func obstacleIsRefused(_ obstacle: Obstacle) throws {
    let scratch = try setUp()
    defer { try? FileManager.default.removeItem(atPath: scratch.directory) }
    let corpus = scratch.directory + "/corpus"
    try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
    let target = corpus + "/" + scratch.name
    let files = FileManager.default
    switch obstacle {
    case .otherBytes:
      #expect(files.createFile(atPath: target, contents: Data("leftover\n".utf8)))
    case .symbolicLink:
      #expect(files.createFile(atPath: scratch.directory + "/elsewhere", contents: Data()))
      try files.createSymbolicLink(
        atPath: target, withDestinationPath: scratch.directory + "/elsewhere")
    case .folder:
      try files.createDirectory(atPath: target, withIntermediateDirectories: false)
    case .fifo:
      #expect(mkfifo(target, 0o644) == 0)
    }
    let before = try files.attributesOfItem(atPath: target)[.type] as? FileAttributeType

    let (status, capture) = importing(scratch.recording, corpus: corpus)

    #expect(status == .ioError, "\(capture.output)\(capture.error)")
    #expect(capture.error.contains("'\(target)'"), "\(capture.error)")
    #expect(capture.error.split(separator: "\n").count == 1, "\(capture.error)")
    #expect(!capture.output.contains("kept in"), "\(capture.output)")
    #expect(try files.attributesOfItem(atPath: target)[.type] as? FileAttributeType == before)
    if obstacle == .otherBytes {
      #expect(files.contents(atPath: target) == Data("leftover\n".utf8))
    }
    if obstacle == .symbolicLink {
      #expect(files.contents(atPath: scratch.directory + "/elsewhere") == Data())
    }
    // No partial file is left behind.
    #expect(try files.contentsOfDirectory(atPath: corpus) == [scratch.name])
  }
}
