/// A suite file that could not be read, with the place and what was expected there.
public struct SuiteReadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Why reading failed.
  public enum Kind: Equatable, Sendable {
    /// The file or directory does not exist.
    case missing
    /// The file exists but could not be read.
    case unreadable
    /// The file's text does not follow the suite format.
    case malformed
  }

  /// Why reading failed.
  public var kind: Kind
  /// The file's path as given.
  public var path: String
  /// The 1-based line, or 0 when the problem is the whole file.
  public var line: Int
  /// The 1-based column, or 0 when the problem is the whole line or file.
  public var column: Int
  /// What was wrong and what was expected.
  public var message: String

  /// Creates an error.
  public init(kind: Kind = .malformed, path: String, line: Int, column: Int, message: String) {
    self.kind = kind
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  /// The error as one line: `path:line:column: message`.
  public var description: String {
    switch (line, column) {
    case (0, _): "\(path): \(message)"
    case (_, 0): "\(path):\(line): \(message)"
    default: "\(path):\(line):\(column): \(message)"
    }
  }
}
