/// A Zstandard frame that could not be decompressed, or that would decompress beyond the limit.
package struct ZstdError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The compressed file.
  package var path: String
  /// Why: zstd's own message, a frame cut short, or the limit.
  package var reason: String

  /// Creates an error.
  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `'PATH': not a complete Zstandard frame: REASON`.
  package var description: String { "'\(path)': \(reason)" }
}
