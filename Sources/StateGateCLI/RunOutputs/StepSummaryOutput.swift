import Foundation
import ResultSchema

/// GitHub Actions' job summary: a run's `summary.md` appended to the file `GITHUB_STEP_SUMMARY`
/// names, creating that file when it is missing; when it cannot be written, says so on standard
/// error (the run's verdict stands).
@MainActor
final class StepSummaryOutput: RunOutput {
  private let io: CommandIO
  private let target: String

  /// Wanted by `run` where `GITHUB_STEP_SUMMARY` names a file.
  init?(_ request: OutputRequest) {
    guard request.command == .run, let target = request.io.environment["GITHUB_STEP_SUMMARY"],
      !target.isEmpty
    else { return nil }
    io = request.io
    self.target = target
  }

  func finish(_ run: FinishedRun) {
    let summary = PathText.join(run.directory, "summary.md")
    guard let data = FileManager.default.contents(atPath: summary) else {
      io.writeError("warning: could not read '\(summary)' for GITHUB_STEP_SUMMARY\n")
      return
    }
    let descriptor = open(target, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      io.writeError(
        "warning: could not append the summary to GITHUB_STEP_SUMMARY '\(target)': "
          + String(cString: strerror(errno)) + "\n")
      return
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    do {
      try handle.write(contentsOf: data)
    } catch {
      io.writeError(
        "warning: could not append the summary to GITHUB_STEP_SUMMARY '\(target)': \(error)\n")
    }
  }
}
