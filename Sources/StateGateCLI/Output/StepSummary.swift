import Foundation

/// GitHub Actions' job summary: `summary.md` appended to the file `GITHUB_STEP_SUMMARY` names.
enum StepSummary {
  /// Appends the file at `summary` to `$GITHUB_STEP_SUMMARY`, creating that file when it is
  /// missing; when it cannot be written, says so on standard error (the run's verdict stands).
  static func append(_ summary: String, io: CommandIO) {
    guard let target = io.environment["GITHUB_STEP_SUMMARY"], !target.isEmpty else { return }
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
