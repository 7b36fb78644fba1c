import Foundation
import ResultSchema
import Triage

/// `stategate history DIR`: archived runs, newest first.
enum HistoryCommand {
  static let subcommand = Subcommand(
    name: "history",
    summary: "List archived runs in a folder, newest first: time, status, counts, classes, commit.",
    usage: " DIR",
    options: [],
    run: { arguments, context in
      guard arguments.positionals.count == 1, let directory = arguments.positionals.first else {
        throw arguments.positionals.isEmpty
          ? ArgumentError.missingArgument("DIR")
          : ArgumentError.unexpectedArgument(arguments.positionals[1])
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
        throw StateGateError.results(.missing(path: directory))
      }
      guard isDirectory.boolValue else {
        throw StateGateError.results(
          .unfinished(path: directory, reason: "it is a file, not a folder of result directories"))
      }
      let runs = InputFinder.find([directory]).found
        .filter { $0.kind == .resultDirectory || $0.kind == .partialDirectory }
        .map { ArchiveTriage.triage($0, collectOutcomes: true) }
      let report = TriageReport(inputs: runs)
      let sorted = runs.sorted { ($0.startTime ?? "") > ($1.startTime ?? "") }
      var lines = [
        "time                  status       passed failed skipped  classes                commit        run"
      ]
      for run in sorted {
        let classes = Dictionary(grouping: run.failures, by: \.failureClass)
          .map { "\($0.key) \($0.value.count)" }.sorted().joined(separator: ", ")
        lines.append(
          [
            (run.startTime ?? "unknown").padding(toLength: 21, withPad: " ", startingAt: 0),
            run.status.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0),
            String(run.counts.passed).padding(toLength: 6, withPad: " ", startingAt: 0),
            String(run.counts.failed).padding(toLength: 6, withPad: " ", startingAt: 0),
            String(run.counts.skipped).padding(toLength: 8, withPad: " ", startingAt: 0),
            (classes.isEmpty ? "-" : classes).padding(toLength: 22, withPad: " ", startingAt: 0),
            String((run.commit ?? "-").prefix(12)).padding(
              toLength: 13, withPad: " ", startingAt: 0),
            ReportText.plain(PathText.lastComponent(run.path)),
          ].joined(separator: " "))
      }
      for flaky in report.flaky {
        lines.append(
          "flaky: \(ReportText.plain(flaky.identity)) on \(flaky.commit.prefix(12)) passed \(flaky.passes)×, failed \(flaky.failures)×"
        )
      }
      // The same rule as triage, without failing on failed cases: a run that could not be read
      // completely and consistently (65), or that did not finish (1), is never passed over.
      let verdict = runs.map(\.verdict).filter { $0 >= .incomplete }.max() ?? .passed
      if verdict > .passed {
        lines.append("verdict: \(verdict): \(ReportText.plain(report.verdictReason))")
      }
      context.io.writeOutput(lines.joined(separator: "\n") + "\n")
      TriageCommand.writeProblems(runs, to: context.io)
      return TriageCommand.status(of: verdict)
    }
  )
}
