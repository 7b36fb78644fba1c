import Foundation

/// The files of one bundle, read so that nothing outside it is followed and nothing unbounded is
/// loaded: a path inside the bundle that resolves (through a symbolic link) to a place outside
/// it is refused, and every file is size-checked before it is read.
struct BundleFiles {
  /// The bundle as given.
  let root: String
  /// The bundle's real path (every link resolved).
  let realRoot: String

  /// Opens the bundle folder `path`.
  ///
  /// - Throws: ``XCResultError`` `missing` when nothing is there, `malformed` when it is not a
  ///   folder.
  init(_ path: String) throws(XCResultError) {
    root = path
    var status = stat()
    guard lstat(path, &status) == 0 else {
      throw XCResultError(path: path, reason: "no such file or directory", kind: .missing)
    }
    guard let real = Self.realPath(path) else {
      throw XCResultError(
        path: path, reason: "a symbolic link to something that does not exist", kind: .missing)
    }
    var target = stat()
    guard stat(real, &target) == 0, (target.st_mode & S_IFMT) == S_IFDIR else {
      throw XCResultError(
        path: path, reason: "not an .xcresult bundle: a bundle is a folder", kind: .malformed)
    }
    realRoot = real
  }

  /// The path of `relative` inside the bundle, or `nil` when nothing is there.
  ///
  /// - Throws: ``XCResultError`` when it is a link leading outside the bundle or to nothing.
  func resolve(_ relative: String) throws(XCResultError) -> String? {
    let path = root.hasSuffix("/") ? root + relative : root + "/" + relative
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    guard let real = Self.realPath(path) else {
      throw XCResultError(
        path: path, reason: "a symbolic link to something that does not exist; not followed")
    }
    guard real.hasPrefix(realRoot + "/") else {
      throw XCResultError(
        path: path,
        reason: "leads outside the bundle (to '\(real)'); an archived bundle's links are not "
          + "followed out of it")
    }
    return real
  }

  /// Whether `relative` is a folder inside the bundle.
  func isFolder(_ relative: String) throws(XCResultError) -> Bool {
    guard let path = try resolve(relative) else { return false }
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// The bytes of the regular file `relative`, at most `limit` of them.
  ///
  /// - Throws: ``XCResultError`` when it is missing, not a regular file, larger than `limit`, or
  ///   cannot be read.
  func read(_ relative: String, limit: Int) throws(XCResultError) -> [UInt8] {
    let shown = root.hasSuffix("/") ? root + relative : root + "/" + relative
    guard let path = try resolve(relative) else {
      throw XCResultError(path: shown, reason: "missing from the bundle")
    }
    return try Self.readFile(path, shown: shown, limit: limit)
  }

  /// The bytes of the regular file at `path` (named `shown` in errors), at most `limit`.
  ///
  /// The file is opened without blocking and checked with `fstat` before a byte is read, so a
  /// FIFO, a device or a socket is refused instead of waited on.
  static func readFile(_ path: String, shown: String, limit: Int) throws(XCResultError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT {
        throw XCResultError(path: shown, reason: "no such file", kind: .missing)
      }
      var status = stat()
      if lstat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
        throw XCResultError(path: shown, reason: "\(describe(status.st_mode)), not a regular file")
      }
      throw XCResultError(
        path: shown, reason: "cannot be opened: \(String(cString: strerror(code)))")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw XCResultError(
        path: shown, reason: "cannot be read: \(String(cString: strerror(errno)))")
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw XCResultError(path: shown, reason: "\(describe(status.st_mode)), not a regular file")
    }
    guard Int(status.st_size) <= limit else {
      throw XCResultError(
        path: shown,
        reason: "\(status.st_size) bytes, more than the \(limit / 1_048_576) MB stategate reads")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(status.st_size))
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        Foundation.read(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard count >= 0 else {
        throw XCResultError(
          path: shown, reason: "cannot be read: \(String(cString: strerror(errno)))")
      }
      if count == 0 { return bytes }
      bytes += chunk[0..<count]
      guard bytes.count <= limit else {
        throw XCResultError(path: shown, reason: "grew past the limit while it was read")
      }
    }
  }

  /// Refuses anything at `path` (named `shown` in errors) but a regular file, without opening
  /// it: what SQLite opens by name is checked here first, so a FIFO never blocks the read.
  ///
  /// - Throws: ``XCResultError`` `missing` when nothing is there, `malformed` when it is a
  ///   folder, a FIFO, a device or a socket.
  static func requireRegularFile(_ path: String, shown: String) throws(XCResultError) {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw XCResultError(path: shown, reason: "no such file", kind: .missing)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw XCResultError(path: shown, reason: "\(describe(status.st_mode)), not a regular file")
    }
  }

  /// What a file mode names, for messages: `a FIFO`, `a directory`, ….
  static func describe(_ mode: mode_t) -> String {
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

  /// `path` with every link and `.`/`..` resolved, or `nil` when it leads nowhere.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
