import Triage

/// `stategate diff OLD NEW`: new failures, fixed, still failing and class changes; exits 1 when
/// there are new failures, so it gates a merge against the main branch's last result.
///
/// It applies triage's rule to both sides: a side that could not be read completely and
/// consistently, or whose run did not finish, never lets the gate pass.
enum DiffCommand {
  static let subcommand = Subcommand(
    name: "diff",
    summary: "Compare two archived results; exit 1 when NEW has failures OLD did not.",
    usage: " OLD NEW",
    options: [Options.sourceRoot.spec],
    run: { arguments, context in
      guard arguments.positionals.count == 2 else {
        throw arguments.positionals.count < 2
          ? ArgumentError.missingArgument(arguments.positionals.isEmpty ? "OLD" : "NEW")
          : ArgumentError.unexpectedArgument(arguments.positionals[2])
      }
      let sources = try TriageCommand.sourceLookup(try Options(arguments).sourceRoot)
      let old = ArchiveTriage.report(
        paths: [arguments.positionals[0]], collectOutcomes: true, sources: sources)
      let new = ArchiveTriage.report(
        paths: [arguments.positionals[1]], collectOutcomes: true, sources: sources)
      TriageCommand.writeProblems(old, to: context.io)
      TriageCommand.writeProblems(new, to: context.io)
      let sides = max(old.verdict, new.verdict)
      if sides == .missing {
        return .missingInput
      }
      let diff = ResultDiff(old: old.inputs, new: new.inputs)
      context.io.writeOutput(diff.text())
      let verdict = max(
        sides >= .incomplete ? sides : .passed, diff.newFailures.isEmpty ? .passed : .failed)
      var line = "verdict: \(verdict)"
      for (side, report) in [("OLD", old), ("NEW", new)] where report.verdict >= .incomplete {
        line += "; \(side) \(report.verdict): \(ReportText.plain(report.verdictReason))"
      }
      if !diff.notRunInNew.isEmpty {
        line +=
          "; NEW did not run \(diff.notRunInNew.count) case(s) OLD ran (removed, renamed or "
          + "filtered out: NEW is judged on what it ran)"
      }
      context.io.writeOutput(line + "\n")
      return TriageCommand.status(of: verdict)
    }
  )

  /// `diff`'s options, read.
  struct Options {
    static let sourceRoot = TriageCommand.Options.sourceRoot

    /// Where the sources are, if given.
    var sourceRoot: String?

    /// Reads `arguments`.
    init(_ arguments: ParsedArguments) throws(ArgumentError) {
      sourceRoot = try arguments.value(of: Self.sourceRoot)
    }
  }
}
