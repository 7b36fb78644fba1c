import Contracts
import Triage

/// `stategate diff OLD NEW`: new failures, fixed, still failing and class changes; exits 1 when
/// there are new failures, or cases OLD ran that NEW did not run and no `--removed` names, so it
/// gates a merge against the main branch's last result.
///
/// It applies triage's rule to both sides: a side that could not be read completely and
/// consistently, or whose run did not finish, never lets the gate pass; nor does coverage that
/// vanished (a capability no longer declared, a filter, a removed case nobody said was removed).
enum DiffCommand {
  static let subcommand = Subcommand(
    name: "diff",
    summary: "Compare two archived results; exit 1 when NEW has failures OLD did not, or did "
      + "not run cases OLD ran.",
    usage: " OLD NEW",
    options: [Options.sourceRoot.spec, Options.removed.spec, Options.removedList.spec],
    run: { arguments, context in
      guard arguments.positionals.count == 2 else {
        throw arguments.positionals.count < 2
          ? ArgumentError.missingArgument(arguments.positionals.isEmpty ? "OLD" : "NEW")
          : ArgumentError.unexpectedArgument(arguments.positionals[2])
      }
      let options = try Options(arguments)
      let sources = try TriageCommand.sourceLookup(options.sourceRoot)
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
      let removed = try options.removedPatterns()
      let diff = ResultDiff(old: old.inputs, new: new.inputs, removed: removed)
      for pattern in diff.unusedRemovals {
        context.io.writeError(
          "warning: --removed '\(ReportText.plain(pattern.text))' names no case OLD ran that NEW "
            + "did not; drop it from the list\n")
      }
      context.io.writeOutput(diff.text())
      let lostCoverage = !diff.notRunInNew.isEmpty
      let verdict = max(
        sides >= .incomplete ? sides : .passed,
        diff.newFailures.isEmpty && !lostCoverage ? .passed : .failed)
      var line = "verdict: \(verdict)"
      for (side, report) in [("OLD", old), ("NEW", new)] where report.verdict >= .incomplete {
        line += "; \(side) \(report.verdict): \(ReportText.plain(report.verdictReason))"
      }
      if lostCoverage {
        line +=
          "; NEW did not run \(diff.notRunInNew.count) case(s) OLD ran: \(diff.notRunSummary) "
          + "(skipped, filtered out, renamed or removed; pass --removed CASE or --removed-list "
          + "FILE for cases removed on purpose)"
      }
      context.io.writeOutput(line + "\n")
      return TriageCommand.status(of: verdict)
    }
  )

  /// `diff`'s options, read.
  struct Options {
    static let sourceRoot = TriageCommand.Options.sourceRoot
    static let removed = Option(
      "removed", placeholder: "CASE", repeated: true,
      help: "A case ('suite/case', or a pattern as run's --filter takes it) removed on purpose: "
        + "NEW not running it does not fail the diff.",
      parse: OptionValueReader.nonEmpty(expected: "a non-empty case name or pattern"))
    static let removedList = Option(
      "removed-list", placeholder: "FILE",
      help: "A file of cases removed on purpose, one a line as --removed takes it ('#' comments).",
      parse: OptionValueReader.nonEmpty(expected: "a file path"))

    /// Where the sources are, if given.
    var sourceRoot: String?
    /// The cases named removed on the command line.
    var removed: [String]
    /// The file that lists more, if given.
    var removedList: String?

    /// Reads `arguments`.
    init(_ arguments: ParsedArguments) throws(ArgumentError) {
      sourceRoot = try arguments.value(of: Self.sourceRoot)
      removed = try arguments.values(of: Self.removed)
      removedList = try arguments.value(of: Self.removedList)
    }

    /// Every case named removed: the command line's, then the list file's.
    ///
    /// - Throws: ``StateGateError`` when the list file cannot be read.
    func removedPatterns() throws(StateGateError) -> [CasePattern] {
      var names = removed
      if let removedList {
        names += try CaseListFile.read(removedList, option: Self.removedList.display)
      }
      return names.map(CasePattern.init)
    }
  }
}
