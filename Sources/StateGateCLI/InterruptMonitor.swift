import Dispatch
import Foundation

/// Turns SIGINT, SIGTERM and SIGHUP into a flag the runner checks between steps, so an interrupted run
/// still writes what it has and renames its directory into place.
final class InterruptMonitor: @unchecked Sendable {
  private let lock = NSLock()
  private var received: Int32?
  private let arrival = DispatchSemaphore(value: 0)
  private var sources: [any DispatchSourceSignal] = []
  private static let signals = [SIGINT, SIGTERM, SIGHUP]

  /// The signal received, if any.
  var receivedSignal: Int32? { lock.withLock { received } }

  /// Whether a signal asked the run to stop.
  var isInterrupted: Bool { receivedSignal != nil }

  /// Starts catching SIGINT and SIGTERM.
  func start() {
    for number in Self.signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [weak self] in
        guard let self else { return }
        self.lock.withLock { self.received = self.received ?? number }
        self.arrival.signal()
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Restores the default handling of SIGINT and SIGTERM.
  func stop() {
    for source in sources {
      source.cancel()
    }
    sources.removeAll()
    for number in Self.signals {
      signal(number, SIG_DFL)
    }
  }

  /// Blocks until a signal arrives or `seconds` pass, and returns whether one arrived.
  ///
  /// Only the test hook `STATEGATE_TEST_HOLD_AFTER_STEP` waits here.
  func waitForSignal(seconds: Double) -> Bool {
    isInterrupted || arrival.wait(timeout: .now() + seconds) == .success
  }
}
