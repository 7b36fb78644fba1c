import Foundation
import ResultFiles

/// What a command line asks of the outputs: which command, how it reports, and where.
@MainActor
struct OutputRequest {
  /// The commands that record runs.
  enum Command {
    /// `stategate run`.
    case run
    /// `stategate explore`, whose exploration is recorded as a run.
    case explore
    /// `stategate merge`, which writes a directory from others' records, without events.
    case merge
  }

  /// The command.
  var command: Command
  /// The report's format on standard output.
  var format: OutputFormat
  /// Whether standard output gets only the result directory's path.
  var printPath: Bool
  /// How junit.xml is written, and how paths are spelt for the CI system (`nil`: no junit.xml
  /// of this command's own).
  var junit: JUnitOptions?
  /// The event stream's path and the file open on it (`--event-stream-output-path`), if asked
  /// for: opened before the run, so a path that cannot be written stops it before it starts.
  var eventStream: (path: String, handle: FileHandle)?
  /// Where output goes and what the environment holds.
  var io: CommandIO
  /// The line that shows how far the work is; every output to a terminal clears it first.
  var progress: ProgressLine

  /// Creates a request; the progress line starts now.
  init(
    _ command: Command, format: OutputFormat = .text, printPath: Bool = false,
    junit: JUnitOptions? = nil, eventStream: (path: String, handle: FileHandle)? = nil,
    io: CommandIO
  ) {
    self.command = command
    self.format = format
    self.printPath = printPath
    self.junit = junit
    self.eventStream = eventStream
    self.io = io
    progress = ProgressLine(io: io)
  }
}
