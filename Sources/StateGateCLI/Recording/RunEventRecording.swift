import RunModel

/// A consumer of one run's events: the console, the progress line, the CI system's annotations.
///
/// The contract: ``init(_:)`` returns `nil` unless the command line in the request wants this
/// output, and writes nothing; ``record(_:)`` takes every ``RunEvent`` in the order the run
/// produced it, after the result directory's own recorder; ``finish(_:)`` is called once, after
/// the result directory is in place, and never for a run whose directory could not be written.
/// A recorder reports its own write problems as warnings: the run's verdict stands. The
/// commands' tests (`RunCommandTests`, `CIIntegrationTests`) hold the recorders to it.
///
/// Every recorder is listed once in ``RecorderRegistry``; see `docs/contributing.md`, "Adding an
/// output format".
@MainActor
protocol RunEventRecording: AnyObject {
  /// Creates the recorder when `request` wants it, or returns `nil`.
  init?(_ request: RecorderRequest)

  /// Takes one event of the run.
  func record(_ event: RunEvent)

  /// Takes the finished run, once its result directory is in place.
  func finish(_ run: FinishedRun)
}

extension RunEventRecording {
  /// Ignores the event (for a recorder that only writes once the run has finished).
  func record(_ event: RunEvent) {}

  /// Does nothing (for a recorder that writes as the run goes).
  func finish(_ run: FinishedRun) {}
}

/// A run whose result directory is in place, as recorders see it when it has finished.
struct FinishedRun {
  /// The result directory's final path.
  var directory: String
  /// What the run produced (`nil` for a directory merged from others).
  var report: RunReport?
  /// The plan it ran (`nil` for a directory merged from others).
  var plan: RunPlan?
}
