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

/// A problem at a column of the line being read.
struct SuiteSyntaxProblem: Error {
  var column: Int
  var message: String
  /// The line the problem is on when it is not the line being read.
  var line: Int?
}
