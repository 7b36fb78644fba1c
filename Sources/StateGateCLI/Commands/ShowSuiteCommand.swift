import Contracts

/// `stategate show-suite NAME`: prints a built-in suite's text, to copy and adapt.
enum ShowSuiteCommand {
  static let subcommand = Subcommand(
    name: "show-suite",
    summary: "Print a built-in suite's text, exactly as shipped, to copy and adapt.",
    usage: " NAME",
    options: [],
    run: { arguments, context in
      let suites = try SuiteSelection.resolve([], includingCorpus: false)
      guard let name = arguments.positionals.first else {
        context.io.writeOutput(overview(of: suites))
        return .success
      }
      guard arguments.positionals.count == 1 else {
        throw ArgumentError.unexpectedArgument(arguments.positionals[1])
      }
      guard let fileName = fileName(for: name, in: suites),
        let text = BuiltInSuites.text(ofFile: fileName)
      else {
        let names = suites.map(\.id)
        throw ArgumentError.unknown(
          "built-in suite", option: "NAME", value: name, among: names, listing: "stategate list")
      }
      context.io.writeOutput(text)
      return .success
    }
  )

  /// Finds the file of the built-in suite `name` names: its id, its file name or its source.
  ///
  /// - Parameters:
  ///   - name: `undo-history`, `undo-history.suite` or `builtin:undo-history.suite`.
  ///   - suites: The built-in suites.
  /// - Returns: The file name, or `nil` when no built-in suite matches.
  static func fileName(for name: String, in suites: [ContractSuite]) -> String? {
    for suite in suites {
      let file = String(suite.source.dropFirst("builtin:".count))
      if name == suite.id || name == file || name == suite.source {
        return file
      }
    }
    return nil
  }

  private static func overview(of suites: [ContractSuite]) -> String {
    var lines = ["built-in suites:"]
    for suite in suites {
      lines.append("  \(suite.id) (\(suite.source))")
    }
    lines.append("Run 'stategate show-suite NAME > mine.suite' to start a suite of your own.")
    return lines.joined(separator: "\n") + "\n"
  }
}
