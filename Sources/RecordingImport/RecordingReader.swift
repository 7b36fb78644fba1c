import Contracts
import Foundation
import StateGateRecorder

/// Reads a recording `SessionRecorder` exported, failing closed: a file that is truncated,
/// reordered, altered or of another version is refused with one line saying which.
///
/// Checks, in order: the header (format and version), the trailer (present, last), every line's
/// version and sequence number (consecutive from the number of dropped events plus one), the
/// trailer's line count, then its FNV-1a checksum of every line before it. Lines of kinds it
/// does not know are counted and hashed, then ignored.
///
/// The file is read as a stream (``RecordingScanner``): a bounded buffer, the checksum folded in
/// line by line, each line decoded and translated as it arrives and only the translated lines
/// kept; a problem found on the way is reported in the order above once the whole file is seen.
package enum RecordingReader {
  /// How many bytes one `read` asks for.
  static let chunkSize = 1 << 16

  /// Reads the recording at `path`.
  ///
  /// - Throws: ``RecordingReadError``: `missing`, or the first check that fails.
  package static func read(path: String) throws(RecordingReadError) -> Recording {
    let handle: FileHandle
    do {
      handle = try RegularFile.open(path)
    } catch {
      switch error {
      case .missing(let reason):
        throw RecordingReadError(path: path, line: 0, kind: .missing, reason: reason)
      case .notRegular(let reason), .unreadable(let reason):
        throw RecordingReadError(path: path, line: 0, kind: .malformed, reason: reason)
      }
    }
    defer { try? handle.close() }
    var scanner = RecordingScanner(path: path)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 8)
    defer { buffer.deallocate() }
    while true {
      let count = Foundation.read(handle.fileDescriptor, buffer.baseAddress, chunkSize)
      if count == 0 { break }
      guard count > 0 else {
        if errno == EINTR { continue }
        throw RecordingReadError(
          path: path, line: 0, kind: .malformed,
          reason: "cannot be read: \(String(cString: strerror(errno)))")
      }
      scanner.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }
    return try scanner.finish()
  }

  /// Reads a recording from its bytes, exactly as ``read(path:)`` reads a file of them.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - path: The file's path, for messages.
  /// - Returns: The recording.
  /// - Throws: ``RecordingReadError`` for the first check that fails.
  package static func parse(_ data: Data, path: String) throws(RecordingReadError) -> Recording {
    try parse(data, path: path, chunkSize: chunkSize)
  }

  /// Reads a recording from its bytes handed over `chunkSize` bytes at a time (for tests of
  /// lines split across chunks).
  static func parse(_ data: Data, path: String, chunkSize: Int) throws(RecordingReadError)
    -> Recording
  {
    var scanner = RecordingScanner(path: path)
    data.withUnsafeBytes { bytes in
      var start = 0
      while start < bytes.count {
        let end = min(start + max(chunkSize, 1), bytes.count)
        scanner.feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        start = end
      }
    }
    return try scanner.finish()
  }

  /// A JSON whole number; `nil` for anything else, a Boolean, a string or a fraction included
  /// (Foundation reads `true` as a number that `as? Int` accepts).
  static func integer(_ value: Any?) -> Int? {
    guard let number = value as? NSNumber, !(value is String) else { return nil }
    switch String(cString: number.objCType) {
    case "s", "i", "l", "q", "S", "I", "L", "Q": return number.intValue
    default: return nil
    }
  }

  /// A JSON value as the file spells it, for messages.
  static func spelled(_ value: Any?) -> String {
    switch value {
    case let text as String: "\"\(text)\""
    case let number as NSNumber where String(cString: number.objCType) == "c":
      number.boolValue ? "true" : "false"
    case let value?: "\(value)"
    case nil: "null"
    }
  }

  /// The compression whose magic number `bytes` start with: its name and the tool that undoes it.
  static func compression(of bytes: [UInt8]) -> (name: String, tool: String)? {
    let known: [(magic: [UInt8], name: String, tool: String)] = [
      ([0x1F, 0x8B], "gzip", "gunzip"), ([0x28, 0xB5, 0x2F, 0xFD], "zstd", "unzstd"),
      ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "xz", "unxz"),
      ([0x42, 0x5A, 0x68], "bzip2", "bunzip2"),
      ([0x50, 0x4B, 0x03, 0x04], "zip", "unzip"),
    ]
    return known.first { bytes.starts(with: $0.magic) }.map { ($0.name, $0.tool) }
  }

  /// The line as a JSON object: the recorder's flat lines by ``FlatLineDecoder``, anything else
  /// by Foundation's decoder, so both read a line alike.
  static func object(_ line: UnsafeRawBufferPointer, line number: Int, path: String)
    throws(RecordingReadError) -> [String: Any]
  {
    if let fields = FlatLineDecoder.decode(line) { return fields }
    guard let value = try? JSONSerialization.jsonObject(with: Data(line)),
      let fields = value as? [String: Any]
    else {
      throw RecordingReadError(
        path: path, line: number, kind: .malformed, reason: "the line is not a JSON object")
    }
    return fields
  }
}
