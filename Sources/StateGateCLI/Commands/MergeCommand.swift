import Foundation
import ResultBundle
import ResultRecording

/// `stategate merge DIR... --output DIR`: combines shard directories into one.
enum MergeCommand {
  static let subcommand = Subcommand(
    name: "merge",
    summary:
      "Combine the result directories of shards into one (JUnit, events, manifest, summary).",
    usage: " RESULT-DIR...",
    options: [
      OptionSpec(
        "output", short: "o", kind: .value(placeholder: "DIR"),
        help: "Where the merged directory goes (required)."),
      OptionSpec(
        "prefix", kind: .value(placeholder: "NAME"),
        help: "Start of the merged directory's name (default: the first input's)."),
      OptionSpec("force", help: "Merge runs of different commits or suites, or overlapping cases."),
      OptionSpec("print-path", help: "Print only the merged directory's path."),
    ],
    run: { arguments, context in
      guard !arguments.positionals.isEmpty else {
        throw ArgumentError.missingArgument("RESULT-DIR")
      }
      guard let output = arguments.value("output") else {
        throw ArgumentError.missingOption("--output DIR")
      }
      if let prefix = arguments.value("prefix"), !ResultDirectoryLayout.isValidPrefix(prefix) {
        throw ArgumentError.invalidValue(
          option: "--prefix", value: prefix,
          expected: "letters, digits, '.', '-' and '_', not starting with '.'")
      }
      let io = context.io
      let path: String
      do {
        path = try ResultMerger.merge(
          arguments.positionals, into: output, prefix: arguments.value("prefix"),
          force: arguments.has("force"),
          commandLine: io.commandLine.isEmpty
            ? ["stategate", "merge"] + arguments.words : io.commandLine,
          hostname: ProcessInfo.processInfo.hostName)
      } catch let error as ResultMerger.MergeError {
        switch error {
        case .results(let inner): throw StateGateError.results(inner)
        case .mismatch: throw StateGateError.mergeRefused(error.description)
        }
      }
      io.writeOutput(arguments.has("print-path") ? path + "\n" : "merged: \(path)\n")
      return .success
    }
  )
}
