import Foundation

/// An archived input opened for reading: only a regular file is ever read, and opening never
/// blocks (a FIFO named `*.xml` is refused instead of waiting forever for a writer).
///
/// Every reader of archived inputs (JUnit, event logs, Swift Testing event streams) opens files
/// through this type, so the rule holds everywhere.
package final class InputFile {
  /// The most bytes one line of a JSON Lines file may hold.
  package static let lineLimit = 16 * 1024 * 1024

  /// The file's path.
  package let path: String
  private var descriptor: Int32

  /// Opens the regular file at `path`.
  ///
  /// - Throws: ``InputFileError`` when nothing is there, when it is not a regular file, or when
  ///   it cannot be opened.
  package init(path: String) throws(InputFileError) {
    self.path = path
    descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else {
      let code = errno
      var status = stat()
      if code == ENOENT && lstat(path, &status) == 0 {
        throw InputFileError(
          kind: .missing, path: path, message: "a symbolic link to something that does not exist")
      }
      throw InputFileError(
        kind: code == ENOENT ? .missing : .unreadable, path: path,
        message: code == ENOENT ? "no such file" : String(cString: strerror(code)))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let message = String(cString: strerror(errno))
      close()
      throw InputFileError(kind: .unreadable, path: path, message: message)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      let what = Self.describe(status.st_mode)
      close()
      throw InputFileError(
        kind: .notRegularFile, path: path, message: "\(what), not a regular file")
    }
    size = Int(status.st_size)
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 {
      _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
    }
  }

  deinit {
    close()
  }

  /// What a file mode names, for messages: `a FIFO`, `a directory`, ….
  package static func describe(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFLNK: "a symbolic link"
    default: "a special file"
    }
  }

  /// Reads up to `count` bytes at the current position into `buffer`.
  ///
  /// - Returns: The number of bytes read, 0 at the end of the file, -1 on an error.
  package func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
    while true {
      let result = Foundation.read(descriptor, buffer, count)
      if result < 0 && errno == EINTR { continue }
      return result
    }
  }

  /// The file's size in bytes when it was opened.
  package private(set) var size = 0

  /// Reads up to `count` bytes from `offset` without moving the position.
  package func bytes(at offset: Int, count: Int) -> [UInt8] {
    let count = max(0, min(count, size - offset))
    var bytes = [UInt8](repeating: 0, count: count)
    let read = bytes.withUnsafeMutableBytes {
      pread(descriptor, $0.baseAddress, count, off_t(offset))
    }
    return Array(bytes.prefix(max(0, read)))
  }

  /// Calls `body` with every line of the file, in order, without holding more than one line.
  ///
  /// - Parameter body: Receives the line number (from 1), the line's bytes without the line
  ///   break (and without a trailing carriage return), and whether a line break ended it (false
  ///   only for a last line cut off by the end of the file).
  /// - Throws: ``InputFileError`` when reading fails or a line is longer than ``lineLimit``;
  ///   anything `body` throws.
  package func forEachLine(
    _ body: (_ number: Int, _ line: ArraySlice<UInt8>, _ terminated: Bool) throws -> Void
  ) throws {
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    var number = 0
    func emit(_ line: ArraySlice<UInt8>, terminated: Bool) throws {
      number += 1
      var line = line
      if terminated, line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      try body(number, line, terminated)
    }
    while true {
      let count = chunk.withUnsafeMutableBytes { raw in
        raw.baseAddress.map { read(into: $0, count: raw.count) } ?? -1
      }
      if count < 0 {
        throw InputFileError(
          kind: .unreadable, path: path, line: number + 1, message: String(cString: strerror(errno))
        )
      }
      if count == 0 { break }
      var start = 0
      while let newline = chunk[start..<count].firstIndex(of: UInt8(ascii: "\n")) {
        if pending.isEmpty {
          try emit(chunk[start..<newline], terminated: true)
        } else {
          pending += chunk[start..<newline]
          try emit(pending[...], terminated: true)
          pending.removeAll(keepingCapacity: true)
        }
        start = newline + 1
      }
      pending += chunk[start..<count]
      if pending.count > Self.lineLimit {
        throw InputFileError(
          kind: .unreadable, path: path, line: number + 1,
          message: "a line longer than \(Self.lineLimit / 1_048_576) MB")
      }
    }
    if !pending.isEmpty {
      try emit(pending[...], terminated: false)
    }
  }

  /// Closes the file; later reads fail.
  package func close() {
    if descriptor >= 0 {
      Foundation.close(descriptor)
      descriptor = -1
    }
  }
}
