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
  private var wakePipe: [Int32] = [-1, -1]

  /// The signal received, if any.
  var receivedSignal: Int32? { Interrupts.caughtSignal }

  /// Whether a signal asked the run to stop.
  var isInterrupted: Bool { receivedSignal != nil }

  /// A descriptor that becomes readable when a signal arrives; -1 before ``start()``.
  var wakeDescriptor: Int32 { lock.withLock { wakePipe[0] } }

  /// Starts catching SIGINT, SIGTERM and SIGHUP.
  func start() {
    var descriptors: [Int32] = [-1, -1]
    if pipe(&descriptors) == 0 {
      for descriptor in descriptors {
        _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      }
      lock.withLock { wakePipe = descriptors }
    }
    try? Interrupts.watch(wakeDescriptor: descriptors[1])
  }

  /// Puts back the handling the signals had before ``start()`` (the default actions, or the
  /// executable's own catching from its first instant), forgets the signal received and closes
  /// the wake descriptor.
  func stop() {
    Interrupts.stopWatching()
    lock.withLock {
      for descriptor in wakePipe where descriptor >= 0 {
        close(descriptor)
      }
      wakePipe = [-1, -1]
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
      var entry = pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&entry, 1, Int32(min(left, 1) * 1000) + 1)
    }
    return true
  }
}
