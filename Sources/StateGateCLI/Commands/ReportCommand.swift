import Foundation
import ResultFiles
import ResultSchema
import Triage

/// `stategate report PATH [-o FILE]`: one self-contained HTML page for a result directory, or the
/// history of a folder of runs.
enum ReportCommand {
  static let subcommand = Subcommand(
    name: "report",
    summary: "Write one self-contained HTML page for a result directory, or a folder's history.",
    usage: " RESULT-DIR|FOLDER",
    options: [Options.output.spec, Options.force.spec],
    run: { arguments, context in
      guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
        throw arguments.positionals.isEmpty
          ? ArgumentError.missingArgument("RESULT-DIR")
          : ArgumentError.unexpectedArgument(arguments.positionals[1])
      }
      let options = try Options(arguments)
      let output = options.output
      let isRun =
        FileManager.default.fileExists(atPath: PathText.join(path, "manifest.json"))
        || FileManager.default.fileExists(atPath: PathText.join(path, "events.jsonl"))
      let html: String
      var status = ExitStatus.success
      if isRun {
        let run: RecordedRun
        do throws(ResultDirectoryError) {
          run = try RecordedRun.read(path)
        } catch {
          throw StateGateError.results(error)
        }
        // The header follows the gate's verdict on the run, by triage's rule.
        html = HTMLReport.run(
          run, verdict: ArchiveTriage.report(paths: [path]).verdict, language: context.io.language)
      } else {
        let history = try RunHistory.read(path)
        guard !history.runs.isEmpty else {
          throw StateGateError.missingInput("'\(path)': no result directories found")
        }
        TriageCommand.writeProblems(history.report, to: context.io)
        status = history.exitStatus
        html = HTMLReport.trend(history, folder: path)
      }
      if !options.force && FileManager.default.fileExists(atPath: output) {
        throw StateGateError.wouldOverwrite(path: output)
      }
      do {
        try Data(html.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
      } catch {
        throw StateGateError.cannotWrite(path: output, reason: SystemErrorText.reason(error))
      }
      context.io.writeOutput(output + "\n")
      return status
    }
  )

  /// `report`'s options, read.
  struct Options {
    static let output = Option(
      "output", short: "o", placeholder: "FILE",
      help: "Where the page goes (default: report.html in the current directory).",
      parse: OptionValueReader.nonEmpty(expected: "a file path"))
    static let force = Flag("force", help: "Replace a file that exists.")

    /// Where the page goes.
    var output: String
    /// Whether an existing file is replaced.
    var force: Bool

    /// Reads `arguments`.
    init(_ arguments: ParsedArguments) throws(ArgumentError) {
      output = try arguments.value(of: Self.output) ?? "report.html"
      force = arguments[Self.force]
    }
  }
}
