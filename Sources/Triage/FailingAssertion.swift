/// The failing assertion inside a failure's message and text: the line a runner wrote for the
/// failure itself, never the log, the test's source or earlier passing lines around it.
package struct FailingAssertion: Equatable, Sendable {
  /// The assertion's text, one line.
  package var text: String
  /// The source file it names, when the runner wrote `file:line`.
  package var file: String?
  /// The line in `file`.
  package var line: Int?

  /// Creates an assertion.
  package init(text: String, file: String? = nil, line: Int? = nil) {
    self.text = text
    self.file = file
    self.line = line
  }

  /// Messages that say nothing about the assertion (SwiftPM's XCTest file, xcresultparser's
  /// headline), which the text then replaces.
  static func isGeneric(_ message: String) -> Bool {
    let trimmed = FailureText.trimmed(message[...], newlines: true)
    return trimmed.isEmpty || trimmed == "failure"
      || FailureText.hasPrefix(trimmed, "Assertion Failure in ")
      || trimmed == "Swift testing test failed" || trimmed == "Parallel test failed"
  }

  /// The failing assertions in `message` and `text`, message first.
  ///
  /// In a log (XCTest's captured output) only the `path:line: error: Class.test : …` lines count;
  /// in a pytest body only the failing line (`>`) and its explanation (`E`); otherwise the first
  /// line. A `file:line` that the runner put beside the assertion is kept with it.
  package static func extract(message: String?, text: String?) -> [FailingAssertion] {
    var found: [FailingAssertion] = []
    if let message, !isGeneric(message) {
      found += assertions(in: message[...])
    }
    if let text, !FailureText.isBlank(text[...]) {
      let fromText = assertions(in: text[...])
      if found.isEmpty {
        found = fromText
      } else if found.allSatisfy({ $0.file == nil }),
        let located = fromText.first(where: { $0.file != nil })
      {
        // xcpretty: the message is the assertion, the text only `file:line`.
        found[0].file = located.file
        found[0].line = located.line
      }
    }
    return found.filter { !$0.text.isEmpty || $0.file != nil }
  }

  private static func assertions(in source: Substring) -> [FailingAssertion] {
    // Console failure lines are found from their marker, without splitting the whole text.
    var console: [FailingAssertion] = []
    var searchStart = source.startIndex
    while let marker = FailureText.range(of: ": error: ", in: source, from: searchStart) {
      let line = FailureText.line(around: marker.lowerBound, in: source)
      if let failure = consoleFailure(line) { console.append(failure) }
      searchStart = line.endIndex
    }
    if !console.isEmpty { return console }
    let lines = FailureText.lines(source)
    if lines.contains(where: { $0.utf8.first == UInt8(ascii: ">") }) {
      let pytest = lines.filter {
        $0.utf8.first == UInt8(ascii: ">") || FailureText.hasPrefix($0, "E ")
      }
      var location: (String, Int)?
      for line in lines {
        if let colon = FailureText.range(of: ".py:", in: line),
          let number = Int(
            Substring(
              line.unicodeScalars[colon.upperBound...].prefix { $0.properties.numericType != nil }))
        {
          location = (String(line[..<colon.lowerBound]) + ".py", number)
        }
      }
      return pytest.enumerated().map { index, line in
        let code = String(FailureText.trimmed(line.dropFirst()))
        return FailingAssertion(
          text: code, file: index == 0 ? location?.0 : nil, line: index == 0 ? location?.1 : nil)
      }
    }
    guard let first = lines.first(where: { !FailureText.trimmed($0).isEmpty }) else { return [] }
    return [located(FailureText.trimmed(first))]
  }

  /// `path:line: error: Class.test : message`, XCTest's console line for a failure.
  private static func consoleFailure(_ line: Substring) -> FailingAssertion? {
    guard let marker = FailureText.range(of: ": error: ", in: line) else { return nil }
    let head = line[..<marker.lowerBound]
    guard let colon = FailureText.lastIndex(of: UInt8(ascii: ":"), in: head),
      let number = Int(head[head.utf8.index(after: colon)...])
    else { return nil }
    let rest = line[marker.upperBound...]
    let text = FailureText.range(of: " : ", in: rest).map { rest[$0.upperBound...] } ?? rest
    return FailingAssertion(text: String(text), file: String(head[..<colon]), line: number)
  }

  /// One line with the `file:line` runners put before (`path:13 - …`) or after (`… (path:13)`)
  /// an assertion, or alone.
  static func located(_ line: Substring) -> FailingAssertion {
    if let dash = FailureText.range(of: " - ", in: line),
      let (file, number) = fileLine(line[..<dash.lowerBound])
    {
      return FailingAssertion(text: String(line[dash.upperBound...]), file: file, line: number)
    }
    if line.utf8.last == UInt8(ascii: ")"), let open = FailureText.lastRange(of: " (", in: line),
      let (file, number) = fileLine(line[open.upperBound..<line.utf8.index(before: line.endIndex)])
    {
      return FailingAssertion(text: String(line[..<open.lowerBound]), file: file, line: number)
    }
    if let (file, number) = fileLine(line) {
      return FailingAssertion(text: "", file: file, line: number)
    }
    return FailingAssertion(text: String(line))
  }

  /// `path:line` or `path:line:column`, where path names a file with an extension.
  private static func fileLine(_ text: Substring) -> (String, Int)? {
    var colons: [String.Index] = []
    for index in text.utf8.indices where text.utf8[index] == UInt8(ascii: ":") {
      colons.append(index)
      if colons.count > 2 { return nil }
    }
    guard let first = colons.first else { return nil }
    let path = text[..<first]
    let second = colons.count > 1 ? colons[1] : text.endIndex
    let lineText = text[text.utf8.index(after: first)..<second]
    let columnText = colons.count > 1 ? text[text.utf8.index(after: second)...] : nil
    guard let number = Int(lineText), number > 0, columnText.map({ Int($0) != nil }) ?? true,
      !path.utf8.contains(UInt8(ascii: " ")),
      let dot = FailureText.lastIndex(of: UInt8(ascii: "."), in: path),
      path.unicodeScalars[path.utf8.index(after: dot)...].first?.properties.isAlphabetic == true
    else { return nil }
    return (String(path), number)
  }
}
