/// The failing assertion inside a failure's message and text: the line a runner wrote for the
/// failure itself, never the log, the test's source or earlier passing lines around it.
public struct FailingAssertion: Equatable, Sendable {
  /// The assertion's text, one line.
  public var text: String
  /// The source file it names, when the runner wrote `file:line`.
  public var file: String?
  /// The line in `file`.
  public var line: Int?

  /// Creates an assertion.
  public init(text: String, file: String? = nil, line: Int? = nil) {
    self.text = text
    self.file = file
    self.line = line
  }

  /// Messages that say nothing about the assertion (SwiftPM's XCTest file, xcresultparser's
  /// headline), which the text then replaces.
  static func isGeneric(_ message: String) -> Bool {
    let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty || trimmed == "failure" || trimmed.hasPrefix("Assertion Failure in ")
      || trimmed == "Swift testing test failed" || trimmed == "Parallel test failed"
  }

  /// The failing assertions in `message` and `text`, message first.
  ///
  /// In a log (XCTest's captured output) only the `path:line: error: Class.test : …` lines count;
  /// in a pytest body only the failing line (`>`) and its explanation (`E`); otherwise the first
  /// line. A `file:line` that the runner put beside the assertion is kept with it.
  public static func extract(message: String?, text: String?) -> [FailingAssertion] {
    var found: [FailingAssertion] = []
    if let message, !isGeneric(message) {
      found += assertions(in: message)
    }
    if let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      let fromText = assertions(in: text)
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

  private static func assertions(in source: String) -> [FailingAssertion] {
    let lines = source.split(whereSeparator: \.isNewline).map(String.init)
    let console = lines.compactMap(consoleFailure)
    if !console.isEmpty { return console }
    let pytest = lines.filter { $0.hasPrefix(">") || $0.hasPrefix("E ") }
    if lines.contains(where: { $0.hasPrefix(">") }) && !pytest.isEmpty {
      var location: (String, Int)?
      for line in lines {
        if let colon = line.range(of: ".py:"),
          let number = Int(line[colon.upperBound...].prefix { $0.isNumber })
        {
          location = (String(line[..<colon.lowerBound]) + ".py", number)
        }
      }
      return pytest.enumerated().map { index, line in
        let code = String(line.dropFirst()).trimmingCharacters(in: .whitespaces)
        return FailingAssertion(
          text: code, file: index == 0 ? location?.0 : nil, line: index == 0 ? location?.1 : nil)
      }
    }
    guard
      let first = lines.first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })?
        .trimmingCharacters(in: .whitespaces)
    else { return [] }
    return [located(first)]
  }

  /// `path:line: error: Class.test : message`, XCTest's console line for a failure.
  private static func consoleFailure(_ line: String) -> FailingAssertion? {
    guard let marker = line.range(of: ": error: ") else { return nil }
    let head = line[..<marker.lowerBound]
    guard let colon = head.lastIndex(of: ":"), let number = Int(head[head.index(after: colon)...])
    else { return nil }
    let rest = line[marker.upperBound...]
    let text = rest.range(of: " : ").map { String(rest[$0.upperBound...]) } ?? String(rest)
    return FailingAssertion(text: text, file: String(head[..<colon]), line: number)
  }

  /// One line with the `file:line` runners put before (`path:13 - …`) or after (`… (path:13)`)
  /// an assertion, or alone.
  static func located(_ line: String) -> FailingAssertion {
    if let dash = line.range(of: " - "), let (file, number) = fileLine(line[..<dash.lowerBound]) {
      return FailingAssertion(text: String(line[dash.upperBound...]), file: file, line: number)
    }
    if line.hasSuffix(")"), let open = line.range(of: " (", options: .backwards),
      let (file, number) = fileLine(line[open.upperBound..<line.index(before: line.endIndex)])
    {
      return FailingAssertion(text: String(line[..<open.lowerBound]), file: file, line: number)
    }
    if let (file, number) = fileLine(line[...]) {
      return FailingAssertion(text: "", file: file, line: number)
    }
    return FailingAssertion(text: line)
  }

  /// `path:line` or `path:line:column`, where path names a file with an extension.
  private static func fileLine(_ text: Substring) -> (String, Int)? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count >= 2, parts.count <= 3 else { return nil }
    let path = parts[0]
    guard let number = Int(parts[1]), number > 0, parts.count == 2 || Int(parts[2]) != nil,
      !path.contains(" "), let dot = path.lastIndex(of: "."),
      path[path.index(after: dot)...].first?.isLetter == true
    else { return nil }
    return (String(path), number)
  }
}
