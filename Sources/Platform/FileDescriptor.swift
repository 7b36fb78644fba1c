import CPlatform
import Foundation

/// An open descriptor of this process, as the operating system numbers it.
///
/// A plain value: copying it does not duplicate the descriptor, and ``close()`` closes it for
/// every copy, so one owner closes it once. Every call resumes after a signal (`EINTR`).
package struct FileDescriptor: Hashable, Sendable, CustomStringConvertible {
  /// The operating system's number for the descriptor.
  package let rawValue: Int32

  /// The descriptor numbered `rawValue`, which must be open (or `nil` for a negative number,
  /// which is how C calls say "none").
  package init?(rawValue: Int32) {
    guard rawValue >= 0 else { return nil }
    self.rawValue = rawValue
  }

  package var description: String { "descriptor \(rawValue)" }

  /// What one read gave.
  package enum ReadResult: Equatable, Sendable {
    /// This many bytes (at least one) were read.
    case bytes(Int)
    /// Nothing is there yet (a non-blocking descriptor).
    case wouldBlock
    /// The other end is closed and everything was read.
    case ended
    /// The read failed with this error number.
    case failed(Int32)
  }

  /// Reads what is there into `buffer`, at most its count.
  package func read(into buffer: inout [UInt8]) -> ReadResult {
    while true {
      let count = buffer.withUnsafeMutableBytes {
        Foundation.read(rawValue, $0.baseAddress, $0.count)
      }
      if count > 0 { return .bytes(count) }
      if count == 0 { return .ended }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return .wouldBlock
      case let code: return .failed(code)
      }
    }
  }

  /// Reads what is there, at most `limit` bytes.
  ///
  /// - Returns: The bytes (empty when nothing is there or the read failed), and whether the other
  ///   end is closed and everything was read.
  package func read(atMost limit: Int) -> (bytes: [UInt8], ended: Bool) {
    var buffer = [UInt8](repeating: 0, count: limit)
    switch read(into: &buffer) {
    case .bytes(let count): return (Array(buffer[..<count]), false)
    case .ended: return ([], true)
    case .wouldBlock, .failed: return ([], false)
    }
  }

  /// Writes all of `bytes`, in as many writes as it takes.
  ///
  /// - Returns: `false` when the descriptor can no longer be written to (its reader is gone).
  package func writeAll(_ bytes: some ContiguousBytes) -> Bool {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = Foundation.write(
          rawValue, raw.baseAddress?.advanced(by: offset), raw.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return false }
        offset += written
      }
      return true
    }
  }

  /// Makes reads and writes return at once instead of waiting (``ReadResult/wouldBlock``).
  ///
  /// - Throws: ``PlatformError`` when the descriptor's flags cannot be read or set.
  package func setNonBlocking() throws(PlatformError) {
    let flags = fcntl(rawValue, F_GETFL)
    guard flags >= 0, fcntl(rawValue, F_SETFL, flags | O_NONBLOCK) == 0 else {
      throw PlatformError("make \(self) non-blocking")
    }
  }

  /// Closes the descriptor; its number may then be reused by the next one opened.
  package func close() {
    _ = Foundation.close(rawValue)
  }
}

/// The two ends of a pipe, both close-on-exec from the instant they exist: a process spawned by
/// another thread meanwhile inherits neither, so a reader sees the pipe end when its writer ends.
package struct PipePair: Sendable {
  /// The end bytes are read from.
  package let reading: FileDescriptor
  /// The end bytes are written to.
  package let writing: FileDescriptor

  /// Creates a pipe.
  ///
  /// - Throws: ``PlatformError`` when the system has no descriptor left for it.
  package init() throws(PlatformError) {
    var descriptors: [Int32] = [-1, -1]
    guard stategate_pipe_cloexec(&descriptors) == 0,
      let reading = FileDescriptor(rawValue: descriptors[0]),
      let writing = FileDescriptor(rawValue: descriptors[1])
    else { throw PlatformError("create a pipe") }
    self.reading = reading
    self.writing = writing
  }

  /// Closes both ends.
  package func close() {
    reading.close()
    writing.close()
  }
}

/// Waiting for descriptors to have something to read.
package enum Poll {
  /// Waits until one of `descriptors` has something to read (or its writer has closed it), or
  /// `timeout` seconds have passed; a signal that arrives meanwhile does not cut the wait short.
  ///
  /// With no descriptors it waits the whole `timeout`, as `poll` does: a caller whose pipes have
  /// all ended still paces its loop.
  ///
  /// - Returns: Whether one of them is readable (`false` when the time ran out).
  @discardableResult
  package static func waitForInput(on descriptors: [FileDescriptor], timeout: Double) -> Bool {
    var entries = descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
    let deadline = ProcessInfo.processInfo.systemUptime + max(0, timeout)
    while true {
      let left = deadline - ProcessInfo.processInfo.systemUptime
      let milliseconds = Int32(min(max(0, left), Double(Int32.max / 1000)) * 1000)
      let ready = poll(&entries, nfds_t(entries.count), milliseconds)
      if ready > 0 { return true }
      if ready == 0 { return false }
      if errno != EINTR { return false }
      if left <= 0 { return false }
    }
  }
}
