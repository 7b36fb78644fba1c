import Contracts
import Foundation
import RunModel

/// `stategate list`: the suites and their cases, the subjects and the failure classes; with
/// `--subject`, what a run would do on that subject: each case run or skipped, and why.
enum ListCommand {
  static let subcommand = Subcommand(
    name: "list",
    summary: "List suites and cases, subjects, and failure classes.",
    options: [Options.suite.spec, Options.subject.spec],
    run: { arguments, context in
      guard arguments.positionals.isEmpty else {
        throw ArgumentError.unexpectedArgument(arguments.positionals[0])
      }
      let options = try Options(arguments)
      let suites = try SuiteSelection.resolve(options.suites)
      if options.subjects.isEmpty {
        context.io.writeOutput(
          render(suites: suites, subjects: context.subjects, language: context.io.language))
      } else {
        let subjects = try RunCommand.selectSubjects(options.subjects, in: context)
        context.io.writeOutput(renderPlan(suites: suites, subjects: subjects))
      }
      return .success
    }
  )

  /// `list`'s options, read.
  struct Options {
    static let suite = Option<String>(
      "suite", short: "s", placeholder: "NAME|PATH", repeated: true,
      help: "List these suites instead of the built-in ones.")
    static let subject = Option<String>(
      "subject", placeholder: "NAME", repeated: true,
      help: "Show what a run would do on this subject (or glob): what it declares, its product "
        + "rules, and each case of its family's suites, run or skipped and why.")

    /// The `--suite` words, as given.
    var suites: [String]
    /// The `--subject` words, as given.
    var subjects: [String]

    /// Reads `arguments`.
    init(_ arguments: ParsedArguments) throws(ArgumentError) {
      suites = try arguments.values(of: Self.suite)
      subjects = try arguments.values(of: Self.subject)
    }
  }

  /// What a run of `suites` would do on each of `subjects`, decided by the run's own plan.
  @MainActor
  static func renderPlan(suites: [ContractSuite], subjects: [SubjectEntry]) -> String {
    var plan = RunPlan(suites: suites, subjects: subjects)
    plan.readDeclarations()
    var lines: [String] = []
    for subject in subjects {
      if !lines.isEmpty { lines.append("") }
      lines.append("subject \(subject.name) (\(subject.family.rawValue)): \(subject.summary)")
      guard let declared = plan.declarations[subject.name] else { continue }
      let answers = declared.ruleAnswers(in: subject.family)
      let ruled = Set(ProductRule.all(in: subject.family).flatMap(\.choices))
      let optional = declared.capabilities.subtracting(ruled).sorted().map(\.rawValue)
      lines.append(
        "  declares: " + (optional.isEmpty ? "nothing optional" : optional.joined(separator: ", ")))
      for rule in ProductRule.all(in: subject.family) {
        let note: String
        if let answer = answers.first(where: { $0.rule == rule })?.answer {
          note = rule.answerLabel(
            of: answer, note: answer == rule.defaultChoice ? "the article's, by default" : nil)
        } else {
          note = "none declared: its cases are skipped"
        }
        lines.append("  rule \(rule.name) (\(rule.question)): \(note)")
      }
      if let note = declared.valueWordsNote {
        lines.append("  \(note)")
      }
      if let values = declared.values {
        lines.append("  values: " + values.map(\.name).joined(separator: ", "))
      }
      for unobserved in plan.unobservedClasses(of: subject) {
        lines.append("  note: \(unobserved.reason)")
      }
      for undeclared in plan.undeclaredCapabilities(of: subject) {
        lines.append("  warning: \(undeclared.message)")
      }
      for entry in plan.entries where entry.subject.name == subject.name {
        let skips = entry.cases.map { plan.skipReason(for: $0, on: subject) }
        let skipped = skips.compactMap { $0 }.count
        lines.append(
          "  suite \(entry.suite.id): \(entry.cases.count - skipped) of \(entry.cases.count) "
            + "cases run, \(skipped) skipped")
        let width = entry.cases.map(\.id.count).max() ?? 0
        for (contractCase, reason) in zip(entry.cases, skips) {
          let padding = String(repeating: " ", count: width - contractCase.id.count)
          lines.append(
            "    \(reason == nil ? "run " : "skip") \(contractCase.id)"
              + (reason.map { "\(padding)  \(TerminalText.line($0))" } ?? ""))
        }
      }
      if !plan.entries.contains(where: { $0.subject.name == subject.name }) {
        lines.append("  no selected suite is of its family (\(subject.family.rawValue))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @MainActor
  static func render(
    suites: [ContractSuite], subjects: [SubjectEntry], language: Language = .english
  ) -> String {
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
      let declarations = subject.make().declarations
      let ruled = Set(ProductRule.all(in: subject.family).flatMap(\.choices))
      let declared = declarations.capabilities.subtracting(ruled).sorted().map(\.rawValue)
      lines.append(
        "      declares: "
          + (declared.isEmpty ? "nothing optional" : declared.joined(separator: ", ")))
      let answers = declarations.ruleAnswers(in: subject.family).map {
        "\($0.rule.name)="
          + $0.rule.answerLabel(
            of: $0.answer, note: $0.answer == $0.rule.defaultChoice ? "the default" : nil)
      }
      if !answers.isEmpty {
        lines.append("      rules: " + answers.joined(separator: "; "))
      }
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
    lines.append(Phrase.listedClasses.text(in: language))
    let families = FailureClass.allCases.map {
      "(" + $0.families.map(\.rawValue).joined(separator: ", ") + ")"
    }
    let width = FailureClass.allCases.map(\.rawValue.count).max() ?? 0
    let familyWidth = families.map(\.count).max() ?? 0
    for (failureClass, families) in zip(FailureClass.allCases, families) {
      let name = failureClass.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
      let family = families.padding(toLength: familyWidth, withPad: " ", startingAt: 0)
      lines.append("  \(name)  \(family)  \(failureClass.text(in: language).summary)")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
