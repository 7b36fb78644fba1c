import Foundation
import ResultBundle
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
        help: "Output format (default: text)."),
      OptionSpec(
        "source-root", kind: .value(placeholder: "DIR"),
        help: "Where the sources a failure's file:line names are (default: the current directory)."),
      OptionSpec("verbose", short: "v", help: "List every folder entry skipped, with the reason."),
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
      let sources = try sourceLookup(arguments)
      let progress = ProgressLine(io: context.io)
      let report = JUnitReader.withProgress(progress.fileReader) {
        ArchiveTriage.report(paths: arguments.positionals, collectOutcomes: nil, sources: sources)
      }
      progress.clear()
      let verbose = arguments.has("verbose")
      switch format {
      case "json": context.io.writeOutput(report.json())
      case "markdown": context.io.writeOutput(report.markdown(verbose: verbose))
      default: context.io.writeOutput(report.text(verbose: verbose))
      }
      writeProblems(report, to: context.io)
      return status(of: report.verdict)
    }
  )

  /// The sources `--source-root` names (default: the current directory).
  ///
  /// - Throws: ``ArgumentError/invalidValue(option:value:expected:)`` when it is not a folder.
  static func sourceLookup(_ arguments: ParsedArguments) throws -> SourceLookup {
    guard let root = arguments.value("source-root") else {
      return SourceLookup(root: FileManager.default.currentDirectoryPath)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw ArgumentError.invalidValue(option: "--source-root", value: root, expected: "a folder")
    }
    return SourceLookup(root: root)
  }

  /// Writes one `error:` line per problem of every input to standard error, as data.
  static func writeProblems(_ inputs: [TriagedInput], to io: CommandIO) {
    for input in inputs {
      for problem in input.problems {
        io.writeError("error: \(ReportText.plain(problem))\n")
      }
    }
  }

  /// Writes one `error:` line per problem of every input, and per folder entry left unread, to
  /// standard error, as data.
  static func writeProblems(_ report: TriageReport, to io: CommandIO) {
    writeProblems(report.inputs, to: io)
    for entry in report.unread {
      io.writeError(
        "error: \(ReportText.plain("'\(entry.path)' was not read: \(entry.reason)")); the "
          + "folder is incomplete\n")
    }
  }

  /// The exit status of a verdict: 66 missing, 65 malformed, 1 failed or incomplete, else 0.
  static func status(of verdict: TriageVerdict) -> ExitStatus {
    ExitStatus(rawValue: verdict.exitCode) ?? .internalError
  }

  /// The exit status of a report (see ``status(of:)-swift.type.method``).
  static func status(of report: TriageReport) -> ExitStatus {
    status(of: report.verdict)
  }
}
