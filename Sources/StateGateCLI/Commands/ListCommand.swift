import Contracts

/// `stategate list`: the suites and their cases, the subjects and the failure classes.
enum ListCommand {
  static let subcommand = Subcommand(
    name: "list",
    summary: "List suites and cases, subjects, and failure classes.",
    options: [Options.suite.spec],
    run: { arguments, context in
      guard arguments.positionals.isEmpty else {
        throw ArgumentError.unexpectedArgument(arguments.positionals[0])
      }
      let suites = try SuiteSelection.resolve(try Options(arguments).suites)
      context.io.writeOutput(render(suites: suites, subjects: context.subjects))
      return .success
    }
  )

  /// `list`'s options, read.
  struct Options {
    static let suite = Option<String>(
      "suite", short: "s", placeholder: "NAME|PATH", repeated: true,
      help: "List these suites instead of the built-in ones.")

    /// The `--suite` words, as given.
    var suites: [String]

    /// Reads `arguments`.
    init(_ arguments: ParsedArguments) throws(ArgumentError) {
      suites = try arguments.values(of: Self.suite)
    }
  }

  @MainActor
  static func render(suites: [ContractSuite], subjects: [SubjectEntry]) -> String {
    var lines = ["suites:"]
    for suite in suites {
      lines.append(
        "  \(suite.id) (\(suite.family.rawValue), \(suite.cases.count) cases, \(suite.source)): "
          + TerminalText.line(suite.title))
      let width = suite.cases.map(\.id.count).max() ?? 0
      for contractCase in suite.cases {
        let padding = String(repeating: " ", count: width - contractCase.id.count)
        let requires =
          contractCase.requirements.isEmpty
          ? "" : " [requires \(contractCase.requirements.map(\.rawValue).joined(separator: ", "))]"
        lines.append(
          "    \(contractCase.id)\(padding)  \(TerminalText.line(contractCase.title))\(requires)")
      }
    }
    if suites.contains(where: { $0.source.hasPrefix("builtin:") }) {
      lines.append("  ('stategate show-suite ID' prints a built-in suite's text to copy and adapt)")
    }
    lines.append("")
    lines.append("subjects (the first of each family is the default):")
    for subject in subjects {
      lines.append("  \(subject.name) (\(subject.family.rawValue)): \(subject.summary)")
      let declared = subject.make().capabilities.sorted().map(\.rawValue)
      lines.append(
        "      declares: "
          + (declared.isEmpty ? "nothing optional" : declared.joined(separator: ", ")))
      for unobserved in subject.unobservedClasses() {
        lines.append("      note: \(unobserved.reason)")
      }
      if subject.requiresIsolation {
        lines.append(
          "      note: may break the process it runs in: it runs only isolated, never with "
            + "--no-isolation")
      }
    }
    lines.append("")
    lines.append("failure classes ('stategate explain CLASS' for more):")
    let width = FailureClass.allCases.map(\.rawValue.count).max() ?? 0
    for failureClass in FailureClass.allCases {
      let padding = String(repeating: " ", count: width - failureClass.rawValue.count)
      let families = failureClass.families.map(\.rawValue).joined(separator: ", ")
      lines.append("  \(failureClass.rawValue)\(padding)  (\(families))")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
