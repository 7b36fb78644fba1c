import Foundation
import ResultFiles
import Triage

/// `stategate triage PATH...`: failing cases of archived results, classified.
enum TriageCommand {
  static let subcommand = Subcommand(
    name: "triage",
    summary: "Classify the failures in result directories, JUnit files or folders of them.",
    usage: " PATH...",
    options: Options.table,
    run: { arguments, context in
      guard !arguments.positionals.isEmpty else {
        throw ArgumentError.missingArgument("PATH")
      }
      let options = try Options(arguments)
      let sources = try sourceLookup(options.sourceRoot)
      let progress = ProgressLine(io: context.io)
      var report = JUnitReader.withProgress(progress.fileReader) {
        ArchiveTriage.report(
          paths: arguments.positionals, collectOutcomes: options.latest ? true : nil,
          sources: sources)
      }
      if options.latest {
        report = report.judgingLatest()
      }
      progress.clear()
      let verbose = options.verbose
      switch options.format {
      case .json: context.io.writeOutput(report.json())
      case .markdown: context.io.writeOutput(report.markdown(verbose: verbose))
      case .text: context.io.writeOutput(report.text(verbose: verbose))
      }
      writeProblems(report, to: context.io)
      return status(of: report.verdict)
    }
  )

  /// `triage`'s options, read.
  struct Options {
    /// The formats `triage` writes.
    enum Format: String, CaseIterable, Sendable {
      case text
      case json
      case markdown
    }

    static let format = OutputOptions.format(Format.self)
    static let sourceRoot = Option<String>(
      "source-root", placeholder: "DIR",
      help: "Where the sources a failure's file:line names are (default: the current directory).")
    static let verbose = Flag(
      "verbose", short: "v", help: "List every folder entry skipped, with the reason.")

    static let latest = Flag(
      "latest",
      help: "Judge only each case's newest run (by recorded start time): a later pass supersedes "
        + "an old failure; runs of unknown order fail.")

    /// The option table, in the order `--help` lists it.
    static let table = [format.spec, sourceRoot.spec, latest.spec, verbose.spec]

    /// How the report is written.
    var format: Format
    /// Where the sources are, if given.
    var sourceRoot: String?
    /// Whether every folder entry skipped is listed.
    var verbose: Bool
    /// Whether only each case's newest run is judged.
    var latest: Bool

    /// Reads `arguments`.
    init(_ arguments: ParsedArguments) throws(ArgumentError) {
      format = try arguments.value(of: Self.format) ?? .text
      sourceRoot = try arguments.value(of: Self.sourceRoot)
      verbose = arguments[Self.verbose]
      latest = arguments[Self.latest]
    }
  }

  /// The sources `--source-root` names (default: the current directory).
  ///
  /// - Throws: ``ArgumentError/invalidValue(option:value:expected:)`` when it is not a folder.
  static func sourceLookup(_ root: String?) throws -> SourceLookup {
    guard let root else {
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
