import Contracts
import Foundation
import ResultFiles
import RunModel
import Runner

extension RunCommand {
  /// `run`'s command line, read and checked: what to run, how, and where its results go.
  struct Options {
    static let suite = Option<String>(
      "suite", short: "s", placeholder: "NAME|PATH", repeated: true,
      help: "A built-in suite id, a suite file or a directory of *.suite files (default: all "
        + "built-in suites).")
    static let subject = Option<String>(
      "subject", placeholder: "NAME", repeated: true,
      help: "A subject (or glob, such as 'fault:*') to run the suites of its family against "
        + "(default: the first of each family; see 'stategate list').")
    static let filter = Option(
      "filter", short: "f", placeholder: "PATTERN", repeated: true,
      help: "Keep cases whose 'suite/case' contains PATTERN, or matches it when it has '*'.",
      parse: OptionValueReader.nonEmpty(expected: "a non-empty pattern"))
    static let format = OutputOptions.format(OutputFormat.self)
    static let output = OutputOptions.resultDirectory(help: "Where the run's result directory goes")
    static let prefix = Option(
      "prefix", placeholder: "NAME",
      help: "Start of the result directory's name (default: the suite id, or 'stategate').",
      parse: OptionValueReader.resultPrefix(
        expected: "at most 100 ASCII letters, digits, '.', '-' and '_', not starting with '.'"))
    static let printPath = Flag(
      "print-path", help: "Print only the result directory's path on stdout (report on stderr).")
    static let shard = OutputOptions.shard(
      help: "Run only shard I of N: every N-th case in plan order, starting with the I-th.")
    static let keepIDs = Flag(
      "keep-ids",
      help: "Write ids a subject produces in clear too (default: salted per-run hashes; ids a "
        + "suite types are always in clear).")
    static let junit = Option(
      "junit", placeholder: "default|strict",
      help: "junit.xml's dialect: 'default' adds file and line to each test case; 'strict' "
        + "validates against the Jenkins and Ant schemas.",
      parse: OptionValueReader.choice(JUnitReport.Dialect.self))
    static let jobs = Option(
      "jobs", short: "j", placeholder: "N",
      help: "Run up to N cases at once, each in a worker process (default: the number of cores).",
      parse: OptionValueReader.integer(in: 1...256))
    static let isolation = IsolationOptions(
      stepTimeoutHelp:
        "Stop a step that runs longer, as class timed-out (default: 10s; 0 for none).",
      caseTimeoutHelp:
        "Stop a case, classification included, that runs longer (default: 5m; 0 for none).",
      noIsolationHelp:
        "Run every case in this process, one at a time, without time limits (for debugging).")
    static let require = Option(
      "require", placeholder: "CASE", repeated: true,
      help: "A case that must run ('suite/case', or a pattern as --filter takes it): exit 1 when "
        + "it is skipped, filtered out or not reached.",
      parse: OptionValueReader.nonEmpty(expected: "a non-empty case name or pattern"))
    static let requireList = Option(
      "require-list", placeholder: "FILE",
      help: "A committed file of cases that must run, one a line as --require takes it ('#' "
        + "comments).",
      parse: OptionValueReader.nonEmpty(expected: "a file path"))
    static let eventStreamOutputPath = Option(
      "event-stream-output-path", placeholder: "PATH",
      help: "Also write the run as Swift Testing's event stream (JSON Lines, schema 6.3), a "
        + "record as each event happens: a new or replaced file, or a FIFO a reader holds open.",
      parse: OptionValueReader.nonEmpty(expected: "a file path"))

    /// The option table, in the order `--help` lists it.
    static let table =
      [
        suite.spec, subject.spec, filter.spec, format.spec, output.spec, prefix.spec,
        printPath.spec, shard.spec, keepIDs.spec, junit.spec, jobs.spec,
      ] + isolation.specs + [require.spec, requireList.spec, eventStreamOutputPath.spec]

    /// How the report is printed.
    var format: OutputFormat
    /// How junit.xml is written, and how paths are spelt for the CI system.
    var junit: JUnitOptions
    /// Whether standard output gets only the result directory's path.
    var printPath: Bool
    /// Worker processes' settings, or `nil` to run every case in this process.
    var isolation: IsolatedRunner.Configuration?
    /// The subjects to run against.
    var subjects: [SubjectEntry]
    /// The suites to run.
    var suites: [ContractSuite]
    /// Which cases to keep.
    var filter: CaseFilter
    /// The start of the result directory's name, if given.
    var prefix: String?
    /// Where the result directory goes: `--output`, `$STATEGATE_OUTPUT` or `artifacts`.
    var output: String
    /// Whether ids a subject produces are written in clear.
    var keepsIDs: Bool
    /// The shard to run, if any.
    var shard: ShardChoice?
    /// The cases that must run.
    var required = RequiredCases([])
    /// The event stream's path and the file open on it, if asked for.
    var eventStream: (path: String, handle: FileHandle)?

    /// Reads and checks `arguments`, in the order a person fixing them would want to hear.
    ///
    /// - Throws: ``ArgumentError`` for a word or combination `run` does not accept;
    ///   ``StateGateError`` for a suite that cannot be read.
    @MainActor
    init(_ arguments: ParsedArguments, context: CommandContext) throws {
      let io = context.io
      guard arguments.positionals.isEmpty else {
        throw ArgumentError.unexpectedArgument(arguments.positionals[0])
      }
      format = try arguments.value(of: Self.format) ?? .text
      junit = JUnitOptions.chosen(try arguments.value(of: Self.junit), io: io)
      printPath = arguments[Self.printPath]
      if printPath && format == .json {
        throw ArgumentError.invalidValue(
          option: "--format", value: "json",
          expected: "text with --print-path (the JSON report names the directory as "
            + "'resultDirectory'; use one or the other)")
      }
      isolation = try Self.isolation(arguments, io: io)
      let names = try arguments.values(of: Self.subject)
      subjects = try RunCommand.selectSubjects(names, in: context)
      if isolation == nil {
        subjects = try RunCommand.inProcessSubjects(subjects, named: names, io: io)
      }
      suites = try SuiteSelection.resolve(try arguments.values(of: Self.suite))
      prefix = try arguments.value(of: Self.prefix)
      output = try OutputOptions.resultDirectory(
        Self.output, in: arguments, environment: io.environment)
      filter = CaseFilter(try arguments.values(of: Self.filter))
      keepsIDs = arguments[Self.keepIDs]
      shard = try arguments.value(of: Self.shard)
      required = try Self.requiredCases(arguments, in: suites)
      // Last: the path is opened (a file replaced) only for a command line that is otherwise
      // sound.
      eventStream = try arguments.value(of: Self.eventStreamOutputPath).map {
        path throws(StateGateError) in try EventStreamOutput.open(path)
      }
    }

    /// How cases run: in worker processes (the default, when this command line knows its own
    /// executable), or in this process (`--no-isolation`).
    private static func isolation(_ arguments: ParsedArguments, io: CommandIO)
      throws(ArgumentError) -> IsolatedRunner.Configuration?
    {
      let jobs = try arguments.value(of: jobs)
      guard
        case .workers(let stepTimeout, let caseTimeout) = try isolation.read(
          arguments, workerOnly: [Self.jobs.spec]),
        let executable = io.workerExecutable
      else { return nil }
      return IsolatedRunner.Configuration(
        executable: executable, environment: io.environment,
        jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
        stepTimeout: stepTimeout ?? 10, caseTimeout: caseTimeout ?? 300,
        holdAt: TestHooks.workerHoldPoint(in: io.environment))
    }
  }
}
