import Contracts
import Exploration
import RecordingImport
import RunModel
import Runner

/// `stategate import RECORDING`: a session an app recorded with `SessionRecorder`, checked,
/// replayed against a subject, shrunk, classified by the runner and kept in the regression corpus.
///
/// Exits 1 when the recording reproduces a failure (the case is written), 0 when it shows no bug
/// (nothing is written); `--expect-failure` swaps the two. A recording that is truncated,
/// reordered, altered or of another version exits 65; a missing one 66; a subject that does not
/// declare a capability the recorded events need (a batch needs `batches`) 64. SIGINT, SIGTERM and
/// SIGHUP end it with 130: its workers are killed and nothing is written.
enum ImportCommand {
  static let subcommand = Subcommand(
    name: "import",
    summary: "Turn a session an app recorded into a shrunk, classified regression case.",
    usage: " RECORDING",
    options: Options.table,
    run: { arguments, context in try run(arguments, context: context) }
  )

  @MainActor
  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    guard let path = arguments.positionals.first else {
      throw ArgumentError.missingArgument("RECORDING")
    }
    guard arguments.positionals.count == 1 else {
      throw ArgumentError.unexpectedArgument(arguments.positionals[1])
    }
    let io = context.io
    // Signals are caught before anything starts: from here on one ends the import with 130, its
    // workers killed and no case written.
    let interrupts = InterruptMonitor()
    interrupts.start()
    defer { interrupts.stop() }
    let hooks = TestHooks(environment: io.environment, interrupts: interrupts, io: io)
    hooks.signalStart()
    let stop: @Sendable () -> Bool = { interrupts.isInterrupted }
    let options = try Options(arguments)
    let (corpus, replayLimit, expectFailure) =
      (options.corpus, options.replayLimit, options.expectsFailure)
    let recording: Recording
    do {
      recording = try RecordingReader.read(path: path)
    } catch {
      throw StateGateError.recording(error)
    }
    let subject = try chooseSubject(options.subject, for: recording, context: context)
    let configuration = isolation(options, io: io)
    // Without worker processes the replays run in this process, so a subject that may trap or
    // hang is refused.
    if subject.requiresIsolation && configuration == nil {
      throw ArgumentError.invalidValue(
        option: "--subject", value: subject.name,
        expected: "a subject that cannot break its process (with --no-isolation, import replays "
          + "in this process)")
    }
    var importer = RecordingImporter(subject: subject, replayLimit: replayLimit) {
      contractCase, suite in
      guard let configuration else {
        let result = ContractRunner(clock: io.clock, shouldStop: stop).runCase(
          contractCase, of: suite, against: subject)
        return result.outcome == .interrupted || stop() ? nil : result
      }
      let report = try IsolatedRunner(
        configuration: configuration, clock: io.clock, shouldStop: stop,
        wakeDescriptor: interrupts.wakeDescriptor, onRemark: { io.writeError($0) }
      ).run(RunPlan(suites: [suite], subjects: [subject]))
      guard !report.wasInterrupted, let result = report.suites.first?.cases.first,
        result.outcome != .interrupted
      else { return nil }
      return result
    }
    // A progress line on a terminal while the session replays and shrinks: the steps replayed.
    let progress = ProgressLine(io: io)
    let sessionSteps = recording.eventCount
    let showProgress: (Int) -> Void = { replayed in
      guard replayed % 1024 == 0 else { return }
      progress.update(
        "import: \(replayed) steps replayed (the session has \(sessionSteps) events)")
    }
    importer.onReplayedStep = showProgress
    if let configuration {
      // Replays and shrinking run in one worker; a subject that breaks it ends only the worker.
      var explorer = IsolatedExplorer(
        options: ExplorationOptions(seed: 0, shrinkReplayLimit: replayLimit),
        configuration: .init(
          executable: configuration.executable, environment: configuration.environment,
          stepTimeout: configuration.stepTimeout, caseTimeout: configuration.caseTimeout),
        clock: io.clock, shouldStop: stop, wakeDescriptor: interrupts.wakeDescriptor)
      explorer.onWorkerStep = showProgress
      importer.shrinkIsolated = { session in
        try explorer.shrinkSession(
          lineCount: session.caseLineCount, lines: { session.forEachCaseLine($0) }, of: subject,
          replayLimit: replayLimit)
      }
    }
    let dropped = recording.droppedSummary
    io.writeOutput(
      "stategate \(StateGate.version) import: \(path) (\(recording.family.rawValue), "
        + "\(recording.eventCount) events, \(dropped)); subject \(subject.name)\n")
    let outcome: RecordingImporter.Outcome?
    do {
      defer { progress.clear() }
      // Consumed: the importer lets go of the lines once it has the session.
      outcome = try importer.importRecording(consume recording, path: path)
    } catch let error as RecordingReadError {
      throw StateGateError.recording(error)
    } catch let error as IsolationError {
      throw StateGateError.internalFailure(
        "\(error.description); run with --no-isolation to run the case in this process")
    }
    // The decision to write is taken once: a signal before it writes nothing, and the case is
    // written whole (to a temporary file renamed into place) or not at all.
    guard let outcome, !hooks.hold(at: "final-write"), !interrupts.isInterrupted else {
      io.writeError("stategate: interrupted; nothing written\n")
      return .interrupted
    }
    switch outcome {
    case .passed(let session):
      // Under --expect-failure a passing session is the failure of the command: said so, not
      // shown as a pass.
      let verdict = expectFailure ? "FAIL" : "pass"
      io.writeOutput(
        "  \(verdict)  the session's \(session.stepCount) steps pass on "
          + "\(subject.name): no bug to import; nothing written\n")
      if expectFailure {
        io.writeOutput(
          "        expected a failure (--expect-failure), but the recording reproduces none on "
            + "\(subject.name)\n")
      }
      noteLeftOut(session.leftOut, io: io)
      return expectFailure ? .contractFailures : .success
    case .failed(let imported):
      let written: (path: String, isNew: Bool)
      do {
        written = try RegressionCorpus.write(
          suiteText: imported.suiteText, fileName: fileName(subject, imported.hash),
          hash: imported.hash, to: corpus)
      } catch {
        throw StateGateError.cannotWrite(path: error.path, reason: error.reason)
      }
      let shrunk = imported.shrunk
      var lines = [
        "  FAIL  seq \(imported.failingEvent.sequence) '\(imported.failingEvent.text)' failed "
          + "after \(shrunk.performedBeforeShrinking) steps; "
          + ImportedCase.shrinkSummary(shrunk, brokeWorker: imported.brokeWorker),
        "        \(imported.failureClass): "
          + (imported.result?.classification?.reason ?? "not classified"),
      ]
      if let failing = imported.result?.firstFailure, !failing.mismatches.isEmpty {
        lines.append(
          "        step \(failing.number) '\(failing.action)': \(failing.mismatches.summary)")
      }
      if !imported.shownAtFailure.isEmpty {
        lines.append(
          "        the app showed after seq \(imported.failingEvent.sequence): "
            + imported.shownAtFailure.joined(separator: " "))
      }
      let kept = written.isNew ? "kept in" : "already kept in"
      lines.append("  the case, ready to paste; \(kept) \(written.path):")
      lines += imported.caseText.split(separator: "\n").map { "    \($0)" }
      io.writeOutput(lines.map { TerminalText.line($0) }.joined(separator: "\n") + "\n")
      return expectFailure ? .success : .contractFailures
    }
  }

  /// `import`'s options, read.
  struct Options {
    static let subject = Option<String>(
      "subject", placeholder: "NAME",
      help: "Replay against this subject (default: the first of the recording's family).")
    static let corpus = Option(
      "corpus", placeholder: "DIR",
      help: "Where the case is written as a suite file (default: "
        + "\(RegressionCorpus.defaultDirectory)); 'run' includes that folder.",
      parse: OptionValueReader.nonEmpty(expected: "a directory"))
    static let expectFailure = Flag(
      "expect-failure",
      help: "Exit 0 when the recording reproduces a failure and 1 when it shows none.")
    static let replayLimit = Option(
      "replay-limit", placeholder: "N",
      help: "The most replays shrinking may spend (default: 20000).",
      parse: OptionValueReader.integer(in: 1...10_000_000))
    static let isolation = IsolationOptions(
      stepTimeoutHelp: "Stop a replayed step that runs longer, as class timed-out (default: 10s; "
        + "0 for none).",
      caseTimeoutHelp: "Stop a replay of the whole session, or of the shrunk case, that runs "
        + "longer (default: 5m; 0 for none).",
      noIsolationHelp: "Replay, shrink and check in this process, not in worker processes (a "
        + "subject that may break its process is refused).")

    /// The option table, in the order `--help` lists it.
    static let table =
      [
        subject.spec, corpus.spec, expectFailure.spec, replayLimit.spec,
      ] + isolation.specs

    /// Where the case is written.
    var corpus: String
    /// The most replays shrinking may spend.
    var replayLimit: Int
    /// Whether a reproduced failure is the success.
    var expectsFailure: Bool
    /// The subject to replay against, if given.
    var subject: String?
    /// Whether the shrunk case runs in this process.
    var noIsolation: Bool
    /// The longest a replayed step may run in a worker, in seconds (0: no limit).
    var stepTimeout: Double
    /// The longest a replay may run in a worker, in seconds (0: no limit).
    var caseTimeout: Double

    /// Reads `arguments`.
    init(_ arguments: ParsedArguments) throws(ArgumentError) {
      corpus = try arguments.value(of: Self.corpus) ?? RegressionCorpus.defaultDirectory
      replayLimit = try arguments.value(of: Self.replayLimit) ?? 20_000
      expectsFailure = arguments[Self.expectFailure]
      subject = try arguments.value(of: Self.subject)
      switch try Self.isolation.read(arguments) {
      case .inProcess:
        (noIsolation, stepTimeout, caseTimeout) = (true, 10, 300)
      case .workers(let step, let whole):
        (noIsolation, stepTimeout, caseTimeout) = (false, step ?? 10, whole ?? 300)
      }
    }
  }

  private static func noteLeftOut(_ leftOut: [String], io: CommandIO) {
    guard !leftOut.isEmpty else { return }
    io.writeError(
      "note: \(leftOut.count) recorded events left out of the replay; the first: \(leftOut[0])\n")
  }

  @MainActor
  private static func chooseSubject(
    _ name: String?, for recording: Recording, context: CommandContext
  ) throws(ArgumentError) -> SubjectEntry {
    guard let name else {
      let family = context.subjects.filter { $0.family == recording.family }
      guard let first = family.first else {
        throw .missingArgument("--subject NAME (no subject of the \(recording.family) family)")
      }
      // The first that can replay every event; else the first, refused below with the reason.
      let chosen =
        family.first {
          recording.requirements(missingFrom: $0).isEmpty
            && recording.values(missingFrom: $0).isEmpty
        } ?? first
      try checkRequirements(of: recording, on: chosen)
      return chosen
    }
    if name.contains("*") {
      throw .invalidValue(
        option: "--subject", value: name,
        expected: "one subject's name: import replays a recording on one subject, not a pattern")
    }
    guard let chosen = context.subjects.first(where: { $0.name == name }) else {
      throw .unknown(
        "subject", option: "--subject", value: name, among: context.subjects.map(\.name),
        listing: "stategate list")
    }
    guard chosen.family == recording.family else {
      throw .invalidValue(
        option: "--subject", value: name,
        expected: "a subject of the \(recording.family.displayName) family, the recording's")
    }
    try checkRequirements(
      of: recording, on: chosen,
      fitting: context.subjects.filter { $0.family == recording.family })
    return chosen
  }

  /// Refuses `subject` when it lacks a capability the recorded events need (a batch, a
  /// selection, …) or a value they name (`requested`): it could not replay them.
  ///
  /// - Parameters:
  ///   - recording: The recording.
  ///   - subject: The subject chosen.
  ///   - fitting: Subjects to name as ones that can replay it, when one can.
  /// - Throws: ``ArgumentError/invalidValue(option:value:expected:)`` naming what it lacks.
  @MainActor
  private static func checkRequirements(
    of recording: Recording, on subject: SubjectEntry, fitting: [SubjectEntry] = []
  ) throws(ArgumentError) {
    let missing = recording.requirements(missingFrom: subject)
    if !missing.isEmpty {
      let fits = fitting.first {
        recording.requirements(missingFrom: $0).isEmpty
          && recording.values(missingFrom: $0).isEmpty
      }
      throw .invalidValue(
        option: "--subject", value: subject.name,
        expected: "a subject that declares "
          + missing.map { "'\($0.rawValue)'" }.joined(separator: ", ")
          + ", which the recording's events need"
          + (fits.map { " (such as '\($0.name)')" } ?? ""))
    }
    let values = recording.values(missingFrom: subject)
    guard !values.isEmpty else { return }
    throw .invalidValue(
      option: "--subject", value: subject.name,
      expected: "a subject that declares the value"
        + (values.count == 1 ? " " : "s ") + values.map { "'\($0.name)'" }.joined(separator: ", ")
        + ", which the recording's events name")
  }

  private static func isolation(_ options: Options, io: CommandIO)
    -> IsolatedRunner.Configuration?
  {
    guard !options.noIsolation, let executable = io.workerExecutable else { return nil }
    return IsolatedRunner.Configuration(
      executable: executable, environment: io.environment, jobs: 1,
      stepTimeout: options.stepTimeout, caseTimeout: options.caseTimeout,
      holdAt: TestHooks.workerHoldPoint(in: io.environment))
  }

  private static func fileName(_ subject: SubjectEntry, _ hash: String) -> String {
    let safe = subject.name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" }
    return "imported-\(String(safe))-\(hash).suite"
  }
}
