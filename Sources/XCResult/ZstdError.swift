/// A Zstandard frame that could not be decompressed, or that would decompress beyond the limit.
public struct ZstdError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The compressed file.
  public var path: String
  /// Why: zstd's own message, a frame cut short, or the limit.
  public var reason: String

  /// Creates an error.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `'PATH': not a complete Zstandard frame: REASON`.
  public var description: String { "'\(path)': \(reason)" }
}
