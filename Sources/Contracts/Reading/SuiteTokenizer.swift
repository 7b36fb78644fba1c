/// One word of a suite line with its 1-based column.
struct SuiteToken: Equatable {
  var text: String
  var column: Int
  /// Whether the word was written in double quotes.
  var isQuoted: Bool
}

/// Splits suite lines into words: whitespace-separated, `"…"` quoted, `#` starts a comment.
enum SuiteTokenizer {
  /// Returns the words of `line`, or the column and message of an unterminated quote.
  static func tokens(of line: Substring) -> Result<[SuiteToken], SuiteSyntaxProblem> {
    if let tokens = asciiTokens(of: line) { return tokens }
    var tokens: [SuiteToken] = []
    var current = ""
    var start = 0
    var column = 0
    var inQuotes = false
    var quoteColumn = 0
    func flush(quoted: Bool = false) {
      if !current.isEmpty || quoted {
        tokens.append(SuiteToken(text: current, column: start, isQuoted: quoted))
      }
      current = ""
    }
    for character in line {
      column += 1
      if let problem = controlCharacter(character.unicodeScalars.first?.value ?? 0, column: column)
      {
        return .failure(problem)
      }
      if inQuotes {
        if character == "\"" {
          inQuotes = false
          flush(quoted: true)
        } else {
          current.append(character)
        }
        continue
      }
      switch character {
      case "#":
        flush()
        return .success(tokens)
      case "\"":
        flush()
        inQuotes = true
        quoteColumn = column
        start = column
      case " ", "\t", "\r":
        flush()
      default:
        if current.isEmpty { start = column }
        current.append(character)
      }
    }
    if inQuotes {
      return .failure(SuiteSyntaxProblem(column: quoteColumn, message: "unterminated quote"))
    }
    flush()
    return .success(tokens)
  }
}

extension SuiteTokenizer {
  /// The words of an ASCII line, read a byte at a time (a column is then a byte offset), the
  /// same as the general reading; `nil` when the line holds other characters.
  private static func asciiTokens(of line: Substring) -> Result<[SuiteToken], SuiteSyntaxProblem>? {
    var line = line
    return line.withUTF8 { bytes -> Result<[SuiteToken], SuiteSyntaxProblem>? in
      var tokens: [SuiteToken] = []
      var start = -1
      var quoteStart = -1
      for index in 0..<bytes.count {
        let byte = bytes[index]
        guard byte < 0x80 else { return nil }
        if let problem = controlCharacter(UInt32(byte), column: index + 1) {
          return .failure(problem)
        }
        if quoteStart >= 0 {
          if byte == UInt8(ascii: "\"") {
            tokens.append(word(bytes, quoteStart + 1, index, column: quoteStart + 1, quoted: true))
            quoteStart = -1
          }
          continue
        }
        switch byte {
        case UInt8(ascii: "#"):
          if start >= 0 { tokens.append(word(bytes, start, index, column: start + 1)) }
          // What follows a comment mark is not read, so it may hold any character.
          return .success(tokens)
        case UInt8(ascii: "\""):
          if start >= 0 { tokens.append(word(bytes, start, index, column: start + 1)) }
          start = -1
          quoteStart = index
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
          if start >= 0 { tokens.append(word(bytes, start, index, column: start + 1)) }
          start = -1
        default:
          if start < 0 { start = index }
        }
      }
      if quoteStart >= 0 {
        return .failure(SuiteSyntaxProblem(column: quoteStart + 1, message: "unterminated quote"))
      }
      if start >= 0 { tokens.append(word(bytes, start, bytes.count, column: start + 1)) }
      return .success(tokens)
    }
  }

  /// A control character other than a tab is invisible in an editor and never part of a suite:
  /// it is named, not read as part of a word.
  static func controlCharacter(_ value: UInt32, column: Int) -> SuiteSyntaxProblem? {
    guard value < 0x20 && value != 0x09 && value != 0x0D || value == 0x7F else { return nil }
    let hex = String(value, radix: 16, uppercase: true)
    return SuiteSyntaxProblem(
      column: column,
      message:
        "a control character (U+\(String(repeating: "0", count: 4 - hex.count))\(hex)) is not "
        + "suite text; remove it")
  }

  private static func word(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, column: Int,
    quoted: Bool = false
  ) -> SuiteToken {
    SuiteToken(
      text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self),
      column: column, isQuoted: quoted)
  }
}

/// A problem at a column of the line being read.
struct SuiteSyntaxProblem: Error {
  var column: Int
  var message: String
  /// The line the problem is on when it is not the line being read.
  var line: Int?
}
