/// Splits a command line into options and positionals, driven by a table of ``OptionSpec``s.
///
/// Accepts `--name value`, `--name=value`, `-n value` and `--` (everything after it is positional).
public struct ArgumentScanner: Sendable {
  /// The options the scanner accepts.
  public var options: [OptionSpec]

  /// Creates a scanner for `options`.
  public init(options: [OptionSpec]) {
    self.options = options
  }

  /// Scans `arguments` (without the program and subcommand names).
  ///
  /// - Throws: ``ArgumentError`` naming the first word that does not fit the table.
  public func scan(_ arguments: [String]) throws(ArgumentError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let word = arguments[index]
      index += 1
      if word == "--" {
        parsed.positionals += arguments[index...]
        break
      }
      guard word.hasPrefix("-"), word != "-" else {
        parsed.positionals.append(word)
        continue
      }
      let (name, inlineValue) = split(word)
      guard let option = lookUp(name) else {
        throw .unknownOption(name, suggestion: suggestion(for: name))
      }
      let display = "--\(option.long)"
      switch option.kind {
      case .flag:
        guard inlineValue == nil else { throw .unexpectedValue(option: display) }
        parsed.flags.insert(option.long)
      case .value, .repeated:
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.endIndex, arguments[index] != "--" {
          value = arguments[index]
          index += 1
        } else {
          throw .missingValue(option: display)
        }
        if case .value = option.kind, parsed.values[option.long] != nil {
          throw .duplicateOption(display)
        }
        parsed.values[option.long, default: []].append(value)
      }
    }
    return parsed
  }

  private func split(_ word: String) -> (name: String, value: String?) {
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else {
      return (word, nil)
    }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }

  private func lookUp(_ name: String) -> OptionSpec? {
    if name.hasPrefix("--") {
      let long = name.dropFirst(2)
      return options.first { $0.long == long }
    }
    guard name.count == 2, let letter = name.last else { return nil }
    return options.first { $0.short == letter }
  }

  private func suggestion(for name: String) -> String? {
    let candidates = options.map { "--\($0.long)" }
    return closestMatch(to: name.hasPrefix("--") ? name : "-\(name)", in: candidates)
  }
}

/// Returns the candidate closest to `word` by edit distance, if it is close enough to be a typo.
func closestMatch(to word: String, in candidates: [String]) -> String? {
  let scored = candidates.map { (candidate: $0, distance: editDistance(word, $0)) }
  guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
  let allowed = max(2, word.count / 3)
  return best.distance <= allowed ? best.candidate : nil
}

/// The Levenshtein distance between two strings, by characters.
func editDistance(_ left: String, _ right: String) -> Int {
  let a = Array(left)
  let b = Array(right)
  guard !a.isEmpty else { return b.count }
  guard !b.isEmpty else { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
