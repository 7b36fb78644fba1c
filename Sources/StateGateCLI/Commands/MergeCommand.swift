import Foundation
import ResultFiles
import ResultWriting

/// `stategate merge DIR... --output DIR`: combines shard directories into one.
enum MergeCommand {
  static let subcommand = Subcommand(
    name: "merge",
    summary:
      "Combine the result directories of shards into one (JUnit, events, manifest, summary).",
    usage: " RESULT-DIR...",
    options: Options.table,
    run: { arguments, context in
      guard !arguments.positionals.isEmpty else {
        throw ArgumentError.missingArgument("RESULT-DIR")
      }
      let options = try Options(arguments)
      let io = context.io
      let path: String
      do {
        path = try ResultMerger.merge(
          arguments.positionals, into: options.output, prefix: options.prefix,
          force: options.force,
          commandLine: io.commandLine.isEmpty
            ? ["stategate", "merge"] + arguments.words : io.commandLine,
          hostname: ProcessInfo.processInfo.hostName)
      } catch let error as ResultMerger.MergeError {
        switch error {
        case .results(let inner): throw StateGateError.results(inner)
        case .mismatch: throw StateGateError.mergeRefused(error.description)
        }
      }
      // No output wants a merge today; one that should also see merged directories says so
      // in its initializer.
      RunOutputs(
        directory: nil, request: OutputRequest(.merge, printPath: options.printPath, io: io)
      ).finish(FinishedRun(directory: path))
      io.writeOutput(options.printPath ? path + "\n" : "merged: \(path)\n")
      return .success
    }
  )

  /// `merge`'s options, read and checked.
  struct Options {
    static let output = Option<String>(
      "output", short: "o", placeholder: "DIR", help: "Where the merged directory goes (required).")
    static let prefix = Option(
      "prefix", placeholder: "NAME",
      help: "Start of the merged directory's name (default: the first input's).",
      parse: OptionValueReader.resultPrefix(
        expected: "letters, digits, '.', '-' and '_', not starting with '.'"))
    static let force = Flag(
      "force", help: "Merge runs of different commits or suites, or overlapping cases.")
    static let printPath = Flag("print-path", help: "Print only the merged directory's path.")

    /// The option table, in the order `--help` lists it.
    static let table = [output.spec, prefix.spec, force.spec, printPath.spec]

    /// Where the merged directory goes.
    var output: String
    /// The start of the merged directory's name, if given.
    var prefix: String?
    /// Whether runs that do not belong together are merged anyway.
    var force: Bool
    /// Whether standard output gets only the merged directory's path.
    var printPath: Bool

    /// Reads `arguments`.
    ///
    /// - Throws: ``ArgumentError/missingOption(_:)`` without `--output`.
    init(_ arguments: ParsedArguments) throws(ArgumentError) {
      guard let output = try arguments.value(of: Self.output) else {
        throw .missingOption("--output DIR")
      }
      self.output = output
      prefix = try arguments.value(of: Self.prefix)
      force = arguments[Self.force]
      printPath = arguments[Self.printPath]
    }
  }
}
