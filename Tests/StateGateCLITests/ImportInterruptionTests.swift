import Foundation
import StateGateCLI
import Testing

/// A `stategate` child process that holds at a test hook's point until it gets a signal.
final class HeldCommand {
  let process = Process()
  private let output = Pipe()
  private let error = Pipe()
  private var said = Data()

  init(_ arguments: [String], environment extra: [String: String]) throws {
    process.executableURL = URL(fileURLWithPath: try stategateExecutable())
    process.arguments = arguments
    process.environment = EnglishEnvironment.inherited(adding: extra)
    process.standardOutput = output
    process.standardError = error
    try process.run()
  }

  /// Reads standard error until the child writes `text` (or ends); returns what it wrote.
  func waitFor(_ text: String) -> String {
    while !String(decoding: said, as: UTF8.self).contains(text) {
      let chunk = error.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      said.append(chunk)
    }
    return String(decoding: said, as: UTF8.self)
  }

  /// Sends `signal`, reads what is left and waits for the child to end.
  func stop(with signal: Int32) -> (status: Int32, reason: Process.TerminationReason, said: String)
  {
    kill(process.processIdentifier, signal)
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    said.append(error.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    return (
      process.terminationStatus, process.terminationReason,
      String(decoding: printed + said, as: UTF8.self)
    )
  }
}

/// `import` answers SIGINT and SIGTERM as `run` does: 130, its workers ended, no case written.
@Suite("Import interruption", .serialized)
struct ImportInterruptionTests {
  /// A recording that `fault:old-ticket-accepted` fails on, in a fresh directory; and the
  /// corpus folder beside it.
  private func recording() throws -> (path: String, corpus: String) {
    let directory = freshOutput()
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/field.jsonl"
    try lateDuplicateRecording(at: path)
    return (path, directory + "/corpus")
  }

  private func corpusFiles(_ corpus: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []
  }

  @Test(
    "A signal while a worker classifies the shrunk case: 130 and no case written",
    arguments: [SIGINT, SIGTERM])
  func signalWhileClassifying(signal: Int32) throws {
    let (path, corpus) = try recording()
    let held = try HeldCommand(
      ["import", path, "--subject", "fault:old-ticket-accepted", "--corpus", corpus],
      environment: ["STATEGATE_TEST_HOLD_AT": "classification"])
    let said = held.waitFor("holding at classification")
    #expect(said.contains("holding at classification"), "\(said)")
    let ended = held.stop(with: signal)
    #expect(ended.reason == .exit, "\(ended.said)")
    #expect(ended.status == 130, "\(ended.said)")
    #expect(ended.said.contains("stategate: interrupted; nothing written"), "\(ended.said)")
    #expect(corpusFiles(corpus).isEmpty)
  }

  @Test(
    "A signal after the case is classified, before it is written: 130 and no case written",
    arguments: [SIGINT, SIGTERM])
  func signalBeforeTheWrite(signal: Int32) throws {
    let (path, corpus) = try recording()
    let held = try HeldCommand(
      ["import", path, "--subject", "fault:old-ticket-accepted", "--corpus", corpus],
      environment: ["STATEGATE_TEST_HOLD_AT": "final-write"])
    let said = held.waitFor("holding at final-write")
    #expect(said.contains("holding at final-write"), "\(said)")
    let ended = held.stop(with: signal)
    #expect(ended.reason == .exit, "\(ended.said)")
    #expect(ended.status == 130, "\(ended.said)")
    #expect(corpusFiles(corpus).isEmpty)
  }
}
