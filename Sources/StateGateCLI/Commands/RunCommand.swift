import Contracts
import Foundation
import ResultBundle
import ResultRecording
import ResultSchema
import RunModel
import Runner

/// `stategate run`: runs contract suites against subjects, writes one result directory, and exits
/// 0 (all held), 1 (contract failures) or 130 (interrupted).
enum RunCommand {
  static let subcommand = Subcommand(
    name: "run",
    summary: "Run contract suites against subjects; every step of every case is checked.",
    options: [
      OptionSpec(
        "suite", short: "s", kind: .repeated(placeholder: "NAME|PATH"),
        help: "A built-in suite id, a suite file or a directory of *.suite files (default: all "
          + "built-in suites)."),
      OptionSpec(
        "subject", kind: .repeated(placeholder: "NAME"),
        help: "A subject (or glob, such as 'fault:*') to run the suites of its family against "
          + "(default: the first of each family; see 'stategate list')."),
      OptionSpec(
        "filter", short: "f", kind: .repeated(placeholder: "PATTERN"),
        help: "Keep cases whose 'suite/case' contains PATTERN, or matches it when it has '*'."),
      OptionSpec(
        "format", kind: .value(placeholder: "text|json"),
        help: "Output format (default: text)."),
      OptionSpec(
        "output", short: "o", kind: .value(placeholder: "DIR"),
        help: "Where the run's result directory goes (default: $STATEGATE_OUTPUT or artifacts)."),
      OptionSpec(
        "prefix", kind: .value(placeholder: "NAME"),
        help: "Start of the result directory's name (default: the suite id, or 'stategate')."),
      OptionSpec(
        "print-path", help: "Print only the result directory's path on stdout (report on stderr)."),
      OptionSpec(
        "shard", kind: .value(placeholder: "I/N"),
        help: "Run only shard I of N: every N-th case in plan order, starting with the I-th."),
      OptionSpec(
        "keep-ids",
        help: "Write ids a subject produces in clear too (default: salted per-run hashes; ids a "
          + "suite types are always in clear)."),
      OptionSpec(
        "junit", kind: .value(placeholder: "default|strict"),
        help: "junit.xml's dialect: 'default' adds file and line to each test case; 'strict' "
          + "validates against the Jenkins and Ant schemas."),
      OptionSpec(
        "jobs", short: "j", kind: .value(placeholder: "N"),
        help: "Run up to N cases at once, each in a worker process (default: the number of cores)."),
      OptionSpec(
        "step-timeout", kind: .value(placeholder: "DURATION"),
        help: "Stop a step that runs longer, as class timed-out (default: 10s; 0 for none)."),
      OptionSpec(
        "case-timeout", kind: .value(placeholder: "DURATION"),
        help: "Stop a case, classification included, that runs longer (default: 5m; 0 for none)."),
      OptionSpec(
        "no-isolation",
        help: "Run every case in this process, one at a time, without time limits (for debugging)."),
    ],
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
    guard arguments.positionals.isEmpty else {
      throw ArgumentError.unexpectedArgument(arguments.positionals[0])
    }
    let format = try OutputFormat.parse(arguments.value("format"))
    let junit = try JUnitOptions.parse(arguments.value("junit"), io: io)
    let printPath = arguments.has("print-path")
    if printPath && format == .json {
      throw ArgumentError.invalidValue(
        option: "--format", value: "json",
        expected: "text with --print-path (the JSON report names the directory as "
          + "'resultDirectory'; use one or the other)")
    }
    let isolation = try isolationSettings(arguments, io: io)
    var subjects = try selectSubjects(arguments.values["subject"] ?? [], in: context)
    if isolation == nil {
      subjects = try inProcessSubjects(subjects, named: arguments.values["subject"] ?? [], io: io)
    }
    let suites = try SuiteSelection.resolve(arguments.values["suite"] ?? [])
    let filter = CaseFilter(arguments.values["filter"] ?? [])
    if let prefix = arguments.value("prefix"), !ResultDirectoryLayout.isValidPrefix(prefix) {
      throw ArgumentError.invalidValue(
        option: "--prefix", value: prefix,
        expected: "at most 100 ASCII letters, digits, '.', '-' and '_', not starting with '.'")
    }
    if arguments.value("output") == "" {
      throw ArgumentError.invalidValue(option: "--output", value: "", expected: "a directory path")
    }
    if arguments.values["filter"]?.contains("") == true {
      throw ArgumentError.invalidValue(
        option: "--filter", value: "", expected: "a non-empty pattern")
    }
    let deidentifier = arguments.has("keep-ids") ? nil : Deidentifier()
    deidentifier?.learn(suites)
    let shard = try arguments.value("shard").map(parseShard)
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
    let plannedSuites = Set(plan.entries.map(\.suite.id))
    let suitePrefix = plannedSuites.count == 1 ? plan.entries[0].suite.id : "stategate"
    let prefix =
      arguments.value("prefix")
      ?? (ResultDirectoryLayout.isValidPrefix(suitePrefix) ? suitePrefix : "stategate")
    let output =
      arguments.value("output")
      ?? io.environment["STATEGATE_OUTPUT"].flatMap { $0.isEmpty ? nil : $0 } ?? "artifacts"
    let ci = CIContextDetector.detect(environment: io.environment)
    if hooks.hold(at: "context") || interrupts.isInterrupted { return interrupted(io, path: nil) }
    let directory: ResultDirectory
    do {
      directory = try ResultDirectory.create(in: output, prefix: prefix)
    } catch {
      throw StateGateError.results(error)
    }
    let startDate = Date()
    let recorder = ResultRecorder(
      directory: directory,
      context: ResultRecorder.Context(
        toolVersion: "stategate \(StateGate.version)",
        commandLine: io.commandLine.isEmpty ? ["stategate"] + arguments.words : io.commandLine,
        filter: filter.patterns, hostname: ProcessInfo.processInfo.hostName,
        startDate: startDate, ci: ci,
        suites: suites, shard: shard.map { "\($0.index)/\($0.count)" },
        junit: junit))
    let display = io
    var consoleIO = display
    if printPath || format == .json {
      consoleIO.writeOutput = display.writeError
    }
    let progress = ProgressLine(io: io)
    consoleIO = progress.clearing(consoleIO)
    let console = ConsoleReporter(io: consoleIO)
    _ = hooks.hold(at: "directory")
    var stepsSeen = 0
    let onEvent: @MainActor (RunEvent) -> Void = { event in
      recorder.record(event)
      progress.record(event)
      if format == .text || printPath {
        console.record(event)
      }
      switch event {
      case .stepFinished, .stepEncoded: stepsSeen += 1
      default: return
      }
      hooks.afterStep(stepsSeen)
    }
    let report: RunReport
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
    _ = hooks.hold(at: "final-write")
    let wasInterrupted = report.wasInterrupted || interrupts.isInterrupted
    let path: String
    do {
      path = try recorder.finish(
        report: report, status: wasInterrupted ? .interrupted : .complete, endDate: Date())
    } catch {
      throw StateGateError.results(error)
    }
    StepSummary.append(PathText.join(path, "summary.md"), io: io)
    CIAnnotations.write(report, plan: plan, directory: path, junit: junit, io: io)
    if printPath {
      io.writeOutput(path + "\n")
    } else if format == .json {
      display.writeOutput(
        JSONReport.encode(report, subjects: context.subjects, resultDirectory: path))
    } else {
      io.writeOutput("results: \(path)\n")
    }
    if wasInterrupted {
      return interrupted(io, path: path)
    }
    // A shard may hold only cases its subjects skip, or none; the merged set is judged as a whole.
    if report.counts.failed == 0, report.counts.passed == 0, (shard?.count ?? 1) == 1 {
      io.writeError(
        "error: nothing was tested: every one of the \(report.counts.skipped) planned cases was "
          + "skipped (see the reasons above); choose cases or subjects that apply\n")
      return .nothingMatched
    }
    return report.counts.failed == 0 ? .success : .contractFailures
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

  /// How cases run: in worker processes (the default, when this command line knows its own
  /// executable), or in this process (`--no-isolation`).
  private static func isolationSettings(_ arguments: ParsedArguments, io: CommandIO)
    throws(ArgumentError) -> IsolatedRunner.Configuration?
  {
    let jobs = try arguments.value("jobs").map { text throws(ArgumentError) -> Int in
      guard let count = Int(text), (1...256).contains(count) else {
        throw .invalidValue(option: "--jobs", value: text, expected: "a whole number from 1 to 256")
      }
      return count
    }
    let stepTimeout = try arguments.value("step-timeout").map {
      text throws(ArgumentError) -> Double in try parseDuration(text, option: "--step-timeout")
    }
    let caseTimeout = try arguments.value("case-timeout").map {
      text throws(ArgumentError) -> Double in try parseDuration(text, option: "--case-timeout")
    }
    if arguments.has("no-isolation") {
      for option in ["jobs", "step-timeout", "case-timeout"] where arguments.value(option) != nil {
        throw .conflict("--no-isolation", "--\(option)")
      }
      return nil
    }
    guard let executable = io.workerExecutable else { return nil }
    return IsolatedRunner.Configuration(
      executable: executable, environment: io.environment,
      jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
      stepTimeout: stepTimeout ?? 10, caseTimeout: caseTimeout ?? 300,
      holdAt: io.environment["STATEGATE_TEST_HOLD_AT"] == "classification" ? "classification" : nil)
  }

  /// Reads a duration: `10s`, `500ms`, `2m`, or a number of seconds; `0` means no limit.
  static func parseDuration(_ text: String, option: String) throws(ArgumentError) -> Double {
    let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
    var number = Substring(text)
    var scale = 1.0
    for unit in units where text.hasSuffix(unit.suffix) {
      number = text.dropLast(unit.suffix.count)
      scale = unit.seconds
      break
    }
    guard let value = Double(number), value >= 0, value.isFinite else {
      throw .invalidValue(
        option: option, value: text, expected: "a duration such as 10s, 500ms or 2m (0: no limit)")
    }
    return value * scale
  }

  /// Reads `I/N` with 1 ≤ I ≤ N.
  static func parseShard(_ text: String) throws(ArgumentError) -> (index: Int, count: Int) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else {
      throw .invalidValue(
        option: "--shard", value: text, expected: "I/N with 1 <= I <= N, such as 2/4")
    }
    return (index, count)
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
        throw .invalidValue(
          option: "--subject", value: name,
          expected: "one of " + context.subjects.map(\.name).joined(separator: ", ")
            + (Spelling.closest(to: name, in: context.subjects.map(\.name)).map {
              " (did you mean '\($0)'?)"
            } ?? ""))
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

/// The output formats of commands that print reports.
enum OutputFormat: String, CaseIterable {
  case text
  case json

  static func parse(_ word: String?) throws(ArgumentError) -> OutputFormat {
    guard let word else { return .text }
    guard let format = OutputFormat(rawValue: word) else {
      throw .invalidValue(option: "--format", value: word, expected: "text or json")
    }
    return format
  }
}
