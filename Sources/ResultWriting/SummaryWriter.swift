import Contracts
import ResultFiles
import ResultSchema
import RunModel

/// `summary.md`: a short human summary a CI system can show on a job page.
enum SummaryWriter {
  static func markdown(report: RunReport, manifest: Manifest, directoryName: String) -> String {
    let counts = report.counts
    var lines = [
      "## stategate: \(counts.total) \(counts.total == 1 ? "case" : "cases"), \(counts.passed) passed, "
        + "\(counts.failed) failed, "
        + "\(counts.skipped) skipped"
        + (counts.interrupted > 0 ? ", \(counts.interrupted) interrupted" : "")
        + (report.notRun > 0 ? ", \(report.notRun) not run" : ""),
      "",
      "Run `\(manifest.runID)` · status **\(manifest.status.rawValue)** · subjects "
        + manifest.subjects.map { "`\($0)`" }.joined(separator: ", ")
        + " · results in `\(directoryName)`",
      "",
    ]
    if counts.total > 0, counts.passed + counts.failed == 0 {
      lines.append(
        "**Not passed: nothing was tested** — every case was skipped or not run (see the reasons "
          + "below).")
      lines.append("")
    }
    lines += noteLines(manifest)
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
        "", "### Failures", "",
        "| case | subject | class | first failure | reason |",
        "|---|---|---|---|---|",
      ]
      for failure in failures {
        let message = failure.failureMessage(
          source: manifest.source(
            ofSuite: failure.suiteID, case: failure.caseID, subject: failure.subject))
        lines.append(
          "| \(code("\(failure.suiteID)/\(failure.caseID)")) | \(code(failure.subject)) | "
            + "\(classCell(failure.classification?.failureClass, language: manifest.language))"
            + notConfident(failure.classification?.rankedClasses)
            + " | "
            + "\(message.map { cell($0.lines) } ?? "-") | "
            + "\(escape(reason(of: failure.classification, language: manifest.language))) |")
      }
    }
    lines += conformanceSection(manifest)
    lines += skippedSection(report)
    return lines.joined(separator: "\n") + "\n"
  }

  /// A failure's reason as its cell shows it: in the language the manifest records (English when
  /// it records none), the observed values it quotes as they are.
  static func reason(of classification: Classification?, language: String?) -> String {
    guard let classification else { return "" }
    return classification.reason(in: language.flatMap(Language.init(rawValue:)) ?? .english)
  }

  /// A reason an archive recorded (in English) in the language the manifest records, recovered
  /// through the reason templates (``Reason/init(english:)``); text no template matches stays as
  /// recorded.
  static func recordedReason(_ reason: String?, language: String?) -> String {
    guard let reason else { return "" }
    guard let language = language.flatMap(Language.init(rawValue:)), language != .english else {
      return reason
    }
    return Reason(english: reason).text(in: language)
  }

  /// A failure's class as its cell shows it: the name, and in a language other than English
  /// (`language`, as the manifest records it) the class's one line in that language under it.
  static func classCell(_ failureClass: FailureClass?, language: String?) -> String {
    let failureClass = failureClass ?? .unclassified
    guard let language = language.flatMap(Language.init(rawValue:)), language != .english else {
      return failureClass.rawValue
    }
    return failureClass.rawValue + "<br>" + escape(failureClass.text(in: language).summary)
  }

  /// What a class cell adds for a verdict that is not confident: `<br>not confident: A or B`,
  /// the surviving classes most likely first; nothing for a confident verdict (one class).
  static func notConfident(_ ranked: [FailureClass]?) -> String {
    guard let ranked, ranked.count > 1 else { return "" }
    return "<br>not confident: " + ranked.map(\.rawValue).joined(separator: " or ")
  }

  /// Per subject with a failed case, each rule of the contract and its verdict, then the
  /// undeclared policies the failures fit.
  static func conformanceSection(_ manifest: Manifest) -> [String] {
    guard let profiles = manifest.conformance, !profiles.isEmpty else { return [] }
    var lines = ["", "### Conformance profile"]
    for profile in profiles {
      lines += ["", "`\(profile.subject)`:", "", "| rule | verdict | cases |", "|---|---|---|"]
      for rule in profile.rules {
        let cases = rule.casesText()
        lines.append(
          "| \(rule.rule) | \(rule.verdict == "broke" ? "**broke**" : rule.verdictText) | "
            + "\(cases.isEmpty ? "-" : escape(cases)) |")
      }
      for fit in profile.fits ?? [] {
        lines += ["", "**Note:** \(escape(fit))."]
      }
    }
    return lines
  }

  /// The skipped cases grouped by reason — a capability a subject lacks, a value it does not
  /// declare — so a skip is read, never mistaken for a pass.
  private static func skippedSection(_ report: RunReport) -> [String] {
    var reasons: [String] = []
    var casesByReason: [String: [String]] = [:]
    for result in report.suites.flatMap(\.cases) {
      guard case .skipped(let reason) = result.outcome else { continue }
      if casesByReason[reason] == nil { reasons.append(reason) }
      casesByReason[reason, default: []].append("\(result.suiteID)/\(result.caseID)")
    }
    guard !reasons.isEmpty else { return [] }
    var lines = ["", "### Skipped", "", "| reason | cases |", "|---|---|"]
    for reason in reasons {
      let cases = casesByReason[reason] ?? []
      let shown = cases.prefix(5).map(code).joined(separator: " ")
      lines.append(
        "| \(escape(reason)) | \(cases.count): \(shown)\(cases.count > 5 ? " …" : "") |")
    }
    return lines
  }

  /// What the manifest says beside the cases, each paragraph followed by a blank line.
  ///
  /// What became of the required cases (`run --require`, each unmet one with its reason),
  /// undeclared capabilities, value words and what was not observed: a run's summary and a
  /// merged one's both show them.
  static func noteLines(_ manifest: Manifest) -> [String] {
    var lines: [String] = []
    if let required = manifest.requiredCases {
      let unmet = required.filter { !$0.ran }
      if unmet.isEmpty {
        lines += ["Every one of the \(required.count) required case runs ran (`--require`).", ""]
      } else {
        lines += [
          "**Not passed: \(unmet.count) required \(unmet.count == 1 ? "case" : "cases") did not "
            + "run** (`--require`):", "",
        ]
        for entry in unmet {
          let against = entry.subject.map { "@\($0)" } ?? ""
          lines.append(
            "- \(code(entry.case + against)): \(escape(entry.reason ?? "did not run"))")
        }
        lines.append("")
      }
    }
    for entry in manifest.undeclaredCapabilities ?? [] {
      lines += ["**Warning:** \(escape(entry.message)).", ""]
    }
    for entry in manifest.valueWords ?? [] {
      lines += ["Subject \(code(entry.subject)): \(escape(entry.note)).", ""]
    }
    for entry in manifest.notObserved ?? [] {
      lines += ["Not observed: \(escape(entry.reason)).", ""]
    }
    return lines
  }

  /// Lines as code spans, one under another (`-` for none).
  static func cell(_ lines: [String]) -> String {
    lines.isEmpty ? "-" : lines.map(code).joined(separator: "<br>")
  }

  /// `text` as a Markdown code span that no backtick in it can end, with `|` escaped for tables.
  static func code(_ text: String) -> String {
    var longest = 0
    var run = 0
    for character in text {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padded = text.hasPrefix("`") || text.hasSuffix("`") ? " \(text) " : text
    return fence + escape(padded) + fence
  }

  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }
}
