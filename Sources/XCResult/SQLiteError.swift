/// A failure SQLite reported while an `.xcresult` database was read.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The database file.
  public var path: String
  /// SQLite's result code (`SQLITE_CORRUPT` is 11, `SQLITE_NOTADB` 26).
  public var code: Int32
  /// SQLite's own message, with the statement when one failed.
  public var message: String

  /// Creates an error.
  public init(path: String, code: Int32, message: String) {
    self.path = path
    self.code = code
    self.message = message
  }

  /// `'PATH': SQLite error 26: file is not a database`.
  public var description: String { "'\(path)': SQLite error \(code): \(message)" }
}
