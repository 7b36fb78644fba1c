import Foundation
import ResultFiles
import RunModel
import Runner

/// One line on standard error that redraws itself while a long command works: which case of how
/// many a run is on, how much of a large file triage has read.
///
/// It is drawn only where ``CommandIO/showsProgress`` allows (a terminal, never a CI log or a
/// pipe), only once the work has gone on for ``delaySeconds``, at most every
/// ``intervalSeconds``, and it is erased before other output is written and when the work ends,
/// so it never stays in what the terminal shows. Safe to call from any thread.
package final class ProgressLine: @unchecked Sendable {
  /// How long the work must have gone on before the line first appears.
  package static let delaySeconds = 1.0
  /// The least time between two redraws.
  package static let intervalSeconds = 0.1

  private let io: CommandIO
  private let lock = NSLock()
  private let isEnabled: Bool
  private let start: Double
  private var lastDraw: Double?
  private var isShown = false
  private var planned = 0
  private var finished = 0

  /// Creates a progress line for `io`; it stays silent where progress may not be shown.
  package init(io: CommandIO) {
    self.io = io
    isEnabled = io.showsProgress
    start = io.clock()
  }

  /// Shows `text` (cut to 100 characters) if the work has gone on long enough.
  package func update(_ text: @autoclosure () -> String) {
    guard isEnabled else { return }
    lock.lock()
    defer { lock.unlock() }
    let now = io.clock()
    guard now - start >= Self.delaySeconds else { return }
    if let lastDraw, now - lastDraw < Self.intervalSeconds { return }
    lastDraw = now
    let line = TerminalText.line(text())
    let cut = line.count > 100 ? String(line.prefix(99)) + "…" : line
    io.writeError("\r\u{1B}[K" + cut)
    isShown = true
  }

  /// Erases the line, if it is shown.
  package func clear() {
    guard isEnabled else { return }
    lock.lock()
    defer { lock.unlock() }
    guard isShown else { return }
    io.writeError("\r\u{1B}[K")
    isShown = false
  }

  /// `io` with every write erasing the line first, so output never lands behind it.
  package func clearing(_ io: CommandIO) -> CommandIO {
    guard isEnabled else { return io }
    var wrapped = io
    let writeOutput = io.writeOutput
    let writeError = io.writeError
    wrapped.writeOutput = { [weak self] text in
      self?.clear()
      writeOutput(text)
    }
    wrapped.writeError = { [weak self] text in
      self?.clear()
      writeError(text)
    }
    return wrapped
  }

  /// Follows a run: the case it is on, of how many (call it from one thread).
  package func record(_ event: RunEvent) {
    switch event {
    case .runStarted(let plan):
      planned = plan.caseCount
    case .caseStarted(let suiteID, let caseID, let subject):
      update("[\(finished + 1)/\(planned)] \(suiteID)/\(caseID) · \(subject)")
    case .stepFinished(let suiteID, let caseID, let subject, let step):
      update("[\(finished + 1)/\(planned)] \(suiteID)/\(caseID) · \(subject) · step \(step.number)")
    case .stepEncoded(let suiteID, let caseID, let subject, let step):
      update("[\(finished + 1)/\(planned)] \(suiteID)/\(caseID) · \(subject) · step \(step.number)")
    case .caseFinished:
      finished += 1
    case .runFinished:
      clear()
    case .suiteStarted, .suiteFinished:
      break
    }
  }

  /// Shows a file's reading progress; what ``JUnitReader/withProgress(_:_:)`` takes (`nil` where no line
  /// may be shown, so the reader does not even count).
  package var fileReader: (@Sendable (JUnitReader.Progress) -> Void)? {
    guard isEnabled else { return nil }
    return { [weak self] progress in
      self?.update(
        Self.describe(
          path: progress.path, bytesRead: progress.bytesRead, totalBytes: progress.totalBytes))
    }
  }

  /// A file's progress as `reading NAME: 120 of 300 MB (40%)`.
  package static func describe(path: String, bytesRead: Int, totalBytes: Int) -> String {
    let megabytes = { (bytes: Int) in String(bytes / 1_048_576) }
    guard totalBytes > 0 else { return "reading \(path): \(megabytes(bytesRead)) MB" }
    let percent = min(100, bytesRead * 100 / totalBytes)
    return "reading \(path): \(megabytes(bytesRead)) of \(megabytes(totalBytes)) MB (\(percent)%)"
  }
}
