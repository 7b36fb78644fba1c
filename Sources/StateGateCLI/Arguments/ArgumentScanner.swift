import Contracts

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
    parsed.words = arguments
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
    return Spelling.closest(to: name.hasPrefix("--") ? name : "-\(name)", in: candidates)
  }
}
