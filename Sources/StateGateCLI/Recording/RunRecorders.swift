import Foundation
import ResultFiles
import ResultRecording
import ResultSchema
import RunModel

/// The recorders of one command line: its result directory's own, then the registry's choice.
///
/// Commands hand every event and the finished run to this one value; which recorders there are
/// besides the result directory's is decided in ``RecorderRegistry`` alone.
@MainActor
final class RunRecorders {
  private let directory: ResultRecorder?
  private let recorders: [any RunEventRecording]

  /// Creates the recorders `request` wants, after `directory` (`nil` when the command writes
  /// its directory another way, as `merge` does).
  init(directory: ResultRecorder?, request: RecorderRequest) {
    self.directory = directory
    recorders = RecorderRegistry.recorders(for: request)
  }

  /// Hands `event` to the result directory's recorder, then to every other.
  func record(_ event: RunEvent) {
    directory?.record(event)
    for recorder in recorders {
      recorder.record(event)
    }
  }

  /// Finishes the result directory, then every other recorder with the finished run.
  ///
  /// - Returns: The result directory's final path.
  /// - Throws: The result directory's first ``ResultDirectoryError``; the other recorders are
  ///   then not finished.
  func finish(report: RunReport, plan: RunPlan, status: Manifest.Status, endDate: Date)
    throws(ResultDirectoryError) -> String
  {
    guard let directory else {
      preconditionFailure("RunRecorders.finish(report:...) needs the result directory's recorder")
    }
    let path = try directory.finish(report: report, status: status, endDate: endDate)
    finish(FinishedRun(directory: path, report: report, plan: plan))
    return path
  }

  /// Finishes every recorder but the result directory's with `run`, whose directory is in place.
  func finish(_ run: FinishedRun) {
    for recorder in recorders {
      recorder.finish(run)
    }
  }
}
