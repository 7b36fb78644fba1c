import Foundation

/// A call into the operating system that failed: what was asked, and the system's error number.
package struct PlatformError: Error, Equatable, CustomStringConvertible {
  /// What was asked, such as `rename 'a' to 'b'`.
  package var operation: String
  /// The system's error number (`errno`).
  package var code: Int32

  /// Creates an error for `operation` from `code`, by default the current `errno`.
  package init(_ operation: String, code: Int32 = errno) {
    self.operation = operation
    self.code = code
  }

  /// The system's words for ``code``, such as `File exists`.
  package var reason: String { String(cString: strerror(code)) }

  package var description: String { "\(operation): \(reason)" }
}
