import RunModel

/// A consumer of one run's events: the console, the progress line, the CI system's annotations.
///
/// The contract: ``init(_:)`` returns `nil` unless the command line in the request wants this
/// output, and writes nothing; ``record(_:)`` takes every ``RunEvent`` in the order the run
/// produced it, after the result directory's own output; ``finish(_:)`` is called once, after
/// the result directory is in place, and never for a run whose directory could not be written.
/// A output reports its own write problems as warnings: the run's verdict stands. The
/// commands' tests (`RunCommandTests`, `CIIntegrationTests`) hold the outputs to it.
///
/// Every output is listed once in ``OutputRegistry``; see `docs/contributing.md`, "Adding an
/// output format".
@MainActor
protocol RunOutput: AnyObject {
  /// Creates the output when `request` wants it, or returns `nil`.
  init?(_ request: OutputRequest)

  /// Takes one event of the run.
  func record(_ event: RunEvent)

  /// Takes the finished run, once its result directory is in place.
  func finish(_ run: FinishedRun)
}

extension RunOutput {
  /// Ignores the event (for a output that only writes once the run has finished).
  func record(_ event: RunEvent) {}

  /// Does nothing (for a output that writes as the run goes).
  func finish(_ run: FinishedRun) {}
}

/// A run whose result directory is in place, as outputs see it when it has finished.
struct FinishedRun {
  /// The result directory's final path.
  var directory: String
  /// What the run produced (`nil` for a directory merged from others).
  var report: RunReport?
  /// The plan it ran (`nil` for a directory merged from others).
  var plan: RunPlan?
}
