import Contracts
import ResultFiles
import ResultSchema
import RunModel
import Runner

/// `stategate replay DIR`: re-runs the recorded actions of a case against a subject and reports
/// the first step whose verdict differs from the recording.
enum ReplayCommand {
  static let subcommand = Subcommand(
    name: "replay",
    summary: "Re-run recorded cases from a result directory and compare with the recording.",
    usage: " RESULT-DIR",
    options: [Options.case.spec, Options.subject.spec],
    run: { arguments, context in try replay(arguments, context: context) }
  )

  /// `replay`'s options, read.
  struct Options {
    static let `case` = Option<String>(
      "case", short: "c", placeholder: "ID", repeated: true,
      help: "Replay this case (suite/case or case id; default: every failed case).")
    static let subject = Option<String>(
      "subject", placeholder: "NAME",
      help: "Replay against this subject instead of the recorded one.")

    /// The `--case` words (none: every failed case).
    var cases: [String]
    /// The subject to replay against instead of the recorded one, if given.
    var subject: String?

    /// Reads `arguments`.
    init(_ arguments: ParsedArguments) throws(ArgumentError) {
      cases = try arguments.values(of: Self.case)
      subject = try arguments.value(of: Self.subject)
    }
  }

  /// One recorded case: its identity and steps as written in `events.jsonl`.
  private struct RecordedCase {
    var suite: String
    var family: String
    var caseID: String
    var title: String
    var subject: String
    /// The capabilities the case requires, as recorded (`nil` in records older than 0.3).
    var requires: [String]?
    var steps: [EventRecord.Step] = []
    var outcome: String?
    var failureClass: String?

    /// Whether its worker died in a step (class `crashed` or `timed-out`): the recording ends
    /// before that step, which only the suite still has.
    var diedInAStep: Bool {
      failureClass == FailureClass.crashed.rawValue
        || failureClass == FailureClass.timedOut.rawValue
    }
  }

  @MainActor
  static func replay(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    guard let path = arguments.positionals.first else {
      throw ArgumentError.missingArgument("RESULT-DIR")
    }
    guard arguments.positionals.count == 1 else {
      throw ArgumentError.unexpectedArgument(arguments.positionals[1])
    }
    let options = try Options(arguments)
    let run: RecordedRun
    do {
      run = try RecordedRun.read(path)
    } catch {
      throw StateGateError.results(error)
    }
    let recorded = cases(in: run.events)
    let wanted = options.cases
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
    let language = io.language
    io.writeOutput(
      Phrase.replayHeading.text(
        in: language,
        ["path": path, "run": run.manifest.runID, "status": run.manifest.status.rawValue])
        + "\n")
    /// A case's line: what it is, what it ran on, the verdict.
    func caseLine(_ recordedCase: RecordedCase, on subject: SubjectEntry, _ verdict: String)
      -> String
    {
      let recordedOn =
        subject.name == recordedCase.subject
        ? "" : Phrase.recordedOn.text(in: language, ["subject": recordedCase.subject])
      return "  "
        + Phrase.replayedCase.text(
          in: language,
          [
            "case": "\(recordedCase.suite)/\(recordedCase.caseID)", "subject": subject.name,
            "recorded": recordedOn, "verdict": verdict,
          ]) + "\n"
    }
    var stillFailing = 0
    var notReplayed = 0
    for recordedCase in selected {
      let subject: SubjectEntry
      if let name = options.subject {
        guard let chosen = context.subjects.first(where: { $0.name == name }) else {
          throw ArgumentError.unknown(
            "subject", option: "--subject", value: name, among: context.subjects.map(\.name),
            listing: "stategate list")
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
      // A case replayed against a subject that lacks what it requires is skipped, as `run`
      // skips it, never passed: records older than 0.3 do not carry the requirements, so they
      // come from the suite when it can still be read.
      let requires =
        recordedCase.requires
        ?? (try? suiteCase(recordedCase, run: run, path: path))?.requirements.map(\.rawValue)
        ?? []
      let contractCase: ContractCase
      if recordedCase.diedInAStep {
        contractCase = try suiteCase(recordedCase, run: run, path: path)
      } else if recordedCase.steps.isEmpty {
        // A case the run skipped (or never started) recorded no steps: only its suite has them.
        guard let fromSuite = try? suiteCase(recordedCase, run: run, path: path) else {
          notReplayed += 1
          io.writeOutput(
            caseLine(
              recordedCase, on: subject,
              Phrase.notReplayedNoSteps.text(
                in: language, ["outcome": recordedCase.outcome ?? "not run"])))
          continue
        }
        contractCase = fromSuite
      } else {
        contractCase = try rebuild(recordedCase, requires: requires, path: path)
      }
      let suite = ContractSuite(
        id: recordedCase.suite,
        family: ContractFamily(rawValue: recordedCase.family) ?? .undoHistory,
        title: recordedCase.suite, source: path, cases: [contractCase])
      let result: CaseResult
      // A case whose worker died, or a subject that may break its process, replays only in a
      // worker process, with the recorded run's limits.
      if recordedCase.diedInAStep || subject.requiresIsolation {
        result = try replayIsolated(contractCase, of: suite, against: subject, run: run, io: io)
      } else {
        let replayed = ReplayedSteps()
        var inProcess = ContractRunner(
          clock: io.clock,
          onEvent: { event in
            if case .stepFinished(_, _, _, let step) = event { replayed.steps.append(step) }
          }
        ).runCase(contractCase, of: suite, against: subject)
        inProcess.steps = replayed.steps
        result = inProcess
      }
      let verdict: String
      if case .skipped(let reason) = result.outcome {
        notReplayed += 1
        verdict = Phrase.notReplayedSkipped.text(in: language, ["reason": reason])
      } else {
        if result.outcome != .passed {
          stillFailing += 1
        }
        verdict = compare(recordedCase, with: result, language: language)
      }
      io.writeOutput(caseLine(recordedCase, on: subject, verdict))
    }
    if stillFailing > 0 { return .contractFailures }
    return notReplayed > 0 ? .nothingMatched : .success
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
            title: started.title, subject: started.subject, requires: started.requires))
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
          cases[index].failureClass = finished.failureClass
        }
      case .runStarted, .runFinished:
        continue
      }
    }
    return cases
  }

  /// Rebuilds the case from its recorded actions and expectations (``RecordedCaseReader``).
  private static func rebuild(_ recorded: RecordedCase, requires: [String], path: String) throws
    -> ContractCase
  {
    do {
      return try RecordedCaseReader.contractCase(
        suite: recorded.suite, family: recorded.family, caseID: recorded.caseID,
        title: recorded.title, requires: requires, steps: recorded.steps,
        eventsPath: "\(path)/events.jsonl")
    } catch {
      throw StateGateError.results(error)
    }
  }

  /// The recorded case as its suite has it: the recording of a case whose worker died ends
  /// before the step it died in.
  ///
  /// - Throws: ``StateGateError/missingInput(_:)`` when the suite or the case cannot be found,
  ///   or its first steps are no longer the recorded ones.
  private static func suiteCase(_ recorded: RecordedCase, run: RecordedRun, path: String) throws
    -> ContractCase
  {
    let source = run.manifest.suites.first { $0.id == recorded.suite }?.source
    let candidates = [recorded.suite] + (source.map { [$0] } ?? [])
    for word in candidates {
      guard let suites = try? SuiteSelection.resolve([word]),
        let found = suites.first(where: { $0.id == recorded.suite })?.cases.first(where: {
          $0.id == recorded.caseID
        })
      else { continue }
      let actions = found.steps.prefix(recorded.steps.count).map(\.action.description)
      guard actions == recorded.steps.map(\.action) else {
        throw StateGateError.missingInput(
          "the suite '\(recorded.suite)' changed since the run: case '\(recorded.caseID)' no "
            + "longer starts with the recorded steps, so the step its worker died in is unknown")
      }
      return found
    }
    throw StateGateError.missingInput(
      "case '\(recorded.suite)/\(recorded.caseID)' ended \(recorded.failureClass ?? "failed") "
        + "before its recording did, and its suite ('\(source ?? recorded.suite)') cannot be read: "
        + "pass the suite as it was")
  }

  /// Runs `contractCase` in a worker process, with the step and case limits of the recorded run.
  ///
  /// - Throws: ``StateGateError/internalFailure(_:)`` when no worker can be started.
  @MainActor
  private static func replayIsolated(
    _ contractCase: ContractCase, of suite: ContractSuite, against subject: SubjectEntry,
    run: RecordedRun, io: CommandIO
  ) throws -> CaseResult {
    guard let executable = io.workerExecutable else {
      throw StateGateError.internalFailure(
        "'\(subject.name)' may break the process it runs in, and no worker executable is known "
          + "to replay it in")
    }
    let limits = recordedLimits(run.manifest.commandLine)
    let configuration = IsolatedRunner.Configuration(
      executable: executable, environment: io.environment, jobs: 1,
      stepTimeout: limits.step, caseTimeout: limits.case)
    let plan = RunPlan(suites: [suite], subjects: [subject])
    let report: RunReport
    do {
      report = try IsolatedRunner(configuration: configuration, clock: io.clock).run(plan)
    } catch {
      throw StateGateError.internalFailure(error.description)
    }
    guard let result = report.suites.first?.cases.first else {
      throw StateGateError.internalFailure("the worker returned no result for the replayed case")
    }
    return result
  }

  /// The step and case limits of the run that `commandLine` started (`run`'s defaults when it
  /// set none).
  static func recordedLimits(_ commandLine: [String]) -> (step: Double, case: Double) {
    func value(_ declared: Option<Double>) -> Double? {
      let option = declared.display
      for (index, word) in commandLine.enumerated() {
        let text: String? =
          word == option
          ? (commandLine.indices.contains(index + 1) ? commandLine[index + 1] : nil)
          : word.hasPrefix(option + "=") ? String(word.dropFirst(option.count + 1)) : nil
        if let text,
          let seconds = try? declared.parse(text, option)
        {
          return seconds
        }
      }
      return nil
    }
    return (
      value(RunCommand.Options.isolation.stepTimeout) ?? 10,
      value(RunCommand.Options.isolation.caseTimeout) ?? 300
    )
  }

  /// Compares verdicts step by step: the first difference, or an exact reproduction, in
  /// `language` (steps, actions, values and classes as they are).
  private static func compare(
    _ recorded: RecordedCase, with result: CaseResult, language: Language
  ) -> String {
    if recorded.diedInAStep || result.classification?.failureClass == .crashed
      || result.classification?.failureClass == .timedOut
    {
      return compareEnding(recorded, with: result, language: language)
    }
    if recorded.steps.isEmpty {
      // Nothing of it was recorded: what it does now is new, not a reproduction.
      let was = recorded.outcome ?? "not run"
      guard let first = result.firstFailure, result.outcome != .passed else {
        return Phrase.passesNowUnrecorded.text(in: language, ["outcome": was])
      }
      return Phrase.failsNowUnrecorded.text(
        in: language,
        [
          "step": "\(first.number)", "action": first.action.description,
          "mismatches": first.mismatches.summary, "class": classText(result, language: language),
          "outcome": was,
        ])
    }
    for (recordedStep, step) in zip(recorded.steps, result.steps) {
      let was = recordedStep.verdict == "pass"
      if was != step.passed {
        let summary = (result.outcome == .passed ? Phrase.nowPasses : .differs).text(in: language)
        var values = [
          "verdict": summary, "step": "\(step.number)", "action": step.action.description,
          "recorded": recordedStep.verdict,
        ]
        guard !step.passed else { return Phrase.stepPassesNow.text(in: language, values) }
        values["mismatches"] = step.mismatches.summary
        return Phrase.stepFailsNow.text(in: language, values)
      }
    }
    if result.outcome == .passed {
      return Phrase.passesAsRecorded.text(in: language)
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
    return (same ? Phrase.reproducesExactly : .reproducesOtherValues).text(
      in: language,
      [
        "step": "\(first?.number ?? 0)", "action": first?.action.description ?? "",
        "class": classText(result, language: language),
      ])
  }
}

extension ReplayCommand {
  /// `; class CLASS` for the replayed verdict, or `; class A or B (not confident)` when more than
  /// one explanation survived, in `language`; nothing when it was not classified.
  private static func classText(_ result: CaseResult, language: Language) -> String {
    guard let classification = result.classification else { return "" }
    guard !classification.alternatives.isEmpty else {
      return Phrase.replayClass.text(
        in: language, ["class": classification.failureClass.rawValue])
    }
    let names = classification.rankedClasses.map(\.rawValue)
      .joined(separator: Phrase.classAlternative.text(in: language))
    return Phrase.replayClassNotConfident.text(in: language, ["classes": names])
  }

  /// Compares a case recorded (or replayed) as `crashed` or `timed-out`: never "passes".
  private static func compareEnding(
    _ recorded: RecordedCase, with result: CaseResult, language: Language
  ) -> String {
    let replayedClass = result.classification?.failureClass.rawValue ?? result.outcome.name
    let step = result.firstFailure.map { failing in
      let values = ["step": "\(failing.number)", "action": failing.action.description]
      if !failing.mismatches.isEmpty {
        return Phrase.endingStepMismatches.text(
          in: language, values.merging(["mismatches": failing.mismatches.summary]) { $1 })
      }
      guard let note = failing.notes.first else {
        return Phrase.endingStepFails.text(in: language, values)
      }
      return Phrase.endingStepNote.text(in: language, values.merging(["note": note]) { $1 })
    }
    let what = step ?? (result.classification?.reason(in: language) ?? "")
    if result.outcome == .passed {
      return Phrase.endingNowPasses.text(
        in: language, ["recorded": recorded.failureClass ?? "failed"])
    }
    if replayedClass == recorded.failureClass {
      return Phrase.endingReproduces.text(in: language, ["what": what, "class": replayedClass])
    }
    return Phrase.endingDiffers.text(
      in: language,
      [
        "what": what, "class": replayedClass,
        "recorded": recorded.failureClass ?? recorded.outcome ?? "unknown",
      ])
  }
}

/// The steps of a replayed case, every one of them, to compare with the recording.
@MainActor
private final class ReplayedSteps {
  var steps: [StepRecord] = []
}
