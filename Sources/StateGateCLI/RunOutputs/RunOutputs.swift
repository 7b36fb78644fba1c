import Foundation
import ResultFiles
import ResultSchema
import ResultWriting
import RunModel

/// The outputs of one command line: its result directory's own, then the registry's choice.
///
/// Commands hand every event and the finished run to this one value; which outputs there are
/// besides the result directory's is decided in ``OutputRegistry`` alone.
@MainActor
final class RunOutputs {
  private let directory: ResultDirectoryWriter?
  private let outputs: [any RunOutput]

  /// Creates the outputs `request` wants, after `directory` (`nil` when the command writes
  /// its directory another way, as `merge` does).
  init(directory: ResultDirectoryWriter?, request: OutputRequest) {
    self.directory = directory
    outputs = OutputRegistry.outputs(for: request)
  }

  /// Hands `event` to the result directory's output, then to every other.
  func record(_ event: RunEvent) {
    directory?.record(event)
    for output in outputs {
      output.record(event)
    }
  }

  /// Finishes the result directory, then every other output with the finished run.
  ///
  /// - Returns: The result directory's final path.
  /// - Throws: The result directory's first ``ResultDirectoryError``; the other outputs are
  ///   then not finished.
  func finish(report: RunReport, plan: RunPlan, status: Manifest.Status, endDate: Date)
    throws(ResultDirectoryError) -> String
  {
    guard let directory else {
      preconditionFailure("RunOutputs.finish(report:...) needs the result directory's output")
    }
    let path = try directory.finish(report: report, status: status, endDate: endDate)
    finish(FinishedRun(directory: path, report: report, plan: plan))
    return path
  }

  /// Finishes every output but the result directory's with `run`, whose directory is in place.
  func finish(_ run: FinishedRun) {
    for output in outputs {
      output.finish(run)
    }
  }
}
