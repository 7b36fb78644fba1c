/// An archived input that could not be opened or read as a regular file.
package struct InputFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Why the file could not be read.
  package enum Kind: Equatable, Sendable {
    /// Nothing exists at the path (or a symbolic link points nowhere).
    case missing
    /// Something exists but is not a regular file (a FIFO, socket, device or directory).
    case notRegularFile
    /// The file exists but reading it failed, or one of its lines is too long to hold.
    case unreadable
  }

  /// Why the file could not be read.
  package var kind: Kind
  /// The file's path.
  package var path: String
  /// The line where reading stopped (0: the whole file).
  package var line: Int
  /// What was wrong.
  package var message: String

  /// Creates an error.
  package init(kind: Kind, path: String, line: Int = 0, message: String) {
    self.kind = kind
    self.path = path
    self.line = line
    self.message = message
  }

  /// The error as one line: `'path':line: message`.
  package var description: String {
    line > 0 ? "'\(path)':\(line): \(message)" : "'\(path)': \(message)"
  }
}
