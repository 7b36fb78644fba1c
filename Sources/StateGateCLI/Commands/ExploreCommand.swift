import Contracts
import Exploration
import Foundation
import ResultBundle
import ResultRecording
import RunModel
import Runner

/// `stategate explore`: generated sequences against subjects, checked by a self-checking oracle.
///
/// Each subject's first failure is shrunk, classified by the runner, and written to the
/// regression corpus and a result directory. Exits 0 (nothing found), 1 (failures found) or 130.
enum ExploreCommand {
  static let subcommand = Subcommand(
    name: "explore",
    summary: "Explore subjects with generated sequences; shrink, classify and keep what fails.",
    options: [
      OptionSpec(
        "subject", kind: .repeated(placeholder: "NAME"),
        help: "A subject (or glob, such as 'fault:*') to explore (default: the first of each "
          + "family)."),
      OptionSpec(
        "seed", kind: .value(placeholder: "N"),
        help: "The seed (default: a random one, printed); the same seed and options explore the "
          + "same sequences."),
      OptionSpec(
        "cases", kind: .value(placeholder: "N"),
        help: "Explore N sequences per subject (instead of a time budget)."),
      OptionSpec(
        "time", kind: .value(placeholder: "DURATION"),
        help: "Explore for this long in all, shared by the subjects, such as 30s or 2m (default: "
          + "10s)."),
      OptionSpec(
        "max-steps", kind: .value(placeholder: "N"),
        help: "The most steps a generated sequence has (default: 40)."),
      OptionSpec(
        "corpus", kind: .value(placeholder: "DIR"),
        help: "Where shrunk failures are written as suite files (default: "
          + "\(RegressionCorpus.defaultDirectory)); 'run' includes that folder."),
      OptionSpec(
        "output", short: "o", kind: .value(placeholder: "DIR"),
        help: "Where the result directory goes (default: $STATEGATE_OUTPUT or artifacts)."),
      OptionSpec(
        "format", kind: .value(placeholder: "text|json"),
        help: "Output format (default: text)."),
      OptionSpec(
        "shard", kind: .value(placeholder: "I/N"),
        help: "Explore only shard I of N of the seed space: every N-th sequence from the I-th."),
      OptionSpec(
        "step-timeout", kind: .value(placeholder: "DURATION"),
        help: "Stop a worker that makes no progress for this long (a generated sequence, a step "
          + "of a recorded one), as class timed-out (default: 10s, at most a fifth of --time, "
          + "at least 1s; 0 for none)."),
      OptionSpec(
        "case-timeout", kind: .value(placeholder: "DURATION"),
        help: "Stop a found case, run again to classify it, that runs longer (default: 5m; 0 for "
          + "none)."),
      OptionSpec(
        "no-isolation",
        help: "Explore in this process, without time limits (faster; a subject that traps or "
          + "hangs takes the process with it)."),
    ],
    run: { arguments, context in try run(arguments, context: context) }
  )

  @MainActor
  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    guard arguments.positionals.isEmpty else {
      throw ArgumentError.unexpectedArgument(arguments.positionals[0])
    }
    let io = context.io
    let format = try OutputFormat.parse(arguments.value("format"))
    let names = arguments.values["subject"] ?? []
    var subjects = try RunCommand.selectSubjects(names, in: context)
    let options = try parseOptions(arguments)
    let isolation = try isolationSettings(arguments, options: options, io: io)
    if isolation == nil {
      subjects = try RunCommand.inProcessSubjects(subjects, named: names, io: io)
    }
    let corpus = arguments.value("corpus") ?? RegressionCorpus.defaultDirectory
    let output =
      arguments.value("output")
      ?? io.environment["STATEGATE_OUTPUT"].flatMap { $0.isEmpty ? nil : $0 } ?? "artifacts"
    for (option, value) in [("--corpus", corpus), ("--output", output)] where value.isEmpty {
      throw ArgumentError.invalidValue(option: option, value: value, expected: "a directory path")
    }
    let directory: ResultDirectory
    do {
      directory = try ResultDirectory.create(in: output, prefix: "explore")
    } catch {
      throw StateGateError.results(error)
    }
    let startDate = Date()
    let interrupts = InterruptMonitor()
    interrupts.start()
    defer { interrupts.stop() }
    let started = io.clock()
    let report: ExplorationReport
    if let isolation {
      let explorer = IsolatedExplorer(
        options: options, configuration: isolation, clock: io.clock,
        shouldStop: { interrupts.isInterrupted }, wakeDescriptor: interrupts.wakeDescriptor)
      do {
        report = try explorer.explore(subjects)
      } catch {
        throw StateGateError.internalFailure("cannot explore in worker processes: \(error)")
      }
    } else {
      let explorer = Explorer(
        options: options, clock: io.clock, shouldStop: { interrupts.isInterrupted })
      report = explorer.explore(subjects)
    }
    let seconds = io.clock() - started
    let paths: [String]
    do {
      paths = try RegressionCorpus.write(report.findings, to: corpus)
    } catch {
      throw StateGateError.results(.cannotWrite(path: error.path, reason: error.reason))
    }
    let commandLine = io.commandLine.isEmpty ? ["stategate"] + arguments.words : io.commandLine
    let path = try ExplorationRecording.write(
      report, subjects: subjects, into: directory, commandLine: commandLine, startDate: startDate,
      io: io)
    for subject in report.subjects {
      io.writeError(ExplorationText.timing(subject))
    }
    io.writeError(ExplorationText.timing(report, seconds: seconds))
    let corpusFiles = Dictionary(
      zip(report.findings.map(\.subject), paths), uniquingKeysWith: { first, _ in first })
    switch format {
    case .text:
      io.writeOutput(ExplorationText.render(report, corpusFiles: corpusFiles))
      io.writeOutput("results: \(path)\n")
    case .json:
      io.writeOutput(
        ExplorationText.json(report, corpusFiles: corpusFiles, resultDirectory: path))
    }
    if report.wasInterrupted {
      io.writeError("stategate: interrupted; results so far are in \(path)\n")
      return .interrupted
    }
    return report.findings.isEmpty ? .success : .contractFailures
  }

  /// How subjects are explored: in worker processes (the default, when this command line knows
  /// its own executable), or in this process (`--no-isolation`).
  private static func isolationSettings(
    _ arguments: ParsedArguments, options: ExplorationOptions, io: CommandIO
  ) throws(ArgumentError) -> IsolatedExplorer.Configuration? {
    let stepTimeout = try arguments.value("step-timeout").map {
      text throws(ArgumentError) -> Double in
      try RunCommand.parseDuration(text, option: "--step-timeout")
    }
    let caseTimeout = try arguments.value("case-timeout").map {
      text throws(ArgumentError) -> Double in
      try RunCommand.parseDuration(text, option: "--case-timeout")
    }
    if arguments.has("no-isolation") {
      for option in ["step-timeout", "case-timeout"] where arguments.value(option) != nil {
        throw .conflict("--no-isolation", "--\(option)")
      }
      return nil
    }
    guard let executable = io.workerExecutable else { return nil }
    // A hang must not outlast a short time budget: the default limit is a fifth of it.
    var defaultStep = 10.0
    if case .seconds(let seconds) = options.budget {
      defaultStep = min(10, max(1, seconds / 5))
    }
    return IsolatedExplorer.Configuration(
      executable: executable, environment: io.environment,
      stepTimeout: stepTimeout ?? defaultStep, caseTimeout: caseTimeout ?? 300)
  }

  /// Reads the seed, budget, sequence length and shard.
  static func parseOptions(_ arguments: ParsedArguments) throws(ArgumentError)
    -> ExplorationOptions
  {
    let seed: UInt64
    if let text = arguments.value("seed") {
      guard let value = UInt64(text) else {
        throw .invalidValue(
          option: "--seed", value: text, expected: "a whole number from 0 to \(UInt64.max)")
      }
      seed = value
    } else {
      seed = UInt64.random(in: 0..<1_000_000_000)
    }
    let budget: ExplorationOptions.Budget
    switch (arguments.value("cases"), arguments.value("time")) {
    case (.some, .some):
      throw .invalidValue(
        option: "--time", value: arguments.value("time") ?? "",
        expected: "either --cases or --time, not both")
    case (.some, nil):
      budget = .sequences(try arguments.integer("cases", in: 1...100_000_000, default: 1))
    case (nil, .some(let text)):
      budget = .seconds(try parseDuration(text))
    case (nil, nil):
      budget = .seconds(10)
    }
    let maxSteps = try arguments.integer("max-steps", in: 1...10_000, default: 40)
    var shard = ExplorationOptions.Shard.whole
    if let text = arguments.value("shard") {
      let parsed = try RunCommand.parseShard(text)
      shard = ExplorationOptions.Shard(parsed.index, of: parsed.count)
    }
    return ExplorationOptions(seed: seed, budget: budget, maxSteps: maxSteps, shard: shard)
  }

  /// Reads `30`, `30s`, `1.5s` or `2m` as seconds.
  static func parseDuration(_ text: String) throws(ArgumentError) -> Double {
    var number = Substring(text)
    var scale = 1.0
    if number.hasSuffix("ms") {
      number = number.dropLast(2)
      scale = 0.001
    } else if number.hasSuffix("s") {
      number = number.dropLast()
    } else if number.hasSuffix("m") {
      number = number.dropLast()
      scale = 60
    }
    guard let value = Double(number), value.isFinite, value > 0, value * scale <= 86_400 else {
      throw .invalidValue(
        option: "--time", value: text, expected: "a duration such as 30s, 2m or 500ms")
    }
    return value * scale
  }
}
