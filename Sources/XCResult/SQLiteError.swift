/// A failure SQLite reported while an `.xcresult` database was read.
package struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The database file.
  package var path: String
  /// SQLite's result code (`SQLITE_CORRUPT` is 11, `SQLITE_NOTADB` 26).
  package var code: Int32
  /// SQLite's own message, with the statement when one failed.
  package var message: String

  /// Creates an error.
  package init(path: String, code: Int32, message: String) {
    self.path = path
    self.code = code
    self.message = message
  }

  /// `'PATH': SQLite error 26: file is not a database`.
  package var description: String { "'\(path)': SQLite error \(code): \(message)" }
}
