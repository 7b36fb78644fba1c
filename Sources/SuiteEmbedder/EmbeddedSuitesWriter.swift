/// Renders suite files as Swift source: one string literal per file, its text byte for byte.
///
/// The literal is a multi-line string in which every character outside printable ASCII, every
/// backslash and every quote is escaped, and the last character of a line is escaped when it is
/// whitespace. So no text can end the literal early, interpolate, lose a carriage return or
/// trailing spaces, or reach the compiler as anything but the file's own characters.
enum EmbeddedSuitesWriter {
  /// The Swift source that declares `embeddedSuiteFiles` (or `variable`), the files in the
  /// order given.
  ///
  /// - Parameters:
  ///   - files: Each file's name (without folders, or relative to the target) and its text.
  ///   - variable: The constant's name.
  ///   - kind: What the files are, for the comments (`.suite`, template).
  /// - Returns: A Swift file with one internal constant.
  static func source(
    for files: [(name: String, text: String)], variable: String = "embeddedSuiteFiles",
    kind: String = ".suite"
  ) -> String {
    var lines = [
      "// Generated at build time by SuiteEmbedder from this target's \(kind) files; do not edit.",
      "// The \(kind) files are the source: edit them, and the next build embeds them again.",
      "",
      "/// The text of every \(kind) file of this target, by file name, in name order.",
      "let \(variable): [(name: String, text: String)] = [",
    ]
    for file in files {
      lines.append("  (")
      lines.append("    name: \(singleLineLiteral(file.name)),")
      lines.append("    text: \(multiLineLiteral(file.text, indentation: "      "))")
      lines.append("  ),")
    }
    lines.append("]")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A multi-line string literal whose value is exactly `text`.
  ///
  /// - Parameters:
  ///   - text: The value.
  ///   - indentation: The indentation of the literal's lines and its closing delimiter.
  /// - Returns: The literal, from the opening to the closing delimiter.
  static func multiLineLiteral(_ text: String, indentation: String) -> String {
    var lines = ["\"\"\""]
    for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
      let escaped = line.enumerated().map { offset, scalar in
        escape(scalar, atLineEnd: offset == line.count - 1)
      }
      lines.append(line.isEmpty ? "" : indentation + escaped.joined())
    }
    lines.append(indentation + "\"\"\"")
    return lines.joined(separator: "\n")
  }

  /// A one-line string literal whose value is exactly `text`.
  ///
  /// - Parameter text: The value (a newline in it is escaped).
  /// - Returns: The literal with its quotes.
  static func singleLineLiteral(_ text: String) -> String {
    "\"" + text.unicodeScalars.map { escape($0, atLineEnd: false) }.joined() + "\""
  }

  /// The characters that stand for `scalar` inside a string literal.
  private static func escape(_ scalar: Unicode.Scalar, atLineEnd: Bool) -> String {
    switch scalar {
    case "\\": return "\\\\"
    case "\"": return "\\\""
    case "\t": return "\\t"
    case "\r": return "\\r"
    case "\n": return "\\n"
    case " " where atLineEnd: return "\\u{20}"
    case " "..."~": return String(scalar)
    default: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }
  }
}
