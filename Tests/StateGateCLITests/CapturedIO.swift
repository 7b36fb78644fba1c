import Foundation
import StateGateCLI

/// Collects what a command writes, for in-process command-line tests.
final class CapturedIO: @unchecked Sendable {
  private let lock = NSLock()
  private var outputText = ""
  private var errorText = ""

  var output: String { lock.withLock { outputText } }
  var error: String { lock.withLock { errorText } }

  /// An IO value that writes into this capture.
  func io(environment: [String: String] = [:], terminal: Bool = false) -> CommandIO {
    var environment = environment
    environment["STATEGATE_OUTPUT"] = environment["STATEGATE_OUTPUT"] ?? testOutputDirectory
    return CommandIO(
      writeOutput: { text in self.lock.withLock { self.outputText += text } },
      writeError: { text in self.lock.withLock { self.errorText += text } },
      environment: environment,
      outputIsTerminal: terminal,
      clock: { 0 })
  }
}

/// Where in-process runs write their result directories: one temporary directory per test process.
let testOutputDirectory = FileManager.default.temporaryDirectory
  .appendingPathComponent("stategate-cli-tests-\(ProcessInfo.processInfo.processIdentifier)").path

/// Runs `stategate` in process and returns the status and what it wrote.
@MainActor
func runStateGate(_ arguments: String...) -> (status: ExitStatus, output: String, error: String) {
  let capture = CapturedIO()
  let status = StateGate.main(arguments: arguments, io: capture.io())
  return (status, capture.output, capture.error)
}
