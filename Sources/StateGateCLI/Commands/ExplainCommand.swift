import Contracts

/// `stategate explain CLASS`: what a failure class means, typical causes and where to look.
enum ExplainCommand {
  static let subcommand = Subcommand(
    name: "explain",
    summary: "Explain a failure class: definition, typical causes, where to look.",
    usage: " CLASS",
    options: [],
    run: { arguments, context in
      let language = context.io.language
      guard let name = arguments.positionals.first else {
        context.io.writeOutput(
          Phrase.failureClasses.text(in: language)
            + FailureClass.allCases.map(\.rawValue).joined(separator: ", ") + "\n"
            + Phrase.explainOne.text(in: language) + "\n")
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
      context.io.writeOutput(explanation(of: failureClass, in: language))
      return .success
    }
  )

  /// The explanation of `failureClass` in `language`: its name and families, definition,
  /// typical causes and where to look.
  static func explanation(of failureClass: FailureClass, in language: Language = .english)
    -> String
  {
    let text = failureClass.text(in: language)
    let families = failureClass.families.map { $0.name(in: language) }
    var lines = [
      "\(failureClass.rawValue) (\(families.joined(separator: Phrase.listSeparator.text(in: language))))",
      "",
      text.definition,
      "",
      Phrase.typicalCauses.text(in: language),
    ]
    lines += text.typicalCauses.map { "  - \($0)" }
    lines += ["", Phrase.whereToLook.text(in: language), "  \(text.whereToLook)"]
    return lines.joined(separator: "\n") + "\n"
  }
}
