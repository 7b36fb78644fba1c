import ResultSchema

/// Makes text safe for XML 1.0 before it reaches libxml2, which writes control characters
/// verbatim and so can produce a file no reader accepts.
package enum XMLText {
  /// The most characters kept in one text node or attribute (libxml2 refuses nodes over 10 MB
  /// unless told otherwise, and so do its consumers).
  package static let defaultLimit = 1_000_000

  /// Returns `text` without ANSI escape sequences and without characters XML 1.0 forbids, which
  /// become U+FFFD; cut to `limit` characters with a marker.
  package static func sanitize(_ text: String, limit: Int = defaultLimit) -> String {
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    var count = 0
    while let scalar = scalars.next() {
      if scalar == "\u{1B}" {
        EscapeSequence.skip(&scalars)
        continue
      }
      guard count < limit else {
        result.append(contentsOf: " [truncated]".unicodeScalars)
        break
      }
      result.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
      count += 1
    }
    return String(result)
  }

  /// Whether XML 1.0 allows `scalar` in a document (the `Char` production).
  package static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD: true
    case 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: true
    default: false
    }
  }
}
