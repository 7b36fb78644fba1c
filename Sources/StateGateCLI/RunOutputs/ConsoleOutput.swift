import Contracts
import ResultSchema
import RunModel
import Runner

/// Prints a run as it happens.
///
/// A header, one line per case (with the first bad step and the class of a failure), a line per
/// suite and a total. Colour only where ``CommandIO`` allows.
@MainActor
final class ConsoleOutput: RunOutput {
  private let io: CommandIO
  private let idWidth = 30
  private var plan: RunPlan?
  /// The undeclared-capability warnings already printed (a subject may run several suites).
  private var warnedUndeclared: Set<String> = []

  /// Wanted by `run` when it prints text; with `--print-path` the report goes to standard error,
  /// so standard output holds only the path.
  init?(_ request: OutputRequest) {
    guard request.command == .run, request.format == .text || request.printPath else {
      return nil
    }
    var io = request.io
    if request.printPath || request.format == .json {
      io.writeOutput = request.io.writeError
    }
    self.io = request.progress.clearing(io)
  }

  func record(_ event: RunEvent) {
    switch event {
    case .runStarted(let plan):
      self.plan = plan
      let suites = Set(plan.entries.map(\.suite.id)).count
      let subjects = uniqueNames(plan.entries.map(\.subject.name))
      io.writeOutput(
        "stategate \(StateGate.version) run: \(suites) \(plural(suites, "suite")), "
          + "\(plan.caseCount) \(plural(plan.caseCount, "case")); subjects: "
          + subjects.joined(separator: ", ") + "\n")
    case .suiteStarted(let entry):
      io.writeOutput(
        "\n\(entry.suite.id) · \(entry.subject.name) (\(entry.suite.family.displayName))\n")
      if let note = plan?.declarations[entry.subject.name]?.valueWordsNote {
        io.writeOutput("  \(paint("note", .yellow))  \(TerminalText.line(note))\n")
      }
      for unobserved in plan?.unobservedClasses(of: entry.subject) ?? [] {
        io.writeOutput("  \(paint("note", .yellow))  \(TerminalText.line(unobserved.reason))\n")
      }
      for undeclared in plan?.undeclaredCapabilities(of: entry.subject) ?? []
      where !warnedUndeclared.contains(undeclared.message) {
        warnedUndeclared.insert(undeclared.message)
        io.writeOutput(
          "  \(paint("warning", .yellow))  \(TerminalText.line(undeclared.message))\n")
      }
    case .caseFinished(let result):
      io.writeOutput(lines(for: result))
    case .suiteFinished(let suite):
      io.writeOutput("  \(summary(suite.counts)) in \(seconds(suite.durationSeconds))\n")
    case .runFinished(let report):
      let counts = report.counts
      var text = "\ntotal: \(summary(counts)) in \(seconds(report.durationSeconds))\n"
      if report.wasInterrupted {
        text += "interrupted: \(report.notRun) planned \(plural(report.notRun, "case")) not run\n"
      }
      if !counts.perClass.isEmpty {
        let classes = counts.perClass.sorted { $0.key.rawValue < $1.key.rawValue }
          .map { "\($0.key) \($0.value)" }
        text += "failures by class: " + classes.joined(separator: ", ") + "\n"
      }
      io.writeOutput(text)
    case .caseStarted, .stepFinished, .stepEncoded:
      break
    }
  }

  /// Writes the conformance profile of each subject that failed a case, once the run's policy
  /// probes are in its report.
  func finish(_ run: FinishedRun) {
    var text = ""
    for profile in run.report.map(ConformanceProfile.profiles(of:)) ?? [] {
      text += "conformance profile of \(profile.subject):\n"
      for rule in profile.rules {
        let verdict = rule.verdictText.padding(toLength: 10, withPad: " ", startingAt: 0)
        let painted =
          rule.verdict == "broke"
          ? paint(verdict, .red) : rule.verdict == "held" ? paint(verdict, .green) : verdict
        let cases = rule.casesText()
        text += "  \(painted)  \(rule.rule)" + (cases.isEmpty ? "" : ": \(cases)") + "\n"
      }
      for fit in profile.fits ?? [] {
        text += "  \(paint("note", .yellow))  \(fit)\n"
      }
    }
    if !text.isEmpty { io.writeOutput(text) }
  }

  private func lines(for result: CaseResult) -> String {
    let title = TerminalText.line(result.title)
    let id = result.caseID.padding(
      toLength: max(idWidth, result.caseID.count), withPad: " ", startingAt: 0)
    switch result.outcome {
    case .passed:
      return "  \(paint("pass", .green))  \(id)  \(title)\n"
    case .skipped(let reason):
      return "  \(paint("skip", .yellow))  \(id)  \(TerminalText.line(reason))\n"
    case .interrupted:
      return "  \(paint("stop", .yellow))  \(id)  interrupted after step \(result.stepCount)\n"
    case .failed:
      var text = "  \(paint("FAIL", .red))  \(id)  \(title)\n"
      if let classification = result.classification, classification.alternatives.isEmpty {
        text += classLine(classification)
      } else if let classification = result.classification {
        let ranked = [classification.first] + classification.alternatives
        let notConfident = Reason(.notConfident, ["count": "\(ranked.count)"])
        text +=
          "        \(paint(classification.rankedNames, .bold)): "
          + "\(notConfident.text(in: io.language))\n"
        for (rank, explanation) in ranked.enumerated() {
          text +=
            "          \(rank + 1). \(explanation.failureClass.rawValue): "
            + "\(TerminalText.line(explanation.reason(in: io.language)))\n"
        }
      }
      if let failure = result.failureMessage(source: source(of: result)) {
        text += TerminalText.lines(failure, indent: "        ").map { $0 + "\n" }.joined()
      }
      return text
    }
  }

  /// The lines that name a failure's class and give the reason (``ClassLine``).
  private func classLine(_ classification: Classification) -> String {
    ClassLine.lines(
      classification, name: paint(classification.failureClass.rawValue, .bold),
      language: io.language
    ).map { $0 + "\n" }.joined()
  }

  /// The source of the suite `result` belongs to, as the plan read it.
  private func source(of result: CaseResult) -> String? {
    plan?.entries.first { $0.suite.id == result.suiteID }?.suite.source
  }

  private func summary(_ counts: OutcomeCounts) -> String {
    "\(counts.total) \(plural(counts.total, "case")): \(counts.passed) passed, \(counts.failed) "
      + "failed, \(counts.skipped) skipped"
      + (counts.interrupted > 0 ? ", \(counts.interrupted) interrupted" : "")
  }

  private enum Colour: String {
    case red = "31"
    case green = "32"
    case yellow = "33"
    case bold = "1"
  }

  private func paint(_ text: String, _ colour: Colour) -> String {
    io.usesColor ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text
  }

  private func uniqueNames(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }
}

/// `n noun` with an English plural `s` when `n` is not 1.
func plural(_ count: Int, _ noun: String) -> String {
  count == 1 ? noun : noun + "s"
}

/// A duration with three decimals, such as `0.012s`.
func seconds(_ value: Double) -> String {
  DurationText.seconds(value) + "s"
}
