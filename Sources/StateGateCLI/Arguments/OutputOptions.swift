import ResultFiles

/// The options several commands share about what they print and where results go, each declared
/// once: `--format`, the result directory's `--output`, and `--shard`.
enum OutputOptions {
  /// `--format` for a command that prints in the formats of `Format`: the placeholder lists its
  /// cases (`text|json`), the first case is the default, and an unknown one is refused naming
  /// them all.
  static func format<Format: RawRepresentable & CaseIterable & Sendable>(
    _ type: Format.Type = Format.self
  ) -> Option<Format> where Format.RawValue == String {
    let words = Format.allCases.map(\.rawValue)
    return Option(
      "format", placeholder: words.joined(separator: "|"),
      help: "Output format (default: \(words.first ?? "text")).",
      parse: OptionValueReader.choice(Format.self))
  }

  /// `--output DIR` for a command that writes a result directory (`run`, `explore`): where it
  /// goes, with `help` saying what the directory is.
  static func resultDirectory(help: String) -> Option<String> {
    Option(
      "output", short: "o", placeholder: "DIR",
      help:
        "\(help) (default: $\(ResultDirectoryLayout.folderVariable) or "
        + "\(ResultDirectoryLayout.defaultFolder)).",
      parse: OptionValueReader.nonEmpty(expected: "a directory path"))
  }

  /// Where the result directory goes: `--output` when given, else as
  /// `ResultDirectoryLayout.folder(given:environment:)` decides.
  ///
  /// - Throws: The option's own value error (an empty path).
  static func resultDirectory(
    _ option: Option<String>, in arguments: ParsedArguments, environment: [String: String]
  ) throws(ArgumentError) -> String {
    ResultDirectoryLayout.folder(given: try arguments.value(of: option), environment: environment)
  }

  /// `--shard I/N`, with `help` saying what a shard of this command holds.
  static func shard(help: String) -> Option<ShardChoice> {
    Option("shard", placeholder: "I/N", help: help, parse: OptionValueReader.shard)
  }
}
