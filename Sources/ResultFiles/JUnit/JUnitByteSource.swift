/// The bytes of a JUnit file as stategate hands them to libxml2: refused when compressed or not
/// XML, UTF-16 turned into UTF-8, and characters XML 1.0 forbids replaced by U+FFFD, with a
/// record of where.
///
/// A forbidden character inside `<system-out>` or `<system-err>` (a raw ESC from coloured output)
/// costs only that character of a text stategate does not read; anywhere else it is damage the
/// report must show.
final class JUnitByteSource {
  /// How the file's bytes are encoded.
  enum Encoding: Equatable {
    case utf8
    case utf16LittleEndian
    case utf16BigEndian
  }

  let path: String
  private let file: InputFile
  let encoding: Encoding
  /// Whether every byte of the file has been read.
  private(set) var reachedEnd = false
  /// How many forbidden characters were replaced inside `<system-out>` or `<system-err>`.
  private(set) var systemTextReplacements = 0
  /// How many forbidden characters were replaced elsewhere.
  private(set) var otherReplacements = 0
  /// The line of the first forbidden character replaced outside `<system-out>`/`<system-err>`.
  private(set) var firstOtherReplacementLine: Int?

  /// The buffer each chunk of the file is read into.
  private var raw = [UInt8](repeating: 0, count: 65_536)
  private var output: [UInt8] = []
  private var outputStart = 0
  /// The start of a tag held back until it is known whether it names `system-out`.
  private var carry: [UInt8] = []
  /// A UTF-16 byte or high surrogate held back until its partner arrives.
  private var oddByte: UInt8?
  private var highSurrogate: UInt16?
  private var line = 1
  private var systemTextDepth = 0

  /// Reports how far reading has come, when someone asked (``JUnitReader/withProgress(_:_:)``).
  private let progress: (@Sendable (JUnitReader.Progress) -> Void)?
  private var bytesRead = 0
  private var totalBytes = 0

  /// Opens the file and refuses what is not XML.
  init(path: String) throws(JUnitReadError) {
    self.path = path
    progress = JUnitReader.progress
    do {
      file = try InputFile(path: path)
    } catch {
      throw JUnitReadError(
        kind: error.kind == .missing ? .missing : .unreadable, path: path, line: 0,
        message: error.message)
    }
    let head = file.bytes(at: 0, count: 512)
    guard !head.isEmpty else {
      file.close()
      throw JUnitReadError(path: path, line: 0, message: "the file is empty")
    }
    if let format = Self.compression(head) {
      file.close()
      throw JUnitReadError(
        path: path, line: 0, message: "\(format)-compressed data, not XML; decompress it first")
    }
    var skip = 0
    switch (head.first, head.dropFirst().first) {
    case (0xFF, 0xFE):
      if head.count >= 4 && head[2] == 0 && head[3] == 0 {
        file.close()
        throw JUnitReadError(
          path: path, line: 0, message: "UTF-32 text; convert the file to UTF-8 first")
      }
      encoding = .utf16LittleEndian
      skip = 2
    case (0xFE, 0xFF):
      encoding = .utf16BigEndian
      skip = 2
    case (0x3C, 0x00):
      encoding = .utf16LittleEndian
    case (0x00, 0x3C):
      encoding = .utf16BigEndian
    default:
      encoding = .utf8
      if head.starts(with: [0xEF, 0xBB, 0xBF]) { skip = 3 }
    }
    let decoded =
      encoding == .utf8
      ? Array(head.dropFirst(skip)) : Self.utf16Head(head.dropFirst(skip), encoding)
    if let first = decoded.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
      first != UInt8(ascii: "<")
    {
      file.close()
      throw JUnitReadError(
        path: path, line: 1, message: "not XML: the file does not start with '<'")
    }
    if skip > 0 {
      var discard = [UInt8](repeating: 0, count: skip)
      _ = discard.withUnsafeMutableBytes { raw in
        raw.baseAddress.map { file.read(into: $0, count: skip) } ?? -1
      }
    }
  }

  /// The compression format `magic` starts, if any.
  private static func compression(_ magic: [UInt8]) -> String? {
    if magic.starts(with: [0x1F, 0x8B]) { return "gzip" }
    if magic.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return "xz" }
    if magic.starts(with: [0x42, 0x5A, 0x68]) { return "bzip2" }
    if magic.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) { return "zstd" }
    if magic.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "zip" }
    return nil
  }

  /// The ASCII bytes of the first UTF-16 code units, enough to find the first character.
  private static func utf16Head(_ bytes: ArraySlice<UInt8>, _ encoding: Encoding) -> [UInt8] {
    var result: [UInt8] = []
    var index = bytes.startIndex
    while index + 1 < bytes.endIndex {
      let unit =
        encoding == .utf16LittleEndian
        ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
        : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
      result.append(unit < 0x80 ? UInt8(unit) : 0xFF)
      index += 2
    }
    return result
  }

  /// Copies the next bytes for libxml2 into `buffer`.
  ///
  /// - Returns: The number of bytes copied, 0 at the end, -1 when reading failed.
  func readChunk(into buffer: UnsafeMutablePointer<CChar>, count: Int32) -> Int32 {
    while outputStart == output.count {
      output.removeAll(keepingCapacity: true)
      outputStart = 0
      if reachedEnd { return 0 }
      guard refill() else { return -1 }
    }
    let available = min(Int(count), output.count - outputStart)
    output.withUnsafeBufferPointer { source in
      guard let base = source.baseAddress else { return }
      UnsafeMutableRawPointer(buffer).copyMemory(
        from: base + outputStart, byteCount: available)
    }
    outputStart += available
    return Int32(available)
  }

  /// Reads the next raw chunk, decodes and filters it into `output`.
  private func refill() -> Bool {
    let count = raw.withUnsafeMutableBytes { buffer in
      buffer.baseAddress.map { file.read(into: $0, count: buffer.count) } ?? -1
    }
    if count < 0 { return false }
    if let progress {
      if totalBytes == 0 {
        totalBytes = file.size
      }
      bytesRead += count
      progress(JUnitReader.Progress(path: path, bytesRead: bytesRead, totalBytes: totalBytes))
    }
    if count == 0 {
      reachedEnd = true
      if highSurrogate != nil || oddByte != nil {
        highSurrogate = nil
        oddByte = nil
        filter(replacementCharacter[...])
      }
      filter([][...], final: true)
      return true
    }
    if encoding == .utf8 {
      filter(raw[..<count])
    } else {
      filter(transcode(raw[..<count])[...])
    }
    return true
  }

  private let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

  /// UTF-16 bytes as UTF-8; an unpaired surrogate becomes U+FFFD.
  private func transcode(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    var input = oddByte.map { [$0] + bytes } ?? Array(bytes)
    oddByte = nil
    if input.count % 2 == 1 {
      oddByte = input.popLast()
    }
    var result: [UInt8] = []
    result.reserveCapacity(input.count * 3 / 2)
    var index = 0
    while index + 1 < input.count {
      let unit =
        encoding == .utf16LittleEndian
        ? UInt16(input[index]) | UInt16(input[index + 1]) << 8
        : UInt16(input[index]) << 8 | UInt16(input[index + 1])
      index += 2
      if let high = highSurrogate {
        highSurrogate = nil
        if (0xDC00...0xDFFF).contains(unit) {
          let value = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(unit) - 0xDC00)
          append(value, to: &result)
          continue
        }
        result += replacementCharacter
      }
      if (0xD800...0xDBFF).contains(unit) {
        highSurrogate = unit
      } else if (0xDC00...0xDFFF).contains(unit) {
        result += replacementCharacter
      } else {
        append(UInt32(unit), to: &result)
      }
    }
    return result
  }

  private func append(_ value: UInt32, to result: inout [UInt8]) {
    guard let scalar = Unicode.Scalar(value) else {
      result += replacementCharacter
      return
    }
    result += Array(String(Character(scalar)).utf8)
  }

  private static let systemTags: [(bytes: [UInt8], depth: Int)] = [
    (Array("<system-out".utf8), 1), (Array("<system-err".utf8), 1),
    (Array("</system-out".utf8), -1), (Array("</system-err".utf8), -1),
  ]
  private static let longestTag = 12

  /// Appends UTF-8 `bytes` to `output`, replacing forbidden control characters and following
  /// `<system-out>`/`<system-err>` so each replacement knows where it was.
  private func filter(_ bytes: ArraySlice<UInt8>, final: Bool = false) {
    let input: ArraySlice<UInt8> = carry.isEmpty ? bytes : (carry + bytes)[...]
    carry.removeAll()
    output.reserveCapacity(output.count + input.count)
    input.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      let count = buffer.count
      var index = 0
      var copiedUpTo = 0
      while index < count {
        // Eight bytes at a time while none of them is a control character or '<' (the bit
        // tricks of "Bit Twiddling Hacks": a byte below 0x20, a byte equal to 0x3C).
        while index + 8 <= count {
          let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
          let ones: UInt64 = 0x0101_0101_0101_0101
          let highs: UInt64 = 0x8080_8080_8080_8080
          let below = (word &- ones &* 0x20) & ~word & highs
          let angle = word ^ (ones &* 0x3C)
          let isAngle = (angle &- ones) & ~angle & highs
          let found = below | isAngle
          if found != 0 {
            // The lowest flagged byte is exact (a borrow only flags bytes above it).
            index += found.trailingZeroBitCount / 8
            break
          }
          index += 8
        }
        guard index < count else { break }
        let byte = base[index]
        // The hot path: printable bytes other than '<', and tabs, line breaks and returns.
        if byte >= 0x20 && byte != 0x3C {
          index += 1
          continue
        }
        if byte == 0x0A {
          line += 1
        } else if byte == 0x3C {
          let rest = count - index
          if !final && rest < Self.longestTag {
            output.append(
              contentsOf: UnsafeBufferPointer(start: base + copiedUpTo, count: index - copiedUpTo))
            carry = Array(UnsafeBufferPointer(start: base + index, count: rest))
            return
          }
          // Only `<s` and `</s` can start a system-out or system-err tag.
          let next = rest > 1 ? base[index + 1] : 0
          if next == UInt8(ascii: "s")
            || (next == UInt8(ascii: "/") && rest > 2 && base[index + 2] == UInt8(ascii: "s"))
          {
            trackSystemText(UnsafeBufferPointer(start: base + index, count: rest))
          }
        } else if byte != 0x09 && byte != 0x0D {
          output.append(
            contentsOf: UnsafeBufferPointer(start: base + copiedUpTo, count: index - copiedUpTo))
          output += replacementCharacter
          if systemTextDepth > 0 {
            systemTextReplacements += 1
          } else {
            otherReplacements += 1
            firstOtherReplacementLine = firstOtherReplacementLine ?? line
          }
          index += 1
          copiedUpTo = index
          continue
        }
        index += 1
      }
      output.append(
        contentsOf: UnsafeBufferPointer(start: base + copiedUpTo, count: count - copiedUpTo))
    }
  }

  /// Follows `<system-out>`/`<system-err>` from the tag that starts `rest`.
  private func trackSystemText(_ rest: UnsafeBufferPointer<UInt8>) {
    guard let tag = Self.systemTags.first(where: { rest.starts(with: $0.bytes) }) else { return }
    let after = rest.count > tag.bytes.count ? rest[tag.bytes.count] : nil
    if after == nil || after == 0x3E || after == 0x2F || after == 0x20 || after == 0x09
      || after == 0x0A || after == 0x0D
    {
      systemTextDepth = max(0, systemTextDepth + tag.depth)
    }
  }

  /// Closes the file.
  func close() {
    file.close()
  }
}
