#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Line splitting, trimming and searching for failure texts, done on their UTF-8 bytes and Unicode
/// scalars: never through `NSString`, UTF-16 or grapheme breaking of a whole text.
///
/// Every index it returns is a scalar boundary of the text it was given, found at an ASCII byte or
/// at a whole scalar, so slices of it can be used with `String`'s own views afterwards.
enum FailureText {
  /// The lines of `text`, without their line breaks and without empty lines.
  ///
  /// A line ends at what `Character.isNewline` names: LF, VT, FF, CR (and CR LF), NEL, U+2028 and
  /// U+2029.
  static func lines(_ text: Substring) -> [Substring] {
    var lines: [Substring] = []
    forEachLine(text) { line in
      lines.append(line)
      return true
    }
    return lines
  }

  /// The first line of `text` that is not empty, as ``lines(_:)`` splits it.
  static func firstLine(_ text: Substring) -> Substring? {
    var first: Substring?
    forEachLine(text) { line in
      first = line
      return false
    }
    return first
  }

  /// Calls `body` with each non-empty line of `text` in order until it returns false.
  private static func forEachLine(_ text: Substring, _ body: (Substring) -> Bool) {
    var lineStarts: [(Int, Int)] = []
    withBytes(text) { bytes in
      var start = 0
      var index = 0
      let count = bytes.count
      while index < count {
        index = skipPlainASCII(bytes, from: index)
        guard index < count else { break }
        let byte = bytes[index]
        var width = 0
        if byte >= 0x0A && byte <= 0x0D {
          width = 1
        } else if byte == 0xC2 {
          width = index + 1 < count && bytes[index + 1] == 0x85 ? 2 : 0
        } else if byte == 0xE2 {
          width =
            index + 2 < count && bytes[index + 1] == 0x80
              && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) ? 3 : 0
        }
        if width == 0 {
          index += 1
          continue
        }
        if start < index { lineStarts.append((start, index)) }
        index += width
        start = index
      }
      if start < count { lineStarts.append((start, count)) }
    }
    let utf8 = text.utf8
    for (start, end) in lineStarts {
      let lower = utf8.index(text.startIndex, offsetBy: start)
      let upper = utf8.index(lower, offsetBy: end - start)
      if !body(text[lower..<upper]) { return }
    }
  }

  /// The first index from `start` whose byte can start a line break (below 0x0E, 0xC2 or
  /// 0xE2), eight bytes at a time (the bit tricks of "Bit Twiddling Hacks"); `bytes.count` when
  /// there is none.
  static func skipPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return start }
    var index = start
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    while index + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      // Each test flags its lowest matching byte exactly (a borrow only flags bytes above it).
      let below = (word &- ones &* 0x0E) & ~word & highs
      let c2 = word ^ (ones &* 0xC2)
      let e2 = word ^ (ones &* 0xE2)
      let found = below | ((c2 &- ones) & ~c2 & highs) | ((e2 &- ones) & ~e2 & highs)
      if found != 0 { return index + found.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < bytes.count && bytes[index] >= 0x0E && bytes[index] != 0xC2
      && bytes[index] != 0xE2
    {
      index += 1
    }
    return index
  }

  /// The line of `text` that holds the position `inside`, without its line breaks.
  static func line(around inside: String.Index, in text: Substring) -> Substring {
    let offset = text.utf8.distance(from: text.startIndex, to: inside)
    let (start, end) = withBytes(text) { bytes -> (Int, Int) in
      var start = offset
      while start > 0 {
        let byte = bytes[start - 1]
        if byte >= 0x0A && byte <= 0x0D { break }
        if byte == 0x85 && start >= 2 && bytes[start - 2] == 0xC2 { break }
        if (byte == 0xA8 || byte == 0xA9) && start >= 3 && bytes[start - 2] == 0x80
          && bytes[start - 3] == 0xE2
        {
          break
        }
        start -= 1
      }
      var end = offset
      while end < bytes.count {
        end = skipPlainASCII(bytes, from: end)
        guard end < bytes.count else { break }
        let byte = bytes[end]
        if byte >= 0x0A && byte <= 0x0D { break }
        if byte == 0xC2 && end + 1 < bytes.count && bytes[end + 1] == 0x85 { break }
        if byte == 0xE2 && end + 2 < bytes.count && bytes[end + 1] == 0x80
          && (bytes[end + 2] == 0xA8 || bytes[end + 2] == 0xA9)
        {
          break
        }
        end += 1
      }
      return (start, end)
    }
    let utf8 = text.utf8
    let lower = utf8.index(text.startIndex, offsetBy: start)
    return text[lower..<utf8.index(lower, offsetBy: end - start)]
  }

  /// Calls `body` with the UTF-8 bytes of `text`, without copying a native string.
  static func withBytes<Result>(
    _ text: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = text
    return copy.withUTF8(body)
  }

  /// Whether `scalar` is in Foundation's `CharacterSet.whitespaces`: a tab or a space separator.
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t"
      || (scalar.value >= 0x80 && scalar.properties.generalCategory == .spaceSeparator)
  }

  /// Whether `scalar` is in Foundation's `CharacterSet.whitespacesAndNewlines`.
  static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
    isWhitespace(scalar) || (0x0A...0x0D).contains(scalar.value) || scalar.value == 0x85
      || scalar.value == 0x2028 || scalar.value == 0x2029
  }

  /// `text` without the whitespace (and, when `newlines` is set, the line breaks) at either end,
  /// as `trimmingCharacters(in:)` trims it.
  static func trimmed(_ text: Substring, newlines: Bool = false) -> Substring {
    let isTrimmed = newlines ? isWhitespaceOrNewline : isWhitespace
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else {
      return text[text.endIndex...]
    }
    var end = scalars.endIndex
    while end > first {
      let before = scalars.index(before: end)
      if !isTrimmed(scalars[before]) { break }
      end = before
    }
    return text[first..<end]
  }

  /// Whether `text` holds nothing but whitespace and line breaks.
  static func isBlank(_ text: Substring) -> Bool {
    !text.unicodeScalars.contains { !isWhitespaceOrNewline($0) }
  }

  /// Where `needle` (ASCII) first occurs in `text` at or after `start`, compared byte by byte.
  static func range(of needle: StaticString, in text: Substring, from start: String.Index? = nil)
    -> Range<String.Index>?
  {
    let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
    return range(of: pattern, in: text, from: start)
  }

  /// Where the bytes `pattern` first occur in `text` at or after `start`.
  static func range(
    of pattern: UnsafeBufferPointer<UInt8>, in text: Substring, from start: String.Index? = nil
  ) -> Range<String.Index>? {
    let utf8 = text.utf8
    let skip = start.map { utf8.distance(from: text.startIndex, to: $0) } ?? 0
    let offset: Int? = withBytes(text) { bytes in
      guard let first = pattern.first, pattern.count <= bytes.count else { return nil }
      guard let base = bytes.baseAddress else { return nil }
      var index = skip
      let last = bytes.count - pattern.count
      while index <= last {
        guard let found = memchr(base + index, Int32(first), last - index + 1) else { return nil }
        index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        var matched = 1
        while matched < pattern.count && bytes[index + matched] == pattern[matched] {
          matched += 1
        }
        if matched == pattern.count { return index }
        index += 1
      }
      return nil
    }
    guard let offset else { return nil }
    let lower = utf8.index(text.startIndex, offsetBy: offset)
    return lower..<utf8.index(lower, offsetBy: pattern.count)
  }

  /// Where `needle` (ASCII) last occurs in `text`, compared byte by byte.
  static func lastRange(of needle: StaticString, in text: Substring) -> Range<String.Index>? {
    let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
    guard let last = pattern.last else { return nil }
    let bytes = text.utf8
    var end = bytes.endIndex
    while let found = bytes[..<end].lastIndex(of: last) {
      var lower = found
      var matched = 1
      while matched < pattern.count, lower > bytes.startIndex {
        let before = bytes.index(before: lower)
        guard bytes[before] == pattern[pattern.count - 1 - matched] else { break }
        lower = before
        matched += 1
      }
      if matched == pattern.count { return lower..<bytes.index(after: found) }
      end = found
    }
    return nil
  }

  /// Whether `text` starts with `prefix` (ASCII), compared byte by byte.
  static func hasPrefix(_ text: Substring, _ prefix: StaticString) -> Bool {
    let pattern = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
    return text.utf8.starts(with: pattern)
  }

  /// The index of the last `byte` (ASCII) in `text`.
  static func lastIndex(of byte: UInt8, in text: Substring) -> String.Index? {
    text.utf8.lastIndex(of: byte)
  }
}
