import Contracts
import ResultBundle
import ResultSchema
import Runner

/// `stategate replay DIR`: re-runs the recorded actions of a case against a subject and reports
/// the first step whose verdict differs from the recording.
enum ReplayCommand {
  static let subcommand = Subcommand(
    name: "replay",
    summary: "Re-run recorded cases from a result directory and compare with the recording.",
    usage: " RESULT-DIR",
    options: [
      OptionSpec(
        "case", short: "c", kind: .repeated(placeholder: "ID"),
        help: "Replay this case (suite/case or case id; default: every failed case)."),
      OptionSpec(
        "subject", kind: .value(placeholder: "NAME"),
        help: "Replay against this subject instead of the recorded one."),
    ],
    run: { arguments, context in try replay(arguments, context: context) }
  )

  /// One recorded case: its identity and steps as written in `events.jsonl`.
  private struct RecordedCase {
    var suite: String
    var family: String
    var caseID: String
    var title: String
    var subject: String
    var steps: [EventRecord.Step] = []
    var outcome: String?
  }

  @MainActor
  static func replay(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    guard let path = arguments.positionals.first else {
      throw ArgumentError.missingArgument("RESULT-DIR")
    }
    guard arguments.positionals.count == 1 else {
      throw ArgumentError.unexpectedArgument(arguments.positionals[1])
    }
    let run: RecordedRun
    do {
      run = try RecordedRun.read(path)
    } catch {
      throw StateGateError.results(error)
    }
    let recorded = cases(in: run.events)
    let wanted = arguments.values["case"] ?? []
    let selected = recorded.filter { recordedCase in
      wanted.isEmpty
        ? recordedCase.outcome == "failed"
        : wanted.contains {
          $0 == recordedCase.caseID || $0 == "\(recordedCase.suite)/\(recordedCase.caseID)"
        }
    }
    guard !selected.isEmpty else {
      throw StateGateError.nothingMatched(
        wanted.isEmpty
          ? "the run recorded no failed case; name one with --case"
          : "no recorded case matches " + wanted.map { "'\($0)'" }.joined(separator: ", "))
    }
    let io = context.io
    io.writeOutput(
      "replay \(path) (run \(run.manifest.runID), \(run.manifest.status.rawValue))\n")
    var stillFailing = 0
    for recordedCase in selected {
      let subject: SubjectEntry
      if let name = arguments.value("subject") {
        guard let chosen = context.subjects.first(where: { $0.name == name }) else {
          throw ArgumentError.invalidValue(
            option: "--subject", value: name,
            expected: "one of " + context.subjects.map(\.name).joined(separator: ", "))
        }
        guard chosen.family.rawValue == recordedCase.family else {
          throw ArgumentError.invalidValue(
            option: "--subject", value: name,
            expected: "a subject of the \(recordedCase.family) family, as the recorded case "
              + "'\(recordedCase.caseID)'")
        }
        subject = chosen
      } else {
        guard let recorded = context.subjects.first(where: { $0.name == recordedCase.subject })
        else {
          throw StateGateError.unknownRecordedSubject(recordedCase.subject)
        }
        subject = recorded
      }
      let contractCase = try rebuild(recordedCase, path: path)
      let suite = ContractSuite(
        id: recordedCase.suite,
        family: ContractFamily(rawValue: recordedCase.family) ?? .undoHistory,
        title: recordedCase.suite, source: path, cases: [contractCase])
      let replayed = ReplayedSteps()
      var result = ContractRunner(
        clock: io.clock,
        onEvent: { event in
          if case .stepFinished(_, _, _, let step) = event { replayed.steps.append(step) }
        }
      ).runCase(contractCase, of: suite, against: subject)
      result.steps = replayed.steps
      if result.outcome == .failed {
        stillFailing += 1
      }
      let recordedOn =
        subject.name == recordedCase.subject ? "" : " (recorded on \(recordedCase.subject))"
      io.writeOutput(
        "  \(recordedCase.suite)/\(recordedCase.caseID) on \(subject.name)\(recordedOn): "
          + compare(recordedCase, with: result) + "\n")
    }
    return stillFailing > 0 ? .contractFailures : .success
  }

  /// Groups the step records by case, in file order.
  private static func cases(in events: [EventRecord]) -> [RecordedCase] {
    var cases: [RecordedCase] = []
    for event in events {
      switch event {
      case .caseStarted(let started):
        cases.append(
          RecordedCase(
            suite: started.suite, family: started.family, caseID: started.case,
            title: started.title, subject: started.subject))
      case .step(let step):
        if let index = cases.lastIndex(where: { $0.caseID == step.case && $0.suite == step.suite })
        {
          cases[index].steps.append(step)
        }
      case .caseFinished(let finished):
        if let index = cases.lastIndex(where: {
          $0.caseID == finished.case && $0.suite == finished.suite
        }) {
          cases[index].outcome = finished.outcome
        }
      case .runStarted, .runFinished:
        continue
      }
    }
    return cases
  }

  /// Rebuilds the case from its recorded actions and expectations with the suite reader.
  private static func rebuild(_ recorded: RecordedCase, path: String) throws -> ContractCase {
    var lines = ["suite \(recorded.suite) family \(recorded.family)", "case \(recorded.caseID)"]
    for step in recorded.steps {
      let stated =
        (step.captures ?? []).map { "\($0.key) as \($0.name)" } + step.expectations.map(\.stated)
      lines.append(
        "  \(step.action)" + (stated.isEmpty ? "" : " => \(stated.joined(separator: " "))"))
    }
    do {
      var suite = try SuiteReader.parse(
        lines.joined(separator: "\n"), source: "\(path)/events.jsonl")
      suite.cases[0].title = recorded.title
      return suite.cases[0]
    } catch {
      throw StateGateError.results(
        .malformed(
          path: "\(path)/events.jsonl", line: 0,
          reason: "the recorded steps do not read back: \(error)"))
    }
  }

  /// Compares verdicts step by step: the first difference, or an exact reproduction.
  private static func compare(_ recorded: RecordedCase, with result: CaseResult) -> String {
    for (recordedStep, step) in zip(recorded.steps, result.steps) {
      let was = recordedStep.verdict == "pass"
      if was != step.passed {
        let verb = step.passed ? "passes now" : "fails now"
        let detail =
          step.passed
          ? "" : ": " + step.mismatches.summary
        let summary = result.outcome == .passed ? "now passes" : "differs"
        return "\(summary): step \(step.number) '\(step.action)' \(verb), the recording says "
          + "\(recordedStep.verdict)\(detail)"
      }
    }
    if result.outcome == .passed {
      return "passes, as recorded"
    }
    let first = result.firstFailure
    let recordedMismatches = recorded.steps.first { $0.verdict == "fail" }?.mismatches.map {
      Mismatch(
        key: $0.key, relation: $0.relation == "!=" ? .notEqual : .equal,
        expected: .text($0.expected), capture: $0.capture, actual: $0.actual.map { .text($0) },
        invariant: $0.invariant
      ).description
    }
    let same = recordedMismatches == first?.mismatches.map(\.description)
    let classText = result.classification.map { "; class \($0.failureClass)" } ?? ""
    return "\(same ? "reproduces exactly" : "reproduces (same failing step, other values)"): "
      + "step \(first?.number ?? 0) '\(first?.action.description ?? "")' fails\(classText)"
  }
}

/// The steps of a replayed case, every one of them, to compare with the recording.
@MainActor
private final class ReplayedSteps {
  var steps: [StepRecord] = []
}
