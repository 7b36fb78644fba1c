extension Reason {
  /// How deep ``init(english:)`` looks for templates inside an argument.
  private static let readingDepth = 3

  /// What separates the items of a list a reason quotes (`a: 1 to 2, b: 3 to 4`).
  private static let listSeparators = ["; ", ", "]

  /// The English patterns, in the order ``init(english:)`` tries them: the most literal text
  /// first, so that a template with few words of its own (`{replayed} instead of {recorded}`)
  /// never claims a sentence a longer template phrases.
  private static let englishPatterns = ReasonTemplate.allCases.map {
    ($0, ReasonTemplate.Pattern($0.text(in: .english)))
  }.sorted { literalLength($0.1) > literalLength($1.1) }

  /// How many characters of a pattern are its own words.
  private static func literalLength(_ pattern: ReasonTemplate.Pattern) -> Int {
    pattern.segments.reduce(0) {
      if case .literal(let text) = $1 { return $0 + text.count }
      return $0
    }
  }

  /// Recovers the reason an archive recorded as English text: the template whose English wording
  /// matches all of `english`, with its arguments read the same way; the text as it is (shown so
  /// in every language) when no template matches.
  ///
  /// An archive (`events.jsonl`) records the English text only, so a reader of archives (the
  /// HTML report) phrases a recorded reason in another language through this.
  ///
  /// - Parameter english: The reason as a machine format records it.
  package init(english: String) {
    self = Self.read(english[...], depth: 0) ?? Reason(english)
  }

  /// The reason whose English text is all of `text`, or `nil` when no template matches it.
  private static func read(_ text: Substring, depth: Int) -> Reason? {
    for (template, pattern) in englishPatterns {
      guard let bindings = match(pattern.segments[...], text) else { continue }
      let arguments = bindings.mapValues { argument($0, depth: depth + 1) }
      return Reason(parts: [.template(template, arguments)])
    }
    return nil
  }

  /// An argument read back: a template whose data holds no list, else a list whose items are
  /// all templates, else the text as it is.
  private static func argument(_ text: Substring, depth: Int) -> Reason {
    guard depth <= readingDepth else { return Reason(String(text)) }
    if let reason = read(text, depth: depth),
      !reason.data.contains(where: { data in listSeparators.contains { data.contains($0) } })
    {
      return reason
    }
    for separator in listSeparators {
      let items = text.split(separator: separator, omittingEmptySubsequences: false)
      guard items.count > 1 else { continue }
      let reasons = items.compactMap { read($0, depth: depth) }
      if reasons.count == items.count {
        return .joined(reasons, separator: separator)
      }
    }
    return Reason(String(text))
  }

  /// Every piece of data in the reason and its arguments.
  private var data: [String] {
    parts.flatMap { part -> [String] in
      switch part {
      case .data(let text): [text]
      case .template(_, let arguments): arguments.values.flatMap(\.data)
      }
    }
  }

  /// Whether `value` can be a whole argument followed by `rest`: its parentheses and its quotes
  /// (but an apostrophe between letters, as in `tap's`) are balanced, and `rest` does not go on
  /// with the step number of a label the value begins (` (step 5)`).
  private static func isWhole(_ value: Substring, before rest: Substring) -> Bool {
    guard !rest.hasPrefix(" (step ") else { return false }
    var depth = 0
    var quotes = 0
    var previous: Character?
    for (offset, character) in zip(value.indices, value) {
      switch character {
      case "(": depth += 1
      case ")": depth -= 1
      case "'":
        let next =
          value.index(after: offset) < value.endIndex
          ? value[value.index(after: offset)] : rest.first
        if !(previous?.isLetter == true && next?.isLetter == true) { quotes += 1 }
      default: break
      }
      previous = character
    }
    return depth == 0 && quotes.isMultiple(of: 2)
  }

  /// The arguments that make `segments` read as all of `text`, each as short as it can be, or
  /// `nil` when no arguments do.
  private static func match(
    _ segments: ArraySlice<ReasonTemplate.Pattern.Segment>, _ text: Substring
  )
    -> [String: Substring]?
  {
    guard let first = segments.first else { return text.isEmpty ? [:] : nil }
    let rest = segments.dropFirst()
    switch first {
    case .literal(let literal):
      guard text.hasPrefix(literal) else { return nil }
      return match(rest, text.dropFirst(literal.count))
    case .placeholder(let name):
      guard !rest.isEmpty else { return [name: text] }
      var end = text.startIndex
      while true {
        if case .literal(let next) = rest.first, !text[end...].hasPrefix(next) {
          // Only a split where the next literal begins can match.
        } else if !isWhole(text[..<end], before: text[end...]) {
          // A step's label (`'switch b 100' (step 5)`) is one value, never split in two.
        } else if var found = match(rest, text[end...]) {
          found[name] = text[..<end]
          return found
        }
        guard end < text.endIndex else { return nil }
        end = text.index(after: end)
      }
    }
  }
}
