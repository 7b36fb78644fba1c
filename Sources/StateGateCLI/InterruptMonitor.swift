import Foundation
import Platform

/// Turns SIGINT, SIGTERM and SIGHUP into a flag the run checks, and a descriptor that becomes
/// readable when one arrives, so an interrupted run wakes at once, still writes what it has and
/// renames its directory into place.
///
/// The handlers are installed with one `sigaction` each, so from ``start()`` on no such signal is
/// ignored or lost, however early it comes. The `stategate` executable catches them from its
/// first instant (`stategate_catch_signals_from_start`, run by a constructor before `main`): a
/// signal that arrived before ``start()`` counts as received, and wakes the run at once.
final class InterruptMonitor: @unchecked Sendable {
  private let lock = NSLock()
  private var wakePipe: PipePair?

  /// The signal received, if any.
  var receivedSignal: Int32? { Interrupts.caughtSignal }

  /// Whether a signal asked the run to stop.
  var isInterrupted: Bool { receivedSignal != nil }

  /// A descriptor that becomes readable when a signal arrives; `nil` before ``start()``.
  var wakeDescriptor: FileDescriptor? { lock.withLock { wakePipe?.reading } }

  /// Starts catching SIGINT, SIGTERM and SIGHUP.
  func start() {
    // Without a pipe (no descriptor left) the flag still stops the run, only less promptly.
    let pipe = try? PipePair()
    if let pipe {
      try? pipe.reading.setNonBlocking()
      try? pipe.writing.setNonBlocking()
      lock.withLock { wakePipe = pipe }
    }
    try? Interrupts.watch(wakeDescriptor: pipe?.writing)
  }

  /// Puts back the handling the signals had before ``start()`` (the default actions, or the
  /// executable's own catching from its first instant), forgets the signal received and closes
  /// the wake descriptor.
  func stop() {
    Interrupts.stopWatching()
    lock.withLock {
      wakePipe?.close()
      wakePipe = nil
    }
  }

  /// Blocks until a signal arrives or `seconds` pass, and returns whether one arrived.
  ///
  /// Only the test hooks wait here.
  func waitForSignal(seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !isInterrupted {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return false }
      Poll.waitForInput(on: wakeDescriptor.map { [$0] } ?? [], timeout: min(left, 1) + 0.001)
    }
    return true
  }
}
