import Contracts
import Exploration
import Runner

extension ExploreCommand {
  /// `explore`'s command line, read and checked: whom to explore, how long, and where findings go.
  struct Options {
    static let subject = Option<String>(
      "subject", placeholder: "NAME", repeated: true,
      help: "A subject (or glob, such as 'fault:*') to explore (default: the first of each "
        + "family).")
    static let seed = Option(
      "seed", placeholder: "N",
      help:
        "The random seed (default: a random one, printed); the same seed and options explore the "
        + "same sequences.",
      parse: OptionValueReader.integer(in: 0...UInt64.max))
    static let cases = Option(
      "cases", placeholder: "N",
      help: "Explore N sequences per subject (instead of a time budget).",
      parse: OptionValueReader.integer(in: 1...100_000_000))
    static let time = Option<String>(
      "time", placeholder: "DURATION",
      help: "Explore for this long in all, shared by the subjects, such as 30s or 2m (default: "
        + "10s).")
    static let maxSteps = Option(
      "max-steps", placeholder: "N", help: "The most steps a generated sequence has (default: 40).",
      parse: OptionValueReader.integer(in: 1...10_000))
    static let corpus = Option(
      "corpus", placeholder: "DIR",
      help: "Where shrunk failures are written as suite files (default: "
        + "\(RegressionCorpus.defaultDirectory)); 'run' includes that folder.",
      parse: OptionValueReader.nonEmpty(expected: "a directory path"))
    static let output = OutputOptions.resultDirectory(help: "Where the result directory goes")
    static let format = OutputOptions.format(OutputFormat.self)
    static let shard = OutputOptions.shard(
      help: "Explore only shard I of N of the seed space: every N-th sequence from the I-th.")
    static let isolation = IsolationOptions(
      stepTimeoutHelp: "Stop a step that runs longer, as class timed-out (the worker reports "
        + "progress after every step; default: 10s, at most a fifth of --time, at least 1s; 0 for "
        + "none).",
      caseTimeoutHelp: "Stop a found case, run again to classify it, that runs longer (default: "
        + "5m; 0 for none).",
      noIsolationHelp: "Explore in this process, without time limits (faster; a subject that "
        + "traps or hangs takes the process with it).")

    /// The option table, in the order `--help` lists it.
    static let table =
      [
        subject.spec, seed.spec, cases.spec, time.spec, maxSteps.spec, corpus.spec, output.spec,
        format.spec, shard.spec,
      ] + isolation.specs

    /// How the report is printed.
    var format: OutputFormat
    /// The subjects to explore.
    var subjects: [SubjectEntry]
    /// The seed, budget, sequence length and shard.
    var exploration: ExplorationOptions
    /// Worker processes' settings, or `nil` to explore in this process.
    var isolation: IsolatedExplorer.Configuration?
    /// Where shrunk failures are written.
    var corpus: String
    /// Where the result directory goes.
    var output: String

    /// Reads and checks `arguments`, in the order a person fixing them would want to hear.
    ///
    /// - Throws: ``ArgumentError`` for a word or combination `explore` does not accept.
    @MainActor
    init(_ arguments: ParsedArguments, context: CommandContext) throws(ArgumentError) {
      let io = context.io
      guard arguments.positionals.isEmpty else {
        throw .unexpectedArgument(arguments.positionals[0])
      }
      format = try arguments.value(of: Self.format) ?? .text
      let names = try arguments.values(of: Self.subject)
      subjects = try Self.explorable(
        RunCommand.selectSubjects(names, in: context), named: names, io: io)
      exploration = try Self.exploration(arguments)
      isolation = try Self.isolation(arguments, exploration: exploration, io: io)
      if isolation == nil {
        subjects = try RunCommand.inProcessSubjects(subjects, named: names, io: io)
      }
      corpus = try arguments.value(of: Self.corpus) ?? RegressionCorpus.defaultDirectory
      output = try OutputOptions.resultDirectory(
        Self.output, in: arguments, environment: io.environment)
    }

    /// Reads the seed, budget, sequence length and shard.
    static func exploration(_ arguments: ParsedArguments) throws(ArgumentError)
      -> ExplorationOptions
    {
      let seed = try arguments.value(of: seed) ?? UInt64.random(in: 0..<1_000_000_000)
      let budget: ExplorationOptions.Budget
      switch (arguments.isGiven(cases), try arguments.value(of: time)) {
      case (true, .some(let text)):
        throw .invalidValue(
          option: time.display, value: text, expected: "either --cases or --time, not both")
      case (true, nil):
        budget = .sequences(try arguments.value(of: cases) ?? 1)
      case (false, .some(let text)):
        budget = .seconds(
          try OptionValueReader.duration(text, option: time.display, use: .budget))
      case (false, nil):
        budget = .seconds(10)
      }
      let maxSteps = try arguments.value(of: maxSteps) ?? 40
      let shard = try arguments.value(of: shard).map {
        ExplorationOptions.Shard($0.index, of: $0.count)
      }
      return ExplorationOptions(
        seed: seed, budget: budget, maxSteps: maxSteps, shard: shard ?? .whole)
    }

    /// The `selected` subjects the oracle models: a subject named exactly that declares what the
    /// oracle does not model is refused; one a pattern matched is left out with a note on stderr.
    @MainActor
    static func explorable(_ selected: [SubjectEntry], named names: [String], io: CommandIO)
      throws(ArgumentError) -> [SubjectEntry]
    {
      var kept: [SubjectEntry] = []
      for subject in selected {
        guard let rule = Explorer.unmodelledRule(of: subject) else {
          kept.append(subject)
          continue
        }
        let reason =
          "it declares \(rule), which explore's oracle does not model; "
          + "'stategate run --subject \(subject.name)' checks it"
        if names.contains(subject.name) {
          throw .invalidValue(
            option: "--subject", value: subject.name,
            expected: "a subject explore can judge (\(reason))")
        }
        io.writeError("note: leaving out \(subject.name): \(reason)\n")
      }
      guard !kept.isEmpty else {
        throw .invalidValue(
          option: "--subject", value: names.joined(separator: " "),
          expected: "a pattern that matches a subject explore can judge")
      }
      return kept
    }

    /// How subjects are explored: in worker processes (the default, when this command line
    /// knows its own executable), or in this process (`--no-isolation`).
    private static func isolation(
      _ arguments: ParsedArguments, exploration: ExplorationOptions, io: CommandIO
    ) throws(ArgumentError) -> IsolatedExplorer.Configuration? {
      guard case .workers(let stepTimeout, let caseTimeout) = try isolation.read(arguments),
        let executable = io.workerExecutable
      else { return nil }
      // A hang must not outlast a short time budget: the default limit is a fifth of it.
      var defaultStep = 10.0
      if case .seconds(let seconds) = exploration.budget {
        defaultStep = min(10, max(1, seconds / 5))
      }
      return IsolatedExplorer.Configuration(
        executable: executable, environment: io.environment,
        stepTimeout: stepTimeout ?? defaultStep, caseTimeout: caseTimeout ?? 300)
    }
  }
}
