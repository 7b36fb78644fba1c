import Contracts
import Foundation

/// The triage of several inputs: per input, per class, cases that are flaky across runs, and the
/// verdict of the whole.
///
/// Every name and message read from an input is printed as data (``ReportText``); totals are
/// exact, also past the failures each input lists.
package struct TriageReport: Sendable, Codable, Equatable {
  /// A case that both passed and failed on the same commit.
  package struct FlakyCase: Sendable, Codable, Equatable {
    /// The case's identity.
    package var identity: String
    /// The commit.
    package var commit: String
    /// How many runs passed it.
    package var passes: Int
    /// How many runs failed it.
    package var failures: Int
  }

  /// The inputs, in the order found.
  package var inputs: [TriagedInput]
  /// Cases that passed and failed on the same commit, sorted by identity.
  package var flaky: [FlakyCase]
  /// Entries of searched folders that were not taken as inputs, with the reason.
  package var skipped: [InputFinder.Skipped]
  /// The judgement by each case's newest run (`triage --latest`), when asked for: its verdict
  /// replaces the inputs' own.
  package var latest: LatestRuns?

  /// Builds the report and finds flaky cases among inputs that share a commit.
  package init(inputs: [TriagedInput], skipped: [InputFinder.Skipped] = []) {
    self.inputs = inputs
    self.skipped = skipped
    var byCommit: [String: [String: (passes: Int, failures: Int)]] = [:]
    for input in inputs where input.sameRunAs == nil {
      guard let commit = input.commit else { continue }
      for (identity, outcome) in input.outcomes {
        var tally = byCommit[commit, default: [:]][identity, default: (0, 0)]
        if outcome == .passed { tally.passes += 1 }
        if outcome == .failed || outcome == .error { tally.failures += 1 }
        byCommit[commit, default: [:]][identity] = tally
      }
    }
    flaky = byCommit.flatMap { commit, tallies in
      tallies.filter { $0.value.passes > 0 && $0.value.failures > 0 }.map {
        FlakyCase(
          identity: $0.key, commit: commit, passes: $0.value.passes, failures: $0.value.failures)
      }
    }.sorted { ($0.identity, $0.commit) < ($1.identity, $1.commit) }
  }

  /// The report judged by each case's newest run (``LatestRuns``); its inputs need their outcomes.
  package func judgingLatest() -> TriageReport {
    var judged = self
    judged.latest = LatestRuns.judge(self)
    return judged
  }

  /// The inputs whose cases count (the same run read twice counts once).
  var counted: [TriagedInput] { inputs.filter { $0.sameRunAs == nil } }

  /// Failing and unfinished cases per class over every input, exactly (listed or not).
  package var failuresByClass: [FailureClass: Int] {
    counted.reduce(into: [:]) { result, input in
      for (name, count) in input.failuresByClass {
        result[FailureClass(rawValue: name) ?? .unclassified, default: 0] += count
      }
    }
  }

  /// Failing, erroring, unfinished and cancelled cases over every input, exactly.
  package var failureCount: Int {
    counted.reduce(0) {
      $0 + $1.counts.failed + $1.counts.errors + $1.counts.unfinished + $1.counts.cancelled
    }
  }

  /// Failing cases counted but not listed (past ``ArchiveTriage/failureLimit`` per input).
  package var notListed: Int { counted.reduce(0) { $0 + $1.notListed } }

  /// The verdict of the whole (``TriageVerdict/of(_:unread:)``): the worst input's, and
  /// `incomplete` at least when an entry of a folder was left unread or no input held a case that
  /// ran (none, or only skipped ones): nothing was tested.
  package var verdict: TriageVerdict { latest?.verdict ?? TriageVerdict.of(inputs, unread: unread) }

  /// Entries of the folders searched that may hold evidence and were not read: each makes the
  /// report `incomplete` at least.
  package var unread: [InputFinder.Skipped] { skipped.filter(\.isUnread) }

  /// Why the verdict is what it is, one line.
  package var verdictReason: String {
    if let latest { return latest.verdictReason }
    let verdict = verdict
    let named = inputs.filter { $0.verdict == verdict }.map { "'\($0.path)'" }
    let list = named.prefix(3).joined(separator: ", ") + (named.count > 3 ? ", …" : "")
    switch verdict {
    case .passed:
      // A skip is said even in a pass: what did not run was not verified.
      let skipped = counted.reduce(0) { $0 + $1.counts.skipped }
      let total = counted.reduce(0) { $0 + $1.counts.total }
      return "every input was read completely and no case failed"
        + (skipped == 0 ? "" : "; \(skipped) of \(total) cases skipped, not verified")
    case .failed: return "\(failureCount) failing case(s)"
    case .incomplete:
      var reasons: [String] = []
      if !named.isEmpty {
        reasons.append("the run did not finish in \(list)")
      } else if !inputs.isEmpty && inputs.allSatisfy({ $0.counts.total == $0.counts.skipped }) {
        let skipped = inputs.reduce(0) { $0 + $1.counts.skipped }
        reasons.append(
          skipped == 0
            ? "no input holds a test case: nothing was tested"
            : "no case ran (\(skipped) skipped): nothing was tested")
      }
      if !unread.isEmpty {
        reasons.append(unreadReason)
        if failureCount > 0 { reasons.append("\(failureCount) failing case(s)") }
      }
      return reasons.joined(separator: "; ")
    case .malformed: return "not read completely or consistently: \(list)"
    case .missing: return "missing or empty: \(list)"
    }
  }

  /// `2 folder entries were not read: 'a/pipe.xml' (a FIFO, not a regular file), …`.
  var unreadReason: String {
    let listed = unread.prefix(3).map { "'\($0.path)' (\($0.reason))" }.joined(separator: ", ")
    return "\(unread.count) folder \(unread.count == 1 ? "entry was" : "entries were") not read: "
      + listed + (unread.count > 3 ? ", …" : "")
  }

  /// Whether any input was missing.
  package var hasMissingInput: Bool { inputs.contains { $0.isMissing } }
  /// Whether any input could not be read completely and consistently.
  package var hasUnreadableInput: Bool { inputs.contains { $0.verdict == .malformed } }
  /// Whether any case failed, errored or never finished, or any run did not complete.
  package var hasFailures: Bool {
    inputs.contains { $0.verdict == .failed || $0.verdict == .incomplete }
  }

  /// The report as text; `verbose` lists every entry the folder walk skipped.
  package func text(verbose: Bool = false) -> String {
    var lines: [String] = []
    for input in inputs {
      var header =
        "\(ReportText.plain(input.path)) (\(input.kind.rawValue), \(input.status.rawValue))"
      if let commit = input.commit {
        header += " commit \(ReportText.plain(String(commit.prefix(12))))"
      }
      lines.append(header)
      for problem in input.problems {
        lines.append("  error: \(ReportText.plain(problem))")
      }
      for note in input.notes {
        lines.append("  note: \(ReportText.plain(note))")
      }
      if let same = input.sameRunAs {
        lines.append("  same run as '\(ReportText.plain(same))': counted once, there")
        continue
      }
      guard input.status != .unreadable || input.counts.total > 0 else { continue }
      let counts = input.counts
      lines.append(
        "  \(counts.total) cases: \(counts.passed) passed, \(counts.failed) failed, \(counts.errors) "
          + "errors, \(counts.skipped) skipped, \(counts.unfinished) unfinished"
          + (counts.cancelled > 0 ? ", \(counts.cancelled) cancelled" : "")
          + (counts.flaky > 0 ? ", \(counts.flaky) flaky" : ""))
      for failure in input.failures {
        let who = failure.subject.map { " on \(ReportText.plain($0))" } ?? ""
        let shown = failure.displayName.map { " (\(ReportText.plain($0)))" } ?? ""
        let superseding = latest?.supersession(of: failure.identity, in: input.path)
        lines.append(
          "  \(superseding == nil ? Self.label(failure.outcome) : "SUPERSEDED")  "
            + "\(ReportText.plain(failure.suite))/\(ReportText.plain(failure.name))\(shown)\(who)")
        if let superseding {
          lines.append(
            "      superseded: passed in its newest run, '\(ReportText.plain(superseding.newerPath))'"
              + " (started \(ReportText.plain(superseding.newerStartTime ?? "at an unknown time")))"
          )
        }
        if let alternatives = failure.alternatives, !alternatives.isEmpty {
          let ranked =
            [
              TriagedFailure.RankedExplanation(
                failureClass: failure.failureClass, reason: failure.reason)
            ] + alternatives
          lines.append(
            "      class \(failure.rankedClassNames): not confident, \(ranked.count) explanations "
              + "survive every experiment, most likely first")
          for (rank, explanation) in ranked.enumerated() {
            lines.append(
              "        \(rank + 1). \(explanation.failureClass): "
                + ReportText.plain(explanation.reason))
          }
        } else {
          lines.append(
            "      class \(failure.failureClass)\(failure.isExact ? "" : " (guessed)"): "
              + ReportText.plain(failure.reason))
        }
        if let step = failure.firstStep {
          lines.append("      first: \(ReportText.plain(step))")
          for detail in failure.details ?? [] {
            lines.append("               \(ReportText.plain(detail))")
          }
        }
        if let traits = Self.traits(failure) {
          lines.append("      \(ReportText.plain(traits))")
        }
        if failure.failureClass != .unclassified {
          lines.append("      look at: \(failure.hint)")
        }
      }
      if input.notListed > 0 {
        lines.append(
          "  … \(input.notListed) more failing cases not listed (the first "
            + "\(ArchiveTriage.failureLimit) are; the counts are exact)")
      }
    }
    lines.append("")
    if !skipped.isEmpty {
      lines.append(
        "skipped: \(skipped.count) entries of the folders searched"
          + (verbose ? "" : " (--verbose lists them)"))
      if verbose {
        lines += skipped.map { "  \(ReportText.plain($0.path)): \($0.reason)" }
      }
    }
    // Evidence left unread is named whatever the verbosity: it decides the verdict.
    for entry in unread {
      lines.append("not read: \(ReportText.plain(entry.path)): \(ReportText.plain(entry.reason))")
    }
    lines.append(totalsLine)
    if let latest {
      lines.append(
        "latest: each case judged by its newest run: \(latest.failing.count) failing, "
          + "\(latest.superseded.count) older failure(s) superseded, \(latest.unordered.count) "
          + "of unknown order")
      for entry in latest.unordered {
        lines.append(
          "order unknown: \(ReportText.plain(entry.identity ?? "(run)")): "
            + ReportText.plain(entry.reason) + " ("
            + entry.paths.map { "'\(ReportText.plain($0))'" }.joined(separator: ", ") + ")")
      }
    }
    for flakyCase in flaky {
      lines.append(
        "flaky: \(ReportText.plain(flakyCase.identity)) on "
          + "\(ReportText.plain(String(flakyCase.commit.prefix(12)))): passed \(flakyCase.passes)×, "
          + "failed \(flakyCase.failures)×")
    }
    lines.append("verdict: \(verdict): \(ReportText.plain(verdictReason))")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The word a failing case's line starts with: `FAIL`, `UNFINISHED` or `CANCELLED`.
  static func label(_ outcome: TriageOutcome) -> String {
    switch outcome {
    case .failed, .error: "FAIL"
    case .unfinished: "UNFINISHED"
    case .cancelled: "CANCELLED"
    case .passed: "PASS"
    case .skipped: "SKIP"
    }
  }

  /// The first failure's headline and its detail lines, for a Markdown table cell.
  private static func firstFailureCell(_ failure: TriagedFailure) -> String {
    ([failure.firstStep ?? "-"] + (failure.details ?? [])).map(ReportText.markdown)
      .joined(separator: "<br>")
  }

  /// `tags: a, b; bugs: FB123 "title" https://…`, or `nil` when the case has neither.
  static func traits(_ failure: TriagedFailure) -> String? {
    var parts: [String] = []
    if let tags = failure.tags, !tags.isEmpty {
      parts.append("tags: " + tags.joined(separator: ", "))
    }
    if let bugs = failure.bugs, !bugs.isEmpty {
      parts.append("bugs: " + bugs.map(\.text).joined(separator: ", "))
    }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  /// `totals: 2 inputs, 4 failures; unclassified 4` (exact, with what was not listed).
  var totalsLine: String {
    let classes = failuresByClass.sorted { $0.key.rawValue < $1.key.rawValue }
    return "totals: \(inputs.count) inputs, \(failureCount) failures"
      + (notListed > 0 ? " (\(notListed) not listed)" : "")
      + (classes.isEmpty
        ? "" : "; " + classes.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
  }

  /// The report as Markdown, for a CI job page.
  ///
  /// The failures table has a `subject` column when its cases span more than one subject (`-`
  /// for a case without one), so one case failing on several subjects gives rows told apart.
  package func markdown(verbose: Bool = false) -> String {
    var lines = [
      "## stategate triage: \(inputs.count) inputs, \(failureCount) failures, verdict **\(verdict)**",
      "",
      "| input | kind | status | passed | failed | errors | skipped | unfinished |",
      "|---|---|---|---|---|---|---|---|",
    ]
    for input in inputs {
      let counts = input.counts
      var status = input.status.rawValue
      if !input.problems.isEmpty {
        status += ": " + input.problems.map(ReportText.markdown).joined(separator: "; ")
      }
      if let same = input.sameRunAs {
        status += "; same run as \(ReportText.code(same)), counted once there"
      }
      if counts.cancelled > 0 {
        status += "; \(counts.cancelled) cancelled"
      }
      lines.append(
        "| \(ReportText.code(input.path)) | \(input.kind.rawValue) | \(status)"
          + " | \(counts.passed) | \(counts.failed) | \(counts.errors) | \(counts.skipped) | \(counts.unfinished) |"
      )
    }
    let failures = counted.flatMap(\.failures)
    // A subject column when the failing cases span more than one subject, so the same case on
    // several subjects is told apart; one subject's run and foreign reports keep four columns.
    let hasSubjects = Set(failures.map(\.subject)).count > 1
    if !failures.isEmpty {
      lines += [
        "",
        hasSubjects
          ? "| case | subject | class | first mismatch | reason |"
          : "| case | class | first mismatch | reason |",
        hasSubjects ? "|---|---|---|---|---|" : "|---|---|---|---|",
      ]
      for failure in failures {
        let subject = hasSubjects ? "\(failure.subject.map(ReportText.code) ?? "-") | " : ""
        lines.append(
          "| \(ReportText.code("\(failure.suite)/\(failure.name)")) | \(subject)"
            + (failure.alternatives?.isEmpty == false
              ? "\(failure.rankedClassNames) (not confident)"
              : "\(failure.failureClass)\(failure.isExact ? "" : " (guessed)")") + " | "
            + "\(Self.firstFailureCell(failure)) | "
            + ReportText.markdown(
              failure.reason + (Self.traits(failure).map { " (\($0))" } ?? "")) + " |"
        )
      }
    }
    if notListed > 0 {
      lines += ["", "\(notListed) more failing cases are counted but not listed."]
    }
    if !flaky.isEmpty {
      lines += [
        "",
        "Flaky (passed and failed on the same commit): "
          + flaky.map { ReportText.code($0.identity) }.joined(separator: ", "),
      ]
    }
    if !skipped.isEmpty {
      lines += ["", "Skipped \(skipped.count) entries of the folders searched."]
      if verbose {
        lines += skipped.map { "- \(ReportText.code($0.path)): \(ReportText.markdown($0.reason))" }
      }
    }
    if !unread.isEmpty {
      lines += ["", "Not read (the verdict is incomplete at least):"]
      lines += unread.map { "- \(ReportText.code($0.path)): \(ReportText.markdown($0.reason))" }
    }
    if let latest {
      lines += [
        "",
        "Judged by each case's newest run: \(latest.failing.count) failing, "
          + "\(latest.superseded.count) older failure(s) superseded, \(latest.unordered.count) "
          + "of unknown order.",
      ]
      lines += latest.superseded.map {
        "- superseded: \(ReportText.code($0.identity)) \($0.outcome.rawValue) in "
          + "\(ReportText.code($0.path)), passed in \(ReportText.code($0.newerPath))"
      }
      lines += latest.unordered.map {
        "- order unknown: \(ReportText.code($0.identity ?? "(run)")): "
          + ReportText.markdown($0.reason)
      }
    }
    lines += ["", "Verdict: **\(verdict)**: \(ReportText.markdown(verdictReason))"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// What the JSON form holds besides the inputs.
  private struct JSONView: Encodable {
    var inputs: [TriagedInput]
    var flaky: [FlakyCase]
    var skipped: [InputFinder.Skipped]
    var verdict: String
    var verdictReason: String
    var failures: Int
    var notListed: Int
    var failuresByClass: [String: Int]
    var latest: LatestRuns?
  }

  /// The report as JSON (sorted keys).
  package func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    let view = JSONView(
      inputs: inputs.map { input in
        var trimmed = input
        trimmed.outcomes = [:]
        trimmed.subjects = []
        return trimmed
      }, flaky: flaky, skipped: skipped, verdict: verdict.description,
      verdictReason: verdictReason, failures: failureCount, notListed: notListed,
      failuresByClass: Dictionary(
        uniqueKeysWithValues: failuresByClass.map { ($0.key.rawValue, $0.value) }),
      latest: latest)
    guard let data = try? encoder.encode(view) else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
