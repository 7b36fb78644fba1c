import Foundation
import StateGateRecorder
import Testing

@testable import StateGateCLI

/// `import` of an undo session that switches back to a document it left: replayed as a switch
/// back for a subject whose documents keep their own history, as opening afresh otherwise.
@MainActor
@Suite("import: documents switched back to")
struct ImportDocumentTests {
  /// Imports, in process, a session that leaves document `a` with a Redo pending and comes back
  /// to redo it; returns the status and the corpus file written (empty when none).
  private func importSwitchBack(subject: String) throws -> (
    status: StateGateCLI.ExitStatus, text: String, printed: String
  ) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "import-documents-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let recorder = SessionRecorder(family: .undoHistory)
    recorder.loaded(value: 0)
    recorder.switchedDocument(to: "a", value: 0)
    recorder.adjusted(to: 5)
    recorder.undid()
    recorder.switchedDocument(to: "b", value: 7)
    recorder.adjusted(to: 3)
    recorder.switchedDocument(to: "a", value: 0)
    recorder.redid()
    let path = directory + "/field.jsonl"
    try recorder.export(to: URL(fileURLWithPath: path))
    let corpus = directory + "/corpus"
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["import", path, "--subject", subject, "--corpus", corpus, "--no-isolation"],
      io: capture.io())
    let files = (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []
    let text = try files.first.map {
      try String(contentsOfFile: corpus + "/" + $0, encoding: .utf8)
    }
    return (status, text ?? "", capture.output + capture.error)
  }

  @Test("A tab that loses its Redo when the user comes back is found, as redo-availability")
  func switchBackFindsTheBug() throws {
    let imported = try importSwitchBack(subject: "fault:switch-back-drops-redo")
    #expect(imported.status == .contractFailures, "\(imported.printed)")
    #expect(imported.text.contains("# Class redo-availability"), "\(imported.text)")
    #expect(imported.text.contains("switch d1 0"), "\(imported.text)")
  }

  @Test("The correct tabbed editor replays the same session with nothing found")
  func switchBackPassesTheCorrectModel() throws {
    let imported = try importSwitchBack(subject: "tabbed-editor")
    #expect(imported.status == .success, "\(imported.printed)")
    #expect(imported.text.isEmpty)
  }
}
