import Contracts

/// `stategate explain CLASS`: what a failure class means, typical causes and where to look.
enum ExplainCommand {
  static let subcommand = Subcommand(
    name: "explain",
    summary: "Explain a failure class: definition, typical causes, where to look.",
    usage: " CLASS",
    options: [],
    run: { arguments, context in
      guard let name = arguments.positionals.first else {
        context.io.writeOutput(
          "failure classes: " + FailureClass.allCases.map(\.rawValue).joined(separator: ", ")
            + "\nRun 'stategate explain CLASS' for one of them.\n")
        return .success
      }
      guard arguments.positionals.count == 1 else {
        throw ArgumentError.unexpectedArgument(arguments.positionals[1])
      }
      guard let failureClass = FailureClass(rawValue: name) else {
        let names = FailureClass.allCases.map(\.rawValue)
        throw ArgumentError.unknown(
          "failure class", option: "CLASS", value: name, among: names, listing: "stategate explain")
      }
      context.io.writeOutput(explanation(of: failureClass))
      return .success
    }
  )

  static func explanation(of failureClass: FailureClass) -> String {
    var lines = [
      "\(failureClass.rawValue) (\(failureClass.families.map(\.displayName).joined(separator: ", ")))",
      "",
      failureClass.definition,
      "",
      "Typical causes:",
    ]
    lines += failureClass.typicalCauses.map { "  - \($0)" }
    lines += ["", "Where to look:", "  \(failureClass.whereToLook)"]
    return lines.joined(separator: "\n") + "\n"
  }
}
