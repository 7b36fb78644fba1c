import Contracts
import Foundation
import ResultFiles
import ResultSchema
import ResultWriting
import RunModel
import Runner

/// `stategate run`: runs contract suites against subjects, writes one result directory, and exits
/// 0 (all held), 1 (contract failures) or 130 (interrupted).
enum RunCommand {
  static let subcommand = Subcommand(
    name: "run",
    summary: "Run contract suites against subjects; every step of every case is checked.",
    options: Options.table,
    run: { arguments, context in try run(arguments, context: context) }
  )

  @MainActor
  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    // Signals are caught before anything is created: a SIGTERM at any moment from here on ends
    // the run interrupted (or, before its directory exists, with nothing written).
    let interrupts = InterruptMonitor()
    interrupts.start()
    defer { interrupts.stop() }
    let io = context.io
    let hooks = TestHooks(environment: io.environment, interrupts: interrupts, io: io)
    hooks.signalStart()
    if hooks.hold(at: "start") { return interrupted(io, path: nil) }
    let options = try Options(arguments, context: context)
    let (format, junit, printPath, isolation) =
      (options.format, options.junit, options.printPath, options.isolation)
    let (subjects, suites, filter, shard) =
      (options.subjects, options.suites, options.filter, options.shard)
    let deidentifier = options.keepsIDs ? nil : Deidentifier()
    deidentifier?.learn(suites)
    let wholePlan = RunPlan(suites: suites, subjects: subjects, filter: filter)
    let plan = shard.map { wholePlan.shard($0.index, of: $0.count) } ?? wholePlan
    guard wholePlan.caseCount > 0 else {
      throw StateGateError.nothingMatched(
        describeEmptyPlan(suites: suites, subjects: subjects, filter: filter))
    }
    if let shard, plan.caseCount == 0 {
      // A fixed matrix of shards may outnumber the cases: the empty shard still leaves its
      // directory, so merging the set sees every shard.
      io.writeError(
        "stategate: shard \(shard.index)/\(shard.count) holds no case (the plan has "
          + "\(wholePlan.caseCount) for \(shard.count) shards); its result directory says so, for merge\n"
      )
    }
    // A subject whose value words cannot carry its cases is refused before anything is written.
    var declaring = wholePlan
    declaring.readDeclarations(inProcessOnly: true)
    if let problem = declaring.valueWordsProblem {
      throw StateGateError.valueWords(problem)
    }
    if let problem = declaring.noHistoryProblem {
      throw StateGateError.subjectDeclaration(problem)
    }
    let plannedSuites = Set(plan.entries.map(\.suite.id))
    let suitePrefix = plannedSuites.count == 1 ? plan.entries[0].suite.id : "stategate"
    let prefix =
      options.prefix
      ?? (ResultDirectoryLayout.isValidPrefix(suitePrefix) ? suitePrefix : "stategate")
    let output = options.output
    let ci = CIContextDetector.detect(environment: io.environment)
    if hooks.hold(at: "context") || interrupts.isInterrupted { return interrupted(io, path: nil) }
    let directory: ResultDirectory
    do {
      directory = try ResultDirectory.create(in: output, prefix: prefix)
    } catch {
      throw StateGateError.results(error)
    }
    let startDate = Date()
    var writerContext = ResultDirectoryWriter.Context(
      toolVersion: "stategate \(StateGate.version)",
      commandLine: io.commandLine.isEmpty ? ["stategate"] + arguments.words : io.commandLine,
      filter: filter.patterns, hostname: ProcessInfo.processInfo.hostName,
      startDate: startDate, ci: ci,
      suites: suites, shard: shard.map { "\($0.index)/\($0.count)" },
      junit: junit)
    writerContext.language = io.language.rawValue
    let writer = ResultDirectoryWriter(directory: directory, context: writerContext)
    let outputs = RunOutputs(
      directory: writer,
      request: OutputRequest(
        .run, format: format, printPath: printPath, junit: junit,
        eventStream: options.eventStream, io: io))
    _ = hooks.hold(at: "directory")
    var stepsSeen = 0
    let onEvent: @MainActor (RunEvent) -> Void = { event in
      outputs.record(event)
      switch event {
      case .stepFinished, .stepEncoded: stepsSeen += 1
      default: return
      }
      hooks.afterStep(stepsSeen)
    }
    var report: RunReport
    if let isolation {
      let runner = IsolatedRunner(
        configuration: isolation, clock: io.clock, shouldStop: { interrupts.isInterrupted },
        wakeDescriptor: interrupts.wakeDescriptor, deidentifier: deidentifier, onEvent: onEvent,
        onRemark: { io.writeError($0) })
      do {
        report = try runner.run(plan)
      } catch {
        throw StateGateError.internalFailure(
          "\(error.description); run with --no-isolation to run cases in this process")
      }
    } else {
      let runner = ContractRunner(
        clock: io.clock, shouldStop: { interrupts.isInterrupted }, deidentifier: deidentifier,
        onEvent: onEvent)
      report = runner.run(plan)
    }
    // Failures that fit another answer of a product rule say so in the conformance profile.
    report.policyFits = PolicyProbe.fits(
      of: report, plan: plan, shouldStop: { interrupts.isInterrupted })
    _ = hooks.hold(at: "final-write")
    report.requiredCases = options.required.outcomes(
      suites: suites, subjects: subjects, filter: filter, shardPlan: plan, wholePlan: wholePlan,
      report: report)
    let wasInterrupted = report.wasInterrupted || interrupts.isInterrupted
    let path: String
    do {
      path = try outputs.finish(
        report: report, plan: plan, status: wasInterrupted ? .interrupted : .complete,
        endDate: Date())
    } catch {
      throw StateGateError.results(error)
    }
    if printPath {
      io.writeOutput(path + "\n")
    } else if format == .json {
      io.writeOutput(
        JSONReport.encode(report, subjects: context.subjects, resultDirectory: path))
    } else {
      io.writeOutput("results: \(path)\n")
    }
    if wasInterrupted {
      return interrupted(io, path: path)
    }
    let unmet = report.requiredCases.filter { !$0.ran }
    for outcome in unmet {
      io.writeError("error: \(outcome.line)\n")
    }
    // A shard may hold only cases its subjects skip, or none; the merged set is judged as a whole.
    if report.counts.failed == 0, report.counts.passed == 0, (shard?.count ?? 1) == 1 {
      io.writeError(
        "error: nothing was tested: every one of the \(report.counts.skipped) planned cases was "
          + "skipped (see the reasons above); choose cases or subjects that apply\n")
      return .nothingMatched
    }
    return report.counts.failed == 0 && unmet.isEmpty ? .success : .contractFailures
  }

  /// The subjects that may run in this process: a subject that may break its process, named
  /// exactly, is an error; matched by a pattern, it is left out with a note.
  static func inProcessSubjects(
    _ subjects: [SubjectEntry], named names: [String], io: CommandIO
  ) throws(ArgumentError) -> [SubjectEntry] {
    let breaking = subjects.filter(\.requiresIsolation)
    guard !breaking.isEmpty else { return subjects }
    if let named = breaking.first(where: { names.contains($0.name) }) {
      throw .invalidValue(
        option: "--subject", value: named.name,
        expected: "a subject that can run in this process ('\(named.name)' may break the process "
          + "it runs in, so it runs only isolated: drop --no-isolation)")
    }
    io.writeError(
      "note: leaving out " + breaking.map(\.name).joined(separator: ", ")
        + ": they may break the process they run in and run only isolated\n")
    return subjects.filter { !$0.requiresIsolation }
  }

  /// Says that the run was interrupted, and where its results are.
  private static func interrupted(_ io: CommandIO, path: String?) -> ExitStatus {
    io.writeError(
      path.map { "stategate: interrupted; results so far are in \($0)\n" }
        ?? "stategate: interrupted before any result was written\n")
    return .interrupted
  }

  /// The subjects `names` select, or the defaults.
  static func selectSubjects(_ names: [String], in context: CommandContext) throws(ArgumentError)
    -> [SubjectEntry]
  {
    guard !names.isEmpty else { return context.defaultSubjects }
    var selected: [SubjectEntry] = []
    for name in names {
      if name.contains("*") {
        let matching = context.subjects.filter { CaseFilter.glob(name, matches: $0.name) }
        guard !matching.isEmpty else {
          throw .invalidValue(
            option: "--subject", value: name, expected: "a pattern that matches a subject")
        }
        selected += matching.filter { entry in !selected.contains { $0.name == entry.name } }
        continue
      }
      guard let subject = context.subjects.first(where: { $0.name == name }) else {
        throw .unknown(
          "subject", option: "--subject", value: name, among: context.subjects.map(\.name),
          listing: "stategate list")
      }
      if !selected.contains(where: { $0.name == name }) {
        selected.append(subject)
      }
    }
    return selected
  }

  private static func describeEmptyPlan(
    suites: [ContractSuite], subjects: [SubjectEntry], filter: CaseFilter
  ) -> String {
    let families = Set(subjects.map(\.family))
    let runnable = suites.filter { families.contains($0.family) }
    if runnable.isEmpty {
      return "no selected suite belongs to the family of the selected subjects ("
        + subjects.map { "\($0.name): \($0.family.rawValue)" }.joined(separator: ", ") + ")"
    }
    return "no case of " + runnable.map(\.id).joined(separator: ", ") + " matches --filter "
      + filter.patterns.map { "'\($0)'" }.joined(separator: " ")
  }
}
