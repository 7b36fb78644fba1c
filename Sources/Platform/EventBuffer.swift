import CPlatform
import Foundation

/// The process's one crash-safe output buffer: bytes appended to it are written by ``flush()``,
/// by ``stop()``, and — when the crash record is armed — by its fatal-signal handler, so a crash
/// loses nothing appended before it.
package enum EventBuffer {
  /// Starts the buffer for `descriptor`, of `capacity` bytes.
  ///
  /// - Returns: `false` when a buffer is already started or memory could not be allocated.
  package static func start(descriptor: Int32, capacity: Int) -> Bool {
    stategate_buffer_start(descriptor, capacity) == 0
  }

  /// Appends `bytes`, writing the buffer first when they do not fit.
  ///
  /// - Throws: ``PlatformError`` when a write failed or no buffer is started.
  package static func append(_ bytes: some ContiguousBytes) throws(PlatformError) {
    let status = bytes.withUnsafeBytes { stategate_buffer_append($0.baseAddress, $0.count) }
    guard status == 0 else { throw PlatformError("write") }
  }

  /// Writes what the buffer holds.
  ///
  /// - Throws: ``PlatformError`` when the write failed.
  package static func flush() throws(PlatformError) {
    guard stategate_buffer_flush() == 0 else { throw PlatformError("write") }
  }

  /// Flushes and releases the buffer.
  ///
  /// - Throws: ``PlatformError`` when the last write failed or no buffer was started.
  package static func stop() throws(PlatformError) {
    guard stategate_buffer_stop() == 0 else { throw PlatformError("write") }
  }
}
