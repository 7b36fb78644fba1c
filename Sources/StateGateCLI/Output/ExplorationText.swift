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
  ///   - language: The language a person reads: every line's words but the case to paste (suite
  ///     text) and what stays as it is in every language (names, numbers, options, classes,
  ///     actions, situations, the failure as JUnit words it).
  /// - Returns: The text, ending with a newline.
  static func render(
    _ report: ExplorationReport, corpusFiles: [String: String], language: Language
  ) -> String {
    let options = report.options
    let separator = Phrase.listSeparator.text(in: language)
    var lines = [
      Phrase.exploreHeading.text(
        in: language,
        [
          "version": StateGate.version, "seed": "\(options.seed)",
          "budget": options.budget.description, "steps": "\(options.maxSteps)",
          "shard": options.shard == .whole
            ? "" : Phrase.exploreShard.text(in: language, ["shard": "\(options.shard)"]),
          "subjects": report.subjects.map { TerminalText.line($0.subject) }
            .joined(separator: separator),
        ])
    ]
    for subject in report.subjects {
      lines.append("")
      lines.append(
        Phrase.subjectFamily.text(
          in: language,
          [
            "subject": TerminalText.line(subject.subject),
            "family": subject.family.name(in: language),
          ]))
      let explored = Phrase.exploredCounts.text(
        in: language,
        [
          "sequences": counted(subject.sequences, .sequencesOne, .sequencesMany, language),
          "steps": counted(subject.steps, .stepsOne, .stepsMany, language),
        ])
      if let finding = subject.finding {
        lines += render(
          finding, explored: explored, corpusFile: corpusFiles[subject.subject],
          language: language)
      } else {
        lines.append("  " + Phrase.nothingFound.text(in: language, ["explored": explored]))
      }
      lines += coverage(subject.coverage, language: language)
    }
    lines.append("")
    let findings = report.findings
    var byClassText = ""
    if !findings.isEmpty {
      var byClass: [FailureClass: Int] = [:]
      for finding in findings { byClass[finding.failureClass, default: 0] += 1 }
      byClassText = Phrase.failuresByClass.text(
        in: language,
        [
          "list": byClass.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { "\($0.key) \($0.value)" }.joined(separator: separator)
        ])
    }
    lines.append(
      Phrase.exploreTotal.text(
        in: language,
        [
          "subjects": counted(report.subjects.count, .subjectsOne, .subjectsMany, language),
          "failures": counted(findings.count, .failuresOne, .failuresMany, language),
          "classes": byClassText,
        ]))
    if report.wasInterrupted {
      lines.append(Phrase.exploreInterrupted.text(in: language))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `count` with the phrase for one or for any other number, in `language`.
  private static func counted(_ count: Int, _ one: Phrase, _ many: Phrase, _ language: Language)
    -> String
  {
    (count == 1 ? one : many).text(in: language, ["count": "\(count)"])
  }

  private static func render(
    _ finding: Finding, explored: String, corpusFile: String?, language: Language
  ) -> [String] {
    var lines = [
      "  FAIL  "
        + Phrase.foundBySequence.text(
          in: language,
          [
            "sequence": "\(finding.sequence)", "explored": explored,
            "generated": "\(finding.generatedSteps)", "shrunk": "\(finding.shrunkSteps)",
            "replays": "\(finding.replays)",
          ])
    ]
    if let classification = finding.result.classification, classification.alternatives.isEmpty {
      lines += ClassLine.lines(
        classification, name: classification.failureClass.rawValue, language: language)
    } else if let classification = finding.result.classification {
      let names = classification.rankedClasses.map(\.rawValue)
        .joined(separator: Phrase.classAlternative.text(in: language))
      lines.append(
        "        \(names): " + TerminalText.line(classification.rankedReason(in: language)))
    }
    // The case's lines are those of the file it is kept in: its steps are placed there.
    if let failure = finding.result.failureMessage(source: corpusFile) {
      lines += TerminalText.lines(failure, indent: "        ")
    }
    lines.append(
      "  "
        + Phrase.caseToPaste.text(
          in: language,
          [
            "seed": "\(finding.seed)",
            "kept": corpusFile.map {
              Phrase.keptIn.text(in: language, ["file": TerminalText.line($0)])
            } ?? "",
          ]))
    lines += finding.caseText.split(separator: "\n").map { "    \($0)" }
    return lines
  }

  /// The coverage lines: their headings in `language`, the actions' and situations' names as
  /// the exploration declares them.
  private static func coverage(_ coverage: Coverage, language: Language) -> [String] {
    // Every exploration performs steps; none counted means the worker that explored the subject
    // broke before it could report them, so nothing is known to be unreached either.
    guard coverage.actions.contains(where: { $0.count > 0 }) else {
      return ["  " + Phrase.coverageNotKnown.text(in: language)]
    }
    let separator = Phrase.listSeparator.text(in: language)
    let reached = coverage.situations.filter { $0.count > 0 }
    var lines = [
      "  "
        + Phrase.coverageActions.text(
          in: language,
          [
            "list": coverage.actions.filter { $0.count > 0 }.map { "\($0.name) \($0.count)" }
              .joined(separator: separator)
          ])
    ]
    if !reached.isEmpty {
      lines.append(
        "  "
          + Phrase.coverageSituations.text(
            in: language,
            ["list": reached.map { "\($0.name) \($0.count)" }.joined(separator: separator)]))
    }
    if !coverage.unreached.isEmpty {
      lines.append(
        "  "
          + Phrase.neverReached.text(
            in: language, ["list": coverage.unreached.joined(separator: separator)]))
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
