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
    options: [
      OptionSpec(
        "suite", short: "s", kind: .repeated(placeholder: "NAME|PATH"),
        help: "Measure these suites instead of the built-in ones."),
      OptionSpec(
        "format", kind: .value(placeholder: "text|markdown"),
        help: "Output format (default: text)."),
    ],
    run: { arguments, context in
      guard arguments.positionals.isEmpty else {
        throw ArgumentError.unexpectedArgument(arguments.positionals[0])
      }
      let markdown: Bool
      switch arguments.value("format") {
      case nil, "text": markdown = false
      case "markdown": markdown = true
      case let other?:
        throw ArgumentError.invalidValue(
          option: "--format", value: other, expected: "text or markdown")
      }
      let suites = try SuiteSelection.resolve(
        arguments.values["suite"] ?? [], includingCorpus: false)
      let matrix = DetectionMatrix(
        suites: suites, faults: FaultCatalog.faults, clock: context.io.clock)
      context.io.writeOutput(markdown ? renderMarkdown(matrix) : renderText(matrix))
      return matrix.isComplete ? .success : .contractFailures
    }
  )

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
