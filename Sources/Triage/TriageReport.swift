import Contracts
import Foundation

/// The triage of several inputs: per input, per class, and cases that are flaky across runs.
public struct TriageReport: Sendable, Codable, Equatable {
  /// A case that both passed and failed on the same commit.
  public struct FlakyCase: Sendable, Codable, Equatable {
    /// The case's identity.
    public var identity: String
    /// The commit.
    public var commit: String
    /// How many runs passed it.
    public var passes: Int
    /// How many runs failed it.
    public var failures: Int
  }

  /// The inputs, in the order found.
  public var inputs: [TriagedInput]
  /// Cases that passed and failed on the same commit, sorted by identity.
  public var flaky: [FlakyCase]

  /// Builds the report and finds flaky cases among inputs that share a commit.
  public init(inputs: [TriagedInput]) {
    self.inputs = inputs
    var byCommit: [String: [String: (passes: Int, failures: Int)]] = [:]
    for input in inputs {
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

  /// Failures per class over every input.
  public var failuresByClass: [FailureClass: Int] {
    var counts: [FailureClass: Int] = [:]
    for failure in inputs.flatMap(\.failures) {
      counts[failure.failureClass, default: 0] += 1
    }
    return counts
  }

  /// Whether any input was missing.
  public var hasMissingInput: Bool { inputs.contains { $0.isMissing } }
  /// Whether any input could not be read.
  public var hasUnreadableInput: Bool {
    inputs.contains { $0.status == .unreadable && !$0.isMissing }
  }
  /// Whether any case failed, errored or never finished, or any run did not complete.
  public var hasFailures: Bool {
    inputs.contains { !$0.failures.isEmpty || ($0.status != .complete && $0.status != .unreadable) }
  }

  /// The report as text.
  public func text() -> String {
    var lines: [String] = []
    for input in inputs {
      var header = "\(input.path) (\(input.kind.rawValue), \(input.status.rawValue))"
      if let commit = input.commit { header += " commit \(commit.prefix(12))" }
      lines.append(header)
      if let problem = input.problem {
        lines.append("  error: \(problem)")
        continue
      }
      let counts = input.counts
      lines.append(
        "  \(counts.total) cases: \(counts.passed) passed, \(counts.failed) failed, \(counts.errors) "
          + "errors, \(counts.skipped) skipped, \(counts.unfinished) unfinished"
          + (counts.flaky > 0 ? ", \(counts.flaky) flaky" : ""))
      for failure in input.failures {
        let who = failure.subject.map { " on \($0)" } ?? ""
        lines.append(
          "  \(failure.outcome == .unfinished ? "UNFINISHED" : "FAIL")  \(failure.suite)/\(failure.name)\(who)"
        )
        lines.append(
          "      class \(failure.failureClass)\(failure.isExact ? "" : " (guessed)"): \(failure.reason)"
        )
        if let step = failure.firstStep {
          lines.append("      first: \(step)")
        }
        if failure.failureClass != .unclassified {
          lines.append("      look at: \(failure.hint)")
        }
      }
    }
    lines.append("")
    let classes = failuresByClass.sorted { $0.key.rawValue < $1.key.rawValue }
    lines.append(
      "totals: \(inputs.count) inputs, \(inputs.flatMap(\.failures).count) failures"
        + (classes.isEmpty
          ? "" : "; " + classes.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))
    for flakyCase in flaky {
      lines.append(
        "flaky: \(flakyCase.identity) on \(flakyCase.commit.prefix(12)): passed \(flakyCase.passes)×, "
          + "failed \(flakyCase.failures)×")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The report as Markdown, for a CI job page.
  public func markdown() -> String {
    var lines = [
      "## stategate triage: \(inputs.count) inputs, \(inputs.flatMap(\.failures).count) failures",
      "",
      "| input | kind | status | passed | failed | errors | skipped | unfinished |",
      "|---|---|---|---|---|---|---|---|",
    ]
    for input in inputs {
      let counts = input.counts
      lines.append(
        "| `\(input.path)` | \(input.kind.rawValue) | \(input.status.rawValue)"
          + (input.problem.map { ": \(escape($0))" } ?? "")
          + " | \(counts.passed) | \(counts.failed) | \(counts.errors) | \(counts.skipped) | \(counts.unfinished) |"
      )
    }
    let failures = inputs.flatMap(\.failures)
    if !failures.isEmpty {
      lines += ["", "| case | class | first mismatch | reason |", "|---|---|---|---|"]
      for failure in failures {
        lines.append(
          "| `\(failure.suite)/\(failure.name)` | \(failure.failureClass)\(failure.isExact ? "" : " (guessed)") | "
            + "\(escape(failure.firstStep ?? "-")) | \(escape(failure.reason)) |")
      }
    }
    if !flaky.isEmpty {
      lines += [
        "",
        "Flaky (passed and failed on the same commit): "
          + flaky.map { "`\($0.identity)`" }.joined(separator: ", "),
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The report as JSON (sorted keys).
  public func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    var copy = self
    copy.inputs = inputs.map { input in
      var trimmed = input
      trimmed.outcomes = [:]
      return trimmed
    }
    guard let data = try? encoder.encode(copy) else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }
}
