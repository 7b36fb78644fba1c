import Dispatch
import Foundation

/// Turns SIGINT, SIGTERM and SIGHUP into a flag the run checks, and a descriptor that becomes
/// readable when one arrives, so an interrupted run wakes at once, still writes what it has and
/// renames its directory into place.
final class InterruptMonitor: @unchecked Sendable {
  private let lock = NSLock()
  private var received: Int32?
  private let arrival = DispatchSemaphore(value: 0)
  private var sources: [any DispatchSourceSignal] = []
  private var wakePipe: [Int32] = [-1, -1]
  private static let signals = [SIGINT, SIGTERM, SIGHUP]

  /// The signal received, if any.
  var receivedSignal: Int32? { lock.withLock { received } }

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
    for number in Self.signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [weak self] in
        guard let self else { return }
        let writeEnd = self.lock.withLock {
          self.received = self.received ?? number
          return self.wakePipe[1]
        }
        if writeEnd >= 0 {
          var byte: UInt8 = 1
          _ = write(writeEnd, &byte, 1)
        }
        self.arrival.signal()
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Restores the default handling of the signals and closes the wake descriptor.
  func stop() {
    for source in sources {
      source.cancel()
    }
    sources.removeAll()
    for number in Self.signals {
      signal(number, SIG_DFL)
    }
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
    isInterrupted || arrival.wait(timeout: .now() + seconds) == .success
  }
}
