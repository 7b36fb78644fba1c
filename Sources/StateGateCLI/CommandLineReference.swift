import Foundation

/// The command line's reference page, generated from the subcommands' option tables, so that
/// `docs/command-line.md` can never list an option `--help` does not (a test keeps it current).
enum CommandLineReference {
  /// The first line of the generated part of `docs/command-line.md`.
  static let beginMarker = "<!-- generated from the option tables: do not edit by hand -->"
  /// The line after the generated part.
  static let endMarker = "<!-- end of the generated part -->"

  /// Returns the Markdown of every command's synopsis, summary and options, in the order of
  /// `stategate --help`, between the two markers.
  @MainActor
  static func markdown(of subcommands: [Subcommand] = StateGate.subcommands) -> String {
    var lines = [beginMarker, ""]
    for command in subcommands {
      let synopsis = "stategate \(command.name)\(command.options.isEmpty ? "" : " [options]")"
      lines.append("### `\(command.name)`")
      lines.append("")
      lines.append("`\(synopsis)\(command.usage)`: \(command.summary)")
      lines.append("")
      lines.append("| option | what it does |")
      lines.append("|---|---|")
      for option in command.options + Subcommand.commonOptions {
        let name = option.synopsis.trimmingCharacters(in: .whitespaces)
        lines.append("| `\(name)` | \(escaped(option.help)) |")
      }
      lines.append("")
    }
    lines.append(endMarker)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` with the characters that end a Markdown table cell escaped.
  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }
}
