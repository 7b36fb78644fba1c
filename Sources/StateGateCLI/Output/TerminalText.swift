import ResultSchema

/// Makes text from suite files and archived inputs safe to print on a terminal: escape sequences
/// and control characters are removed, so a hostile title cannot retitle the window or clear
/// the screen, and a diagnostic stays on one line.
enum TerminalText {
  /// A failure laid out for a terminal: its headline after `indent`, each detail two columns
  /// further in, every line made safe by ``line(_:)``.
  ///
  /// - Parameters:
  ///   - message: The failure, as ``FailureWriter`` words it.
  ///   - indent: What the headline starts with.
  /// - Returns: The lines, without line breaks.
  static func lines(_ message: FailureMessage, indent: String) -> [String] {
    [indent + line(message.headline)] + message.details.map { indent + "  " + line($0) }
  }

  /// `text` without escape sequences and control characters; line breaks become spaces.
  static func line(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar.value {
      case 0x1B:
        EscapeSequence.skip(&scalars)
      case 0x0A, 0x0D, 0x09:
        if result.last != " " { result.append(" ") }
      case 0x00..<0x20, 0x7F, 0x80..<0xA0:
        continue
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }
}
