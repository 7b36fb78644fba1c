import CSQLite

/// A read-only connection to an SQLite database that is evidence: opened with
/// `SQLITE_OPEN_READONLY | SQLITE_OPEN_URI` through a `file:…?immutable=1` URI, so SQLite neither
/// writes nor locks it, nor creates a journal or WAL beside it.
///
/// The only code in stategate that calls SQLite: each C call is wrapped here, once, and its
/// failures become ``SQLiteError``s.
final class SQLiteDatabase {
  /// The database file.
  let path: String
  private let handle: OpaquePointer

  /// Opens `path` read-only and immutable.
  ///
  /// - Throws: ``SQLiteError`` when SQLite cannot open it.
  init(readingImmutable path: String) throws(SQLiteError) {
    self.path = path
    var opened: OpaquePointer?
    let status = sqlite3_open_v2(
      "file:" + Self.uriPath(path) + "?immutable=1", &opened,
      SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
    guard status == SQLITE_OK, let opened else {
      let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      sqlite3_close(opened)
      throw SQLiteError(path: path, code: status, message: message)
    }
    handle = opened
  }

  deinit {
    sqlite3_close(handle)
  }

  /// Runs `sql` and calls `body` with each row, in order.
  ///
  /// - Throws: ``SQLiteError`` when the statement fails to compile or a step fails (a corrupt
  ///   page, a short read), or what `body` throws.
  func forEachRow(_ sql: String, _ body: (SQLiteRow) throws -> Void) throws {
    var statement: OpaquePointer?
    let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard prepared == SQLITE_OK, let statement else {
      throw failure(prepared, sql)
    }
    defer { sqlite3_finalize(statement) }
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return }
      guard status == SQLITE_ROW else { throw failure(status, sql) }
      try body(SQLiteRow(statement: statement))
    }
  }

  /// The names of the database's tables.
  ///
  /// - Throws: ``SQLiteError`` when the schema cannot be read (not a database).
  func tableNames() throws(SQLiteError) -> Set<String> {
    var names: Set<String> = []
    do {
      try forEachRow("SELECT name FROM sqlite_master WHERE type = 'table'") { row in
        if let name = row.text(0) { names.insert(name) }
      }
    } catch let error as SQLiteError {
      throw error
    } catch {
      throw SQLiteError(path: path, code: SQLITE_ERROR, message: "\(error)")
    }
    return names
  }

  /// The result of `PRAGMA quick_check`: `nil` when the file's structure is sound, else the
  /// first problem SQLite found.
  ///
  /// - Throws: ``SQLiteError`` when the check itself cannot run.
  func structuralProblem() throws(SQLiteError) -> String? {
    var lines: [String] = []
    do {
      try forEachRow("PRAGMA quick_check(1)") { row in
        lines.append(row.text(0) ?? "")
      }
    } catch let error as SQLiteError {
      throw error
    } catch {
      throw SQLiteError(path: path, code: SQLITE_ERROR, message: "\(error)")
    }
    return lines == ["ok"] ? nil : (lines.first ?? "quick_check returned nothing")
  }

  private func failure(_ status: Int32, _ sql: String) -> SQLiteError {
    let statement = sql.split(separator: " ").prefix(4).joined(separator: " ")
    return SQLiteError(
      path: path, code: status,
      message: String(cString: sqlite3_errmsg(handle)) + " (in '\(statement) …')")
  }

  /// `path` as a URI path: every byte but unreserved characters and `/` percent-encoded, so
  /// `?`, `#` and `%` in a folder name stay part of the name.
  static func uriPath(_ path: String) -> String {
    var encoded = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        encoded.unicodeScalars.append("%")
        encoded.unicodeScalars.append(hex[Int(byte >> 4)])
        encoded.unicodeScalars.append(hex[Int(byte & 0x0F)])
      }
    }
    return encoded
  }
}

/// One row of a running statement; valid only inside ``SQLiteDatabase/forEachRow(_:_:)``.
struct SQLiteRow {
  fileprivate let statement: OpaquePointer

  /// Column `index` as an integer, `nil` when NULL.
  func int(_ index: Int32) -> Int? {
    sqlite3_column_type(statement, index) == SQLITE_NULL
      ? nil : Int(sqlite3_column_int64(statement, index))
  }

  /// Column `index` as a floating-point number, `nil` when NULL.
  func double(_ index: Int32) -> Double? {
    sqlite3_column_type(statement, index) == SQLITE_NULL
      ? nil : sqlite3_column_double(statement, index)
  }

  /// Column `index` as UTF-8 text (invalid sequences repaired), `nil` when NULL.
  func text(_ index: Int32) -> String? {
    guard sqlite3_column_type(statement, index) != SQLITE_NULL,
      let bytes = sqlite3_column_text(statement, index)
    else { return nil }
    let count = Int(sqlite3_column_bytes(statement, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }
}
