import Contracts
import Runner

/// `stategate run`: runs contract suites against subjects and exits 0 (all held) or 1.
enum RunCommand {
  static let subcommand = Subcommand(
    name: "run",
    summary: "Run contract suites against subjects; every step of every case is checked.",
    options: [
      OptionSpec(
        "suite", short: "s", kind: .repeated(placeholder: "NAME|PATH"),
        help: "A built-in suite id, a suite file or a directory of *.suite files (default: all "
          + "built-in suites)."),
      OptionSpec(
        "subject", kind: .repeated(placeholder: "NAME"),
        help: "A subject to run the suites of its family against (default: the first of each "
          + "family; see 'stategate list')."),
      OptionSpec(
        "filter", short: "f", kind: .repeated(placeholder: "PATTERN"),
        help: "Keep cases whose 'suite/case' contains PATTERN, or matches it when it has '*'."),
      OptionSpec(
        "format", kind: .value(placeholder: "text|json"),
        help: "Output format (default: text)."),
    ],
    run: { arguments, context in
      guard arguments.positionals.isEmpty else {
        throw ArgumentError.unexpectedArgument(arguments.positionals[0])
      }
      let format = try OutputFormat.parse(arguments.value("format"))
      let subjects = try selectSubjects(arguments.values["subject"] ?? [], in: context)
      let suites = try SuiteSelection.resolve(arguments.values["suite"] ?? [])
      let filter = CaseFilter(arguments.values["filter"] ?? [])
      let plan = RunPlan(suites: suites, subjects: subjects, filter: filter)
      guard plan.caseCount > 0 else {
        throw StateGateError.nothingMatched(
          describeEmptyPlan(suites: suites, subjects: subjects, filter: filter))
      }
      let io = context.io
      let console = ConsoleReporter(io: io)
      let runner = ContractRunner(clock: io.clock) { event in
        if format == .text { console.record(event) }
      }
      let report = runner.run(plan)
      if format == .json {
        io.writeOutput(JSONReport.encode(report))
      }
      return report.counts.failed == 0 ? .success : .contractFailures
    }
  )

  /// The subjects `names` select, or the defaults.
  static func selectSubjects(_ names: [String], in context: CommandContext) throws(ArgumentError)
    -> [SubjectEntry]
  {
    guard !names.isEmpty else { return context.defaultSubjects }
    var selected: [SubjectEntry] = []
    for name in names {
      if name.contains("*") {
        let matching = context.subjects.filter { CaseFilter.glob(name, matches: $0.name) }
        guard !matching.isEmpty else {
          throw .invalidValue(
            option: "--subject", value: name, expected: "a pattern that matches a subject")
        }
        selected += matching.filter { entry in !selected.contains { $0.name == entry.name } }
        continue
      }
      guard let subject = context.subjects.first(where: { $0.name == name }) else {
        throw .invalidValue(
          option: "--subject", value: name,
          expected: "one of " + context.subjects.map(\.name).joined(separator: ", ")
            + (Spelling.closest(to: name, in: context.subjects.map(\.name)).map {
              " (did you mean '\($0)'?)"
            } ?? ""))
      }
      if !selected.contains(where: { $0.name == name }) {
        selected.append(subject)
      }
    }
    return selected
  }

  private static func describeEmptyPlan(
    suites: [ContractSuite], subjects: [SubjectEntry], filter: CaseFilter
  ) -> String {
    let families = Set(subjects.map(\.family))
    let runnable = suites.filter { families.contains($0.family) }
    if runnable.isEmpty {
      return "no selected suite belongs to the family of the selected subjects ("
        + subjects.map { "\($0.name): \($0.family.rawValue)" }.joined(separator: ", ") + ")"
    }
    return "no case of " + runnable.map(\.id).joined(separator: ", ") + " matches --filter "
      + filter.patterns.map { "'\($0)'" }.joined(separator: " ")
  }
}

/// The output formats of commands that print reports.
enum OutputFormat: String, CaseIterable {
  case text
  case json

  static func parse(_ word: String?) throws(ArgumentError) -> OutputFormat {
    guard let word else { return .text }
    guard let format = OutputFormat(rawValue: word) else {
      throw .invalidValue(option: "--format", value: word, expected: "text or json")
    }
    return format
  }
}
