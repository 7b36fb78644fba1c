import Foundation
import ResultSchema
import Triage

/// `stategate history DIR`: archived runs, newest first.
enum HistoryCommand {
  static let subcommand = Subcommand(
    name: "history",
    summary: "List archived runs in a folder, newest first: time, status, counts, classes, commit.",
    usage: " DIR",
    options: [Options.format.spec],
    run: { arguments, context in
      guard arguments.positionals.count == 1, let directory = arguments.positionals.first else {
        throw arguments.positionals.isEmpty
          ? ArgumentError.missingArgument("DIR")
          : ArgumentError.unexpectedArgument(arguments.positionals[1])
      }
      let format = try Options(arguments).format
      let history = try RunHistory.read(directory)
      switch format {
      case .text: context.io.writeOutput(history.text)
      case .json: context.io.writeOutput(history.json)
      }
      // The same rule as triage, without failing on failed cases: a run that could not be read
      // completely and consistently (65), that did not finish or was not read (1), or no run at
      // all (66) is never passed over.
      TriageCommand.writeProblems(history.report, to: context.io)
      return history.exitStatus
    }
  )

  /// `history`'s options, read.
  struct Options {
    static let format = OutputOptions.format(OutputFormat.self)

    /// How the runs are listed.
    var format: OutputFormat

    /// Reads `arguments`.
    init(_ arguments: ParsedArguments) throws(ArgumentError) {
      format = try arguments.value(of: Self.format) ?? .text
    }
  }
}
