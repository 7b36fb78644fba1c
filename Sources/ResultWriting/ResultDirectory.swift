import Foundation
import Platform
import ResultFiles
import ResultSchema

/// One run's result directory: built as `.<prefix>-<UUID>.partial` inside the output directory
/// and renamed to `<prefix>-<UUID>` when complete; an existing directory is never reused.
package final class ResultDirectory: Sendable {
  /// The suffix of a directory still being written, or left by a killed run.
  package static let partialSuffix = ResultDirectoryLayout.partialSuffix

  /// The run's id, the end of the directory's name.
  package let runID: UUID
  /// The output directory the run's directory lives in.
  package let outputPath: String
  /// The final name, `<prefix>-<UUID>`.
  package let name: String

  /// The directory's path while it is being written.
  package var temporaryPath: String {
    PathText.join(outputPath, ".\(name)\(Self.partialSuffix)")
  }
  /// The directory's path once finished.
  package var finalPath: String { PathText.join(outputPath, name) }

  private init(runID: UUID, outputPath: String, name: String) {
    self.runID = runID
    self.outputPath = outputPath
    self.name = name
  }

  /// Creates the output directory if needed and a new run directory under its temporary name.
  ///
  /// - Parameters:
  ///   - outputPath: The output directory, created with its parents if missing.
  ///   - prefix: The start of the run directory's name; must pass `ResultDirectoryLayout.isValidPrefix(_:)`.
  /// - Returns: The new directory, empty.
  /// - Throws: ``ResultDirectoryError/cannotCreate(path:reason:)`` with the path that failed.
  package static func create(in outputPath: String, prefix: String) throws(ResultDirectoryError)
    -> ResultDirectory
  {
    precondition(
      ResultDirectoryLayout.isValidPrefix(prefix), "invalid result directory prefix '\(prefix)'")
    try makeDirectories(outputPath)
    for _ in 0..<8 {
      let runID = UUID()
      let directory = ResultDirectory(
        runID: runID, outputPath: outputPath, name: "\(prefix)-\(runID.uuidString.lowercased())")
      if mkdir(directory.temporaryPath, 0o755) == 0 {
        if FileManager.default.fileExists(atPath: directory.finalPath) {
          rmdir(directory.temporaryPath)
          continue
        }
        return directory
      }
      guard errno == EEXIST else {
        throw .cannotCreate(path: directory.temporaryPath, reason: String(cString: strerror(errno)))
      }
    }
    throw .cannotCreate(path: outputPath, reason: "could not find an unused run directory name")
  }

  /// The path of `file` inside the directory while it is being written.
  package func path(of file: String) -> String {
    PathText.join(temporaryPath, file)
  }

  /// Writes a new file into the directory; an existing file is never overwritten.
  package func writeFile(_ file: String, bytes: [UInt8]) throws(ResultDirectoryError) {
    let handle = try FileOutput(creating: path(of: file))
    try handle.write(bytes)
    try handle.close()
  }

  /// Writes `junit.xml` for `report` into the directory.
  package func writeJUnit(_ report: JUnitReport) throws(ResultDirectoryError) {
    let bytes: [UInt8]
    do {
      bytes = try JUnitWriter.bytes(of: report)
    } catch {
      throw .cannotWrite(path: path(of: "junit.xml"), reason: error.message)
    }
    try writeFile("junit.xml", bytes: bytes)
  }

  /// Renames the directory to its final name, failing rather than replacing anything there.
  ///
  /// - Returns: The final path.
  package func finish() throws(ResultDirectoryError) -> String {
    do {
      try Files.renameWithoutReplacing(temporaryPath, to: finalPath)
    } catch {
      throw .cannotFinish(path: finalPath, reason: error.reason)
    }
    return finalPath
  }

  /// Creates `path` and its missing parents, reporting the first component that fails.
  private static func makeDirectories(_ path: String) throws(ResultDirectoryError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw .cannotCreate(path: path, reason: "a file of that name exists")
      }
      return
    }
    let parent = PathText.parent(path)
    if !parent.isEmpty && parent != path {
      try makeDirectories(parent)
    }
    guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
      throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
  }
}

/// A file opened for writing that must not exist yet.
///
/// Writes go straight to the system, or, for
/// the one file of a process opened `buffered`, through a buffer that a crash still writes out
/// (see `stategate_buffer_start`) and that ``flush()`` and ``close()`` write.
final class FileOutput {
  let path: String
  private var descriptor: Int32
  private var isBuffered = false

  /// Creates the file; fails if it exists.
  ///
  /// With `buffered`, writes are collected in the process's crash-safe buffer if no other file
  /// holds it.
  convenience init(creating path: String, buffered: Bool = false) throws(ResultDirectoryError) {
    self.init(path: path)
    try open()
    if buffered {
      isBuffered = EventBuffer.start(descriptor: descriptor, capacity: 256 * 1024)
    }
  }

  /// Prepares a file to be created by ``open()``.
  init(path: String) {
    self.path = path
    descriptor = -1
  }

  /// Creates the file; fails if it exists.
  func open() throws(ResultDirectoryError) {
    descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
  }

  deinit {
    if isBuffered {
      try? EventBuffer.stop()
    }
    if descriptor >= 0 {
      Foundation.close(descriptor)
    }
  }

  /// Writes every byte, retrying short writes and interrupted calls.
  func write(_ bytes: [UInt8]) throws(ResultDirectoryError) {
    if isBuffered {
      do {
        try EventBuffer.append(bytes)
      } catch {
        throw .cannotWrite(path: path, reason: error.reason)
      }
      return
    }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw in
        Foundation.write(descriptor, raw.baseAddress?.advanced(by: offset), raw.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
      }
      offset += written
    }
  }

  /// Writes `bytes` and a newline.
  func writeLine(_ bytes: [UInt8]) throws(ResultDirectoryError) {
    guard isBuffered else {
      try write(bytes + [UInt8(ascii: "\n")])
      return
    }
    try write(bytes)
    try write([UInt8(ascii: "\n")])
  }

  /// Writes what the buffer holds.
  func flush() throws(ResultDirectoryError) {
    guard isBuffered else { return }
    do {
      try EventBuffer.flush()
    } catch {
      throw .cannotWrite(path: path, reason: error.reason)
    }
  }

  /// Flushes the file to disk and closes it.
  func close() throws(ResultDirectoryError) {
    guard descriptor >= 0 else { return }
    var reason: String?
    if isBuffered {
      isBuffered = false
      do {
        try EventBuffer.stop()
      } catch {
        reason = error.reason
      }
    }
    let synced = fsync(descriptor)
    let closed = Foundation.close(descriptor)
    descriptor = -1
    if let reason {
      throw .cannotWrite(path: path, reason: reason)
    }
    guard synced == 0, closed == 0 else {
      throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
  }
}
