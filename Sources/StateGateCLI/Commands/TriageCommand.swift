import Triage

/// `stategate triage PATH...`: failing cases of archived results, classified.
enum TriageCommand {
  static let subcommand = Subcommand(
    name: "triage",
    summary: "Classify the failures in result directories, JUnit files or folders of them.",
    usage: " PATH...",
    options: [
      OptionSpec(
        "format", kind: .value(placeholder: "text|json|markdown"),
        help: "Output format (default: text).")
    ],
    run: { arguments, context in
      guard !arguments.positionals.isEmpty else {
        throw ArgumentError.missingArgument("PATH")
      }
      let format = arguments.value("format") ?? "text"
      guard ["text", "json", "markdown"].contains(format) else {
        throw ArgumentError.invalidValue(
          option: "--format", value: format, expected: "text, json or markdown")
      }
      let inputs = ArchiveTriage.triage(paths: arguments.positionals, collectOutcomes: nil)
      let report = TriageReport(inputs: inputs)
      switch format {
      case "json": context.io.writeOutput(report.json())
      case "markdown": context.io.writeOutput(cleanLines(report.markdown()))
      default: context.io.writeOutput(cleanLines(report.text()))
      }
      for input in inputs where input.problem != nil {
        context.io.writeError("error: \(TerminalText.line(input.problem ?? ""))\n")
      }
      return status(of: report)
    }
  )

  /// `text` with each line made safe for a terminal.
  static func cleanLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map {
      TerminalText.line(String($0))
    }.joined(separator: "\n")
  }

  /// 66 if an input is missing, 65 if one is unreadable, 1 if failures, else 0.
  static func status(of report: TriageReport) -> ExitStatus {
    if report.hasMissingInput { return .missingInput }
    if report.hasUnreadableInput { return .malformedInput }
    return report.hasFailures ? .contractFailures : .success
  }
}
