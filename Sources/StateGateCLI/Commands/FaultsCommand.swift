import Contracts
import Faults
import RunModel
import Runner

/// `stategate faults`: runs the suites against every faulty subject and prints the detection
/// matrix and its score.
enum FaultsCommand {
  static let subcommand = Subcommand(
    name: "faults",
    summary: "Run the suites against every faulty subject and print the detection matrix.",
    options: [Options.suite.spec, Options.format.spec],
    run: { arguments, context in
      guard arguments.positionals.isEmpty else {
        throw ArgumentError.unexpectedArgument(arguments.positionals[0])
      }
      let options = try Options(arguments)
      let suites = try SuiteSelection.resolve(options.suites, includingCorpus: false)
      let matrix = DetectionMatrix(
        suites: suites, faults: FaultCatalog.faults, clock: context.io.clock)
      switch options.format {
      case .text: context.io.writeOutput(renderText(matrix))
      case .markdown: context.io.writeOutput(renderMarkdown(matrix))
      }
      return matrix.isComplete ? .success : .contractFailures
    }
  )

  /// `faults`' options, read.
  struct Options {
    /// The formats `faults` writes.
    enum Format: String, CaseIterable, Sendable {
      case text
      case markdown
    }

    static let suite = Option<String>(
      "suite", short: "s", placeholder: "NAME|PATH", repeated: true,
      help: "Measure these suites instead of the built-in ones.")
    static let format = OutputOptions.format(Format.self)

    /// How the matrix is written.
    var format: Format
    /// The `--suite` words, as given.
    var suites: [String]

    /// Reads `arguments`.
    init(_ arguments: ParsedArguments) throws(ArgumentError) {
      format = try arguments.value(of: Self.format) ?? .text
      suites = try arguments.values(of: Self.suite)
    }
  }

  static func score(_ matrix: DetectionMatrix) -> String {
    let counted = matrix.countedRows.count
    let equivalents = matrix.equivalentRows.count
    return "detected \(matrix.detectedCount)/\(counted), correctly classified "
      + "\(matrix.correctlyClassifiedCount)/\(counted)"
      + (equivalents == 0
        ? "" : "; \(equivalents) equivalent \(equivalents == 1 ? "mutant" : "mutants") not counted")
  }

  static func renderText(_ matrix: DetectionMatrix) -> String {
    var lines = ["fault                          expected class      caught by  verdict"]
    for row in matrix.rows {
      let verdict =
        row.equivalence != nil
        ? "EQUIVALENT: \(row.equivalence ?? "")"
        : !row.isDetected ? "MISSED" : row.isClassifiedCorrectly ? "ok" : "WRONG CLASS"
      lines.append(
        row.fault.padding(toLength: 31, withPad: " ", startingAt: 0)
          + row.expectedClass.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0)
          + "\(row.catches.count)".padding(toLength: 11, withPad: " ", startingAt: 0) + verdict)
      for wrong in row.catches where wrong.failureClass != row.expectedClass {
        lines.append("    \(wrong.name): \(wrong.failureClass): \(wrong.reason)")
      }
    }
    lines.append("")
    lines.append(score(matrix))
    return lines.joined(separator: "\n") + "\n"
  }

  static func renderMarkdown(_ matrix: DetectionMatrix) -> String {
    var lines = [
      "| fault | symptom | expected class | caught by | classes assigned |",
      "|---|---|---|---|---|",
    ]
    for row in matrix.rows where row.equivalence == nil {
      let cases = row.catches.map { "`\($0.name.split(separator: "/").last ?? "")`" }
      let classes = Set(row.catches.map(\.failureClass.rawValue)).sorted().joined(separator: ", ")
      lines.append(
        "| `\(row.fault)` | \(row.symptom) | \(row.expectedClass) | "
          + (cases.isEmpty ? "**missed**" : cases.joined(separator: ", "))
          + " | \(classes.isEmpty ? "-" : classes) |")
    }
    for row in matrix.equivalentRows {
      lines.append(
        "| `\(row.fault)` | \(row.symptom) | \(row.expectedClass) | equivalent: \(row.equivalence ?? "") | - |"
      )
    }
    lines.append("")
    lines.append("Score: \(score(matrix)).")
    return lines.joined(separator: "\n") + "\n"
  }
}
