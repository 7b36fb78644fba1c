import Contracts

/// One `stategate` subcommand: its name, its option table and what it does.
public struct Subcommand: Sendable {
  /// The word that selects the subcommand.
  public var name: String
  /// One line for `stategate --help`.
  public var summary: String
  /// The positional arguments as help shows them, such as `[PATH...]`; empty for none.
  public var usage: String
  /// The options it accepts (`--help` is added for every subcommand).
  public var options: [OptionSpec]
  /// Runs the subcommand with its scanned arguments and returns the exit status.
  public var run: @MainActor @Sendable (ParsedArguments, CommandContext) throws -> ExitStatus

  /// Creates a subcommand.
  public init(
    name: String, summary: String, usage: String = "", options: [OptionSpec],
    run: @escaping @MainActor @Sendable (ParsedArguments, CommandContext) throws -> ExitStatus
  ) {
    self.name = name
    self.summary = summary
    self.usage = usage
    self.options = options
    self.run = run
  }

  /// The `--help` option every subcommand accepts.
  static let helpOption = Flag("help", short: "h", help: "Show this help and exit.")

  /// The options every subcommand accepts besides its own: `--help` and `--language`.
  static let commonOptions = [helpOption.spec, Language.option.spec]

  /// The full help text, generated from the option table.
  var help: String {
    var lines = ["usage: stategate \(name)\(options.isEmpty ? "" : " [options]")\(usage)", ""]
    lines.append(summary)
    lines.append("")
    lines.append("options:")
    let all = options + Self.commonOptions
    let width = all.map(\.synopsis.count).max() ?? 0
    for option in all {
      let padding = String(repeating: " ", count: width - option.synopsis.count)
      lines.append("  \(option.synopsis)\(padding)  \(option.help)")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
