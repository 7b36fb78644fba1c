/// Terminal escape sequences, which text from suites and reports may carry and which no output
/// of stategate passes on.
package enum EscapeSequence {
  /// Skips the rest of an escape sequence whose ESC was just read: CSI (`ESC [ … final`), OSC
  /// (`ESC ] … BEL` or `ESC ] … ESC \`), or the single character after ESC.
  package static func skip(_ scalars: inout String.UnicodeScalarView.Iterator) {
    guard let introducer = scalars.next() else { return }
    switch introducer {
    case "[":
      while let scalar = scalars.next() {
        if (0x40...0x7E).contains(scalar.value) { return }
      }
    case "]":
      var previousWasEscape = false
      while let scalar = scalars.next() {
        if scalar == "\u{07}" || (previousWasEscape && scalar == "\\") { return }
        previousWasEscape = scalar == "\u{1B}"
      }
    default:
      return
    }
  }
}
