import Foundation

/// Decodes the flat JSON objects the recorder writes, a line at a time and without Foundation's
/// general decoder: an object whose keys are plain strings and whose values are plain strings,
/// whole numbers, `true`, `false` or `null`.
///
/// It gives the same values Foundation's `JSONSerialization` gives for such a line (`NSNumber` for
/// numbers and Booleans, `NSNull` for null), so what a line means does not depend on which
/// decoder read it. Anything else — an escape, a byte outside printable ASCII in a string, a
/// fraction or exponent, a number of more than 18 digits or `-0`, a list or nested object, a key
/// given twice, any syntax error — gives `nil`, and the caller hands the line to the general
/// decoder, which accepts or refuses it as it always has.
enum FlatLineDecoder {
  /// The line's fields, or `nil` when the line is not of the flat shape this decoder reads.
  static func decode(_ line: UnsafeRawBufferPointer) -> [String: Any]? {
    var cursor = Cursor(bytes: line)
    cursor.skipSpace()
    guard cursor.take(UInt8(ascii: "{")) else { return nil }
    var fields: [String: Any] = [:]
    cursor.skipSpace()
    if cursor.take(UInt8(ascii: "}")) { return cursor.atEndAfterSpace() ? fields : nil }
    while true {
      cursor.skipSpace()
      guard let key = cursor.string() else { return nil }
      cursor.skipSpace()
      guard cursor.take(UInt8(ascii: ":")) else { return nil }
      cursor.skipSpace()
      guard let value = cursor.value(), fields.updateValue(value, forKey: key) == nil else {
        return nil
      }
      cursor.skipSpace()
      if cursor.take(UInt8(ascii: ",")) { continue }
      guard cursor.take(UInt8(ascii: "}")) else { return nil }
      return cursor.atEndAfterSpace() ? fields : nil
    }
  }

  /// A read position in a line.
  private struct Cursor {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(bytes: UnsafeRawBufferPointer) {
      self.bytes = bytes
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Skips JSON's white space (a line holds no line feed).
    mutating func skipSpace() {
      while let byte = current,
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
      {
        index += 1
      }
    }

    /// Takes `byte` when it is next.
    mutating func take(_ byte: UInt8) -> Bool {
      guard current == byte else { return false }
      index += 1
      return true
    }

    mutating func atEndAfterSpace() -> Bool {
      skipSpace()
      return index == bytes.count
    }

    /// A string of printable ASCII without escapes.
    mutating func string() -> String? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = index
      while let byte = current, byte != UInt8(ascii: "\"") {
        guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
        index += 1
      }
      guard current != nil else { return nil }
      let text = String(
        decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      index += 1
      return text
    }

    mutating func value() -> Any? {
      switch current {
      case UInt8(ascii: "\""): return string()
      case UInt8(ascii: "t"): return word("true") ? NSNumber(value: true) : nil
      case UInt8(ascii: "f"): return word("false") ? NSNumber(value: false) : nil
      case UInt8(ascii: "n"): return word("null") ? NSNull() : nil
      default: return number()
      }
    }

    private mutating func word(_ text: StaticString) -> Bool {
      let count = text.utf8CodeUnitCount
      guard bytes.count - index >= count else { return false }
      for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] {
        return false
      }
      index += count
      return true
    }

    /// A whole number of at most 18 digits, without a leading zero (but `0`), not `-0`, and
    /// not followed by a fraction or exponent.
    private mutating func number() -> NSNumber? {
      let negative = take(UInt8(ascii: "-"))
      let start = index
      var value = 0
      while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
        index += 1
        guard index - start <= 18 else { return nil }
      }
      let digits = index - start
      guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0"),
        !(negative && value == 0)
      else { return nil }
      if let byte = current,
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
      {
        return nil
      }
      return NSNumber(value: negative ? -value : value)
    }
  }
}
