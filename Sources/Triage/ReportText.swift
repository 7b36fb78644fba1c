/// Prints names and messages read from archived inputs as data, never as structure: in text a
/// newline or control character cannot start a forged line, in Markdown a `|` cannot split a
/// table cell nor a backtick end a code span.
package enum ReportText {
  /// `text` on one line: line breaks, tabs, control characters (C0, DEL, C1), Unicode line and
  /// paragraph separators and bidirectional controls written as escapes (`\n`, `\t`,
  /// `\u{1B}`), and a backslash doubled, so the escape of a character is never mistaken for it.
  package static func plain(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\\": result += "\\\\"
      default:
        if needsEscape(scalar) {
          result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// Whether `scalar` is a character that changes how text is laid out or read on a terminal.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F..<0xA0: true
    case 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
    default: false
    }
  }

  /// `text` for a Markdown table cell: escaped as ``plain(_:)``, then every Markdown
  /// punctuation character backslash-escaped, so it renders as the literal text.
  package static func markdown(_ text: String) -> String {
    var result = ""
    for character in plain(text) {
      if "\\`*_[]<>#!|~&$".contains(character) {
        result.append("\\")
      }
      result.append(character)
    }
    return result
  }

  /// `text` as a Markdown code span that survives a table: fenced with more backticks than it
  /// holds in a row, `|` escaped (GitHub tables split on it even inside code).
  package static func code(_ text: String) -> String {
    let body = plain(text).replacingOccurrences(of: "|", with: "\\|")
    var longest = 0
    var run = 0
    for character in body {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padded = body.hasPrefix("`") || body.hasSuffix("`") || body.isEmpty ? " \(body) " : body
    return fence + padded + fence
  }
}
