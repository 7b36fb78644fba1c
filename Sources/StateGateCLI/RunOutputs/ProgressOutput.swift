import RunModel

/// Shows which case of how many `run` is on, on the request's ``ProgressLine``.
@MainActor
final class ProgressOutput: RunOutput {
  private let progress: ProgressLine

  init?(_ request: OutputRequest) {
    guard request.command == .run else { return nil }
    progress = request.progress
  }

  func record(_ event: RunEvent) {
    progress.record(event)
  }
}
