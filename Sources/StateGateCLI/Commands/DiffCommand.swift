import Triage

/// `stategate diff OLD NEW`: new failures, fixed, still failing and class changes; exits 1 when
/// there are new failures, so it gates a merge against the main branch's last result.
enum DiffCommand {
  static let subcommand = Subcommand(
    name: "diff",
    summary: "Compare two archived results; exit 1 when NEW has failures OLD did not.",
    usage: " OLD NEW",
    options: [],
    run: { arguments, context in
      guard arguments.positionals.count == 2 else {
        throw arguments.positionals.count < 2
          ? ArgumentError.missingArgument(arguments.positionals.isEmpty ? "OLD" : "NEW")
          : ArgumentError.unexpectedArgument(arguments.positionals[2])
      }
      let old = ArchiveTriage.triage(paths: [arguments.positionals[0]], collectOutcomes: true)
      let new = ArchiveTriage.triage(paths: [arguments.positionals[1]], collectOutcomes: true)
      for input in old + new where input.problem != nil {
        context.io.writeError("error: \(TerminalText.line(input.problem ?? ""))\n")
      }
      let status = TriageCommand.status(of: TriageReport(inputs: old + new))
      if status == .missingInput || status == .malformedInput {
        return status
      }
      let diff = ResultDiff(old: old, new: new)
      context.io.writeOutput(diff.text())
      return diff.newFailures.isEmpty ? .success : .contractFailures
    }
  )
}
