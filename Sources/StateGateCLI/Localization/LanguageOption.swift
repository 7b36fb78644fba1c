import Contracts

extension Language {
  /// `--language en|ja|zh-Hant|ko`, which every command accepts (as `--help`) and which may also
  /// come before the command; it overrides the locale.
  static let option = Option<Language>(
    "language", placeholder: "LANG",
    help: "Speak to people in en, ja, zh-Hant or ko (default: from LC_ALL, LC_MESSAGES, LANG; "
      + "else en); machine formats do not change."
  ) { text, option throws(ArgumentError) in
    guard let language = Language(rawValue: text) else {
      throw .invalidValue(option: option, value: text, expected: choices)
    }
    return language
  }

  /// The accepted values, as an error names them: `en, ja, zh-Hant or ko`.
  static var choices: String {
    let names = allCases.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
  }

  /// The language a command speaks in: `--language` when given, else the locale's.
  ///
  /// - Parameters:
  ///   - arguments: The command's scanned arguments.
  ///   - environment: The process environment, for the locale.
  /// - Returns: The language.
  /// - Throws: ``ArgumentError`` for a value that is not a language stategate speaks.
  static func resolve(_ arguments: ParsedArguments, environment: [String: String])
    throws(ArgumentError) -> Language
  {
    try arguments.value(of: option) ?? ofLocale(in: environment)
  }
}
