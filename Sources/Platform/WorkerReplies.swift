import CPlatform
import Foundation

/// A worker's crash-safe reply buffer: written out when full, when its oldest bytes are older
/// than a limit (or a step was slow), on ``flush()``, on SIGURG, at `exit` and on a fatal signal
/// — after which a `crashing` reply names the signal.
package enum WorkerReplies {
  /// Starts the buffer for `descriptor`.
  ///
  /// - Parameters:
  ///   - descriptor: Where replies go.
  ///   - capacity: The buffer's size in bytes.
  ///   - maximumDelay: How long, in nanoseconds, a reply may wait in the buffer.
  ///   - version: The message version the `crashing` reply carries.
  /// - Returns: `false` when a buffer is already started or memory could not be allocated.
  package static func start(descriptor: Int32, capacity: Int, maximumDelay: Int, version: Int)
    -> Bool
  {
    stategate_replies_start(descriptor, capacity, maximumDelay, Int32(version)) == 0
  }

  /// Appends `bytes`, writing the buffer out as ``start(descriptor:capacity:maximumDelay:version:)``
  /// says.
  ///
  /// - Throws: ``PlatformError`` when a write failed or no buffer is started.
  package static func append(_ bytes: some ContiguousBytes) throws(PlatformError) {
    let status = bytes.withUnsafeBytes { stategate_replies_append($0.baseAddress, $0.count) }
    guard status == 0 else { throw PlatformError("write a reply") }
  }

  /// Writes out what the buffer holds.
  ///
  /// - Throws: ``PlatformError`` when the write failed or no buffer is started.
  package static func flush() throws(PlatformError) {
    guard stategate_replies_flush() == 0 else { throw PlatformError("write a reply") }
  }
}
