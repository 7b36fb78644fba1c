import Foundation

/// Opens files named on the command line (suites, recordings) so that only a regular file is
/// ever read and opening never blocks: a FIFO, a device or a socket is refused, not waited on.
///
/// The file is opened with `O_NONBLOCK` and checked with `fstat` before a byte is read; the
/// readers above `Contracts` that take a path from the user open it here.
package enum RegularFile {
  /// Why a path could not be opened as a regular file.
  package enum Failure: Error, Equatable {
    /// Nothing is there (or a symbolic link leads nowhere); the text says which.
    case missing(String)
    /// Something is there that is not a regular file: `a FIFO, not a regular file`.
    case notRegular(String)
    /// It could not be opened or examined; the system's reason.
    case unreadable(String)
  }

  /// Opens the regular file at `path` for reading.
  ///
  /// - Returns: A handle that closes the file when released.
  /// - Throws: ``Failure`` when nothing is there, when it is not a regular file, or when it
  ///   cannot be opened.
  package static func open(_ path: String) throws(Failure) -> FileHandle {
    let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else {
      let code = errno
      var status = stat()
      if code == ENOENT {
        throw .missing(
          lstat(path, &status) == 0
            ? "a symbolic link to something that does not exist" : "no such file")
      }
      if lstat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
        throw .notRegular("\(describe(status.st_mode)), not a regular file")
      }
      throw .unreadable(String(cString: strerror(code)))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw .unreadable(reason)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      throw .notRegular("\(describe(status.st_mode)), not a regular file")
    }
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
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
}
