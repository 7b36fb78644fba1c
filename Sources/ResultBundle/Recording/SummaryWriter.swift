import Contracts
import ResultSchema
import Runner

/// `summary.md`: a short human summary a CI system can show on a job page.
enum SummaryWriter {
  static func markdown(report: RunReport, manifest: Manifest, directoryName: String) -> String {
    let counts = report.counts
    var lines = [
      "## stategate: \(counts.total) \(counts.total == 1 ? "case" : "cases"), \(counts.passed) passed, "
        + "\(counts.failed) failed, "
        + "\(counts.skipped) skipped",
      "",
      "Run `\(manifest.runID)` · status **\(manifest.status.rawValue)** · subjects "
        + manifest.subjects.map { "`\($0)`" }.joined(separator: ", ")
        + " · results in `\(directoryName)`",
      "",
    ]
    for entry in manifest.notObserved ?? [] {
      lines.append("Not observed: \(escape(entry.reason)).")
      lines.append("")
    }
    if manifest.status == .interrupted {
      lines.append(
        "The run was interrupted: \(counts.interrupted) case stopped, \(report.notRun) not run.")
      lines.append("")
    }
    lines.append("| suite | subject | passed | failed | skipped |")
    lines.append("|---|---|---|---|---|")
    for suite in report.suites {
      let suiteCounts = suite.counts
      lines.append(
        "| `\(suite.suiteID)` | `\(suite.subject)` | \(suiteCounts.passed) | "
          + "\(suiteCounts.failed) | \(suiteCounts.skipped) |")
    }
    let failures = report.suites.flatMap(\.cases).filter { $0.outcome == .failed }
    if !failures.isEmpty {
      lines += [
        "", "### Failures", "", "| case | class | first bad step | reason |", "|---|---|---|---|",
      ]
      for failure in failures {
        let step = failure.firstFailure.map { "\($0.number): `\($0.action)`" } ?? "-"
        lines.append(
          "| `\(failure.suiteID)/\(failure.caseID)` | "
            + "\(failure.classification?.failureClass.rawValue ?? "unclassified") | \(step) | "
            + "\(escape(failure.classification?.reason ?? "")) |")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }
}
