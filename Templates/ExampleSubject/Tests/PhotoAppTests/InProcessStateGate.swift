import Contracts
import Foundation
import StateGateCLI

/// Runs the team's `stategate` in this process, with its output captured.
final class InProcessStateGate: @unchecked Sendable {
  private let lock = NSLock()
  private var outputText = ""
  private var errorText = ""
  /// A scratch folder for recordings, the corpus and result directories, removed on request.
  let folder: URL

  /// Creates a runner with a fresh scratch folder.
  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("photo-app-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// What the last command wrote to standard output.
  var output: String { lock.withLock { outputText } }
  /// What the last command wrote to standard error.
  var error: String { lock.withLock { errorText } }

  /// Runs `stategate ARGUMENTS` over `subjects` and returns its exit status.
  @MainActor
  func run(_ arguments: [String], subjects: [SubjectEntry]) -> ExitStatus {
    lock.withLock {
      outputText = ""
      errorText = ""
    }
    let io = CommandIO(
      writeOutput: { text in self.lock.withLock { self.outputText += text } },
      writeError: { text in self.lock.withLock { self.errorText += text } },
      environment: ["STATEGATE_OUTPUT": folder.appendingPathComponent("results").path])
    return StateGate.main(arguments: arguments, io: io, subjects: subjects)
  }

  /// Removes the scratch folder.
  func removeFolder() {
    try? FileManager.default.removeItem(at: folder)
  }
}
