import Foundation
import ResultSchema
import Triage

/// The archived runs in a folder, newest first, as `history` prints them and `report` draws them.
struct RunHistory {
  /// One archived run.
  struct Run: Codable, Equatable {
    /// The result directory's path.
    var path: String
    /// The run's id, when known.
    var runID: String?
    /// When it started (ISO 8601), when known.
    var startTime: String?
    /// How it ended: `complete`, `interrupted`, `crashed`, `unfinished` or `unreadable`.
    var status: String
    /// The gate's verdict on it alone.
    var verdict: String
    /// Case counts.
    var counts: TriageCounts
    /// Failing and unfinished cases per class.
    var failuresByClass: [String: Int]
    /// The commit tested, when known.
    var commit: String?
  }

  /// The runs, newest first.
  var runs: [Run]
  /// The folder as triage reads it (result directories only): inputs, entries left unread and
  /// the verdict.
  var report: TriageReport

  /// The runs as triaged, and the folder itself when it holds none.
  var inputs: [TriagedInput] { report.inputs }
  /// Cases that passed and failed on the same commit.
  var flaky: [TriageReport.FlakyCase] { report.flaky }
  /// Entries of the folder that may hold evidence and were not read.
  var unread: [InputFinder.Skipped] { report.unread }
  /// The gate's verdict on the folder, as `triage` gives it (``TriageVerdict/of(_:unread:)``):
  /// `failed` when a run failed, `missing` when the folder holds no run.
  var verdict: TriageVerdict { report.verdict }
  /// Why, when the verdict is not `passed`.
  var verdictReason: String { verdict > .passed ? report.verdictReason : "" }

  /// The exit status: the verdict's, except that failed cases in finished runs are history, not
  /// an error (0).
  var exitStatus: ExitStatus {
    verdict == .failed ? .success : TriageCommand.status(of: verdict)
  }

  /// Reads every result directory under `directory`.
  ///
  /// - Throws: ``StateGateError`` when `directory` is missing or a file.
  static func read(_ directory: String) throws -> RunHistory {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
      throw StateGateError.results(.missing(path: directory))
    }
    guard isDirectory.boolValue else {
      throw StateGateError.results(
        .unfinished(path: directory, reason: "it is a file, not a folder of result directories"))
    }
    // The same walk and the same rule as triage, taking only result directories: an empty
    // folder is missing input, an entry left unread makes the folder incomplete.
    let report = ArchiveTriage.report(
      paths: [directory], collectOutcomes: true,
      accepting: [.resultDirectory, .partialDirectory])
    let inputs = report.inputs.filter { !$0.isMissing }
    let runs = RunOrder.newestFirst(inputs).map { input in
      Run(
        path: input.path, runID: input.runID, startTime: input.startTime,
        status: input.status.rawValue, verdict: input.verdict.description, counts: input.counts,
        failuresByClass: input.failuresByClass, commit: input.commit)
    }
    return RunHistory(runs: runs, report: report)
  }

  /// `group-boundary 5, rollback 1`, or `-`.
  static func classes(_ run: Run) -> String {
    let text = run.failuresByClass.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
      .joined(separator: ", ")
    return text.isEmpty ? "-" : text
  }

  /// The table `history` prints: every column as wide as its widest value, the classes last and
  /// whole; only the commit is cut (to 12 characters).
  var text: String {
    let header = ["time", "status", "passed", "failed", "skipped", "commit", "run", "classes"]
    let rows = runs.map { run in
      [
        run.startTime ?? "unknown", run.status, String(run.counts.passed),
        String(run.counts.failed), String(run.counts.skipped),
        String((run.commit ?? "-").prefix(12)), PathText.lastComponent(run.path), Self.classes(run),
      ].map(ReportText.plain)
    }
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        column == cells.count - 1
          ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }.joined(separator: "  ")
    }
    var lines = [line(header)] + rows.map(line)
    for flaky in flaky {
      lines.append(
        "flaky: \(ReportText.plain(flaky.identity)) on \(flaky.commit.prefix(12)) passed "
          + "\(flaky.passes)×, failed \(flaky.failures)×")
    }
    for entry in unread {
      lines.append("not read: \(ReportText.plain(entry.path)): \(ReportText.plain(entry.reason))")
    }
    // Failed runs are listed above; the line is for what changes the exit status.
    if verdict >= .incomplete {
      lines.append("verdict: \(verdict): \(ReportText.plain(verdictReason))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The history as one JSON document (`schemaVersion` 1, sorted keys).
  var json: String {
    struct Document: Encodable {
      var schemaVersion = 1
      var runs: [Run]
      var flaky: [TriageReport.FlakyCase]
      var verdict: String
      var verdictReason: String?
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    let document = Document(
      runs: runs, flaky: flaky, verdict: verdict.description,
      verdictReason: verdictReason.isEmpty ? nil : verdictReason)
    guard let data = try? encoder.encode(document) else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
