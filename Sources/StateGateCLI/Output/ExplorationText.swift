import Contracts
import Exploration
import Foundation
import RunModel
import Runner

/// Prints an exploration: per subject what was explored and reached, and each finding with its
/// class, its first failing step and the shrunk case ready to paste.
///
/// Standard output holds nothing that depends on time or the machine but the result directory's
/// name, so the same seed and options print the same report; durations and steps per second go to
/// standard error.
enum ExplorationText {
  /// The report as text.
  ///
  /// - Parameters:
  ///   - report: What the exploration did.
  ///   - corpusFiles: The corpus file of each finding, by subject.
  ///   - language: The language of each finding's reason (the rest is English).
  /// - Returns: The text, ending with a newline.
  static func render(
    _ report: ExplorationReport, corpusFiles: [String: String], language: Language
  ) -> String {
    let options = report.options
    var lines = [
      "stategate \(StateGate.version) explore: seed \(options.seed), \(options.budget), up to "
        + "\(options.maxSteps) steps a sequence"
        + (options.shard == .whole ? "" : ", shard \(options.shard)") + "; subjects: "
        + report.subjects.map { TerminalText.line($0.subject) }.joined(separator: ", ")
    ]
    for subject in report.subjects {
      lines.append("")
      lines.append("\(TerminalText.line(subject.subject)) (\(subject.family.displayName))")
      let explored =
        "\(subject.sequences) \(plural(subject.sequences, "sequence")), \(subject.steps) "
        + plural(subject.steps, "step")
      if let finding = subject.finding {
        lines += render(
          finding, explored: explored, corpusFile: corpusFiles[subject.subject],
          language: language)
      } else {
        lines.append("  nothing found: \(explored)")
      }
      lines += coverage(subject.coverage)
    }
    lines.append("")
    let findings = report.findings
    var total =
      "total: \(report.subjects.count) \(plural(report.subjects.count, "subject")) explored, "
      + "\(findings.count) \(plural(findings.count, "failure"))"
    if !findings.isEmpty {
      var byClass: [FailureClass: Int] = [:]
      for finding in findings { byClass[finding.failureClass, default: 0] += 1 }
      total +=
        "; failures by class: "
        + byClass.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key) \($0.value)" }
        .joined(separator: ", ")
    }
    lines.append(total)
    if report.wasInterrupted {
      lines.append("interrupted: subjects after the last one shown were not explored")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func render(
    _ finding: Finding, explored: String, corpusFile: String?, language: Language
  ) -> [String] {
    var lines = [
      "  FAIL  found by sequence \(finding.sequence) (\(explored)); \(finding.generatedSteps) "
        + "steps shrunk to \(finding.shrunkSteps) in \(finding.replays) replays"
    ]
    if let classification = finding.result.classification, classification.alternatives.isEmpty {
      lines += ClassLine.lines(
        classification, name: classification.failureClass.rawValue, language: language)
    } else if let classification = finding.result.classification {
      lines.append(
        "        \(classification.rankedNames): "
          + TerminalText.line(classification.rankedReason(in: language)))
    }
    // The case's lines are those of the file it is kept in: its steps are placed there.
    if let failure = finding.result.failureMessage(source: corpusFile) {
      lines += TerminalText.lines(failure, indent: "        ")
    }
    lines.append(
      "  the case, ready to paste (seed \(finding.seed))"
        + (corpusFile.map { "; kept in \(TerminalText.line($0))" } ?? "") + ":")
    lines += finding.caseText.split(separator: "\n").map { "    \($0)" }
    return lines
  }

  private static func coverage(_ coverage: Coverage) -> [String] {
    // Every exploration performs steps; none counted means the worker that explored the subject
    // broke before it could report them, so nothing is known to be unreached either.
    guard coverage.actions.contains(where: { $0.count > 0 }) else {
      return ["  coverage: not known (the worker exploring it ended before reporting it)"]
    }
    let reached = coverage.situations.filter { $0.count > 0 }
    var lines = [
      "  actions: "
        + coverage.actions.filter { $0.count > 0 }.map { "\($0.name) \($0.count)" }
        .joined(separator: ", ")
    ]
    if !reached.isEmpty {
      lines.append(
        "  situations: " + reached.map { "\($0.name) \($0.count)" }.joined(separator: ", "))
    }
    if !coverage.unreached.isEmpty {
      lines.append("  never reached: " + coverage.unreached.joined(separator: ", "))
    }
    return lines
  }

  /// One subject's throughput, for standard error.
  static func timing(_ subject: SubjectExploration) -> String {
    let name = TerminalText.line(subject.subject)
    let time = format(subject.durationSeconds)
    let rate = rate(subject.steps, subject.durationSeconds)
    var line = "explore: \(name): \(subject.steps) steps in \(time) s (\(rate) steps/s)"
    if let finding = subject.finding {
      line += "; found after \(format(finding.secondsToFind)) s"
    }
    return line + "\n"
  }

  /// The whole exploration's throughput, for standard error.
  static func timing(_ report: ExplorationReport, seconds: Double) -> String {
    let steps = report.subjects.reduce(0) { $0 + $1.steps }
    let exploring = report.subjects.reduce(0) { $0 + $1.durationSeconds }
    let rate = rate(steps, exploring)
    return "explore: \(steps) steps explored in \(format(exploring)) s (\(rate) steps/s); "
      + "\(format(seconds)) s in all, with shrinking and classification\n"
  }

  private static func format(_ seconds: Double) -> String {
    String(format: "%.3f", seconds)
  }

  private static func rate(_ steps: Int, _ seconds: Double) -> Int {
    seconds > 0 ? Int(Double(steps) / seconds) : 0
  }

  // MARK: - JSON

  private struct Document: Encodable {
    var schemaVersion: Int
    var tool: String
    var seed: UInt64
    var budget: String
    var maxSteps: Int
    var shard: String?
    var status: String
    var resultDirectory: String
    var subjects: [Subject]
  }

  private struct Subject: Encodable {
    var subject: String
    var family: String
    var sequences: Int
    var steps: Int
    var actions: [String: Int]
    var situations: [String: Int]
    var finding: Found?
  }

  private struct Found: Encodable {
    var sequence: Int
    var generatedSteps: Int
    var shrunkSteps: Int
    var replays: Int
    var failureClass: String
    var reason: String
    var firstFailureStep: Int?
    var caseText: String
    var corpusFile: String?
  }

  /// The report as one JSON document (`schemaVersion` 1, sorted keys); durations are left out so
  /// the same seed and options give the same document.
  static func json(
    _ report: ExplorationReport, corpusFiles: [String: String], resultDirectory: String
  ) -> String {
    let options = report.options
    let document = Document(
      schemaVersion: 1, tool: "stategate \(StateGate.version)", seed: options.seed,
      budget: options.budget.description, maxSteps: options.maxSteps,
      shard: options.shard == .whole ? nil : options.shard.description,
      status: report.wasInterrupted ? "interrupted" : "complete",
      resultDirectory: resultDirectory,
      subjects: report.subjects.map { subject in
        Subject(
          subject: subject.subject, family: subject.family.rawValue,
          sequences: subject.sequences, steps: subject.steps,
          actions: Dictionary(
            uniqueKeysWithValues: subject.coverage.actions.map { ($0.name, $0.count) }),
          situations: Dictionary(
            uniqueKeysWithValues: subject.coverage.situations.map { ($0.name, $0.count) }),
          finding: subject.finding.map { finding in
            Found(
              sequence: finding.sequence, generatedSteps: finding.generatedSteps,
              shrunkSteps: finding.shrunkSteps, replays: finding.replays,
              failureClass: finding.failureClass.rawValue,
              reason: finding.result.classification?.reason ?? "",
              firstFailureStep: finding.result.firstFailure?.number, caseText: finding.caseText,
              corpusFile: corpusFiles[finding.subject])
          })
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(document), let text = String(data: data, encoding: .utf8)
    else {
      return "{}\n"
    }
    return text + "\n"
  }
}
