import Contracts
import Exploration
import Faults
import Foundation
import ReferenceModels
import ResultSchema
import RunModel
import Runner

/// The `stategate` command line as a library function, so it runs in process under test and in
/// a user's own executable with their own subjects registered.
public enum StateGate {
  /// The tool's version, defined here and nowhere else.
  ///
  /// `--version` and help print it; every result directory records it (`toolVersion` in
  /// `manifest.json` and `events.jsonl`, the `tool` property in `junit.xml`); `make dist` names the
  /// archive after it. A new version gets a section in `CHANGELOG.md` (a test checks).
  public static let version = "0.3.0"

  /// The reference subjects followed by every faulty subject of the catalogue: what the stock
  /// `stategate` knows, and what a team's own command line usually appends to its own subjects.
  @MainActor public static let builtInSubjects: [SubjectEntry] = SubjectEntry.builtIn

  /// The subcommands, in the order `--help` lists them.
  @MainActor public static let subcommands: [Subcommand] = [
    RunCommand.subcommand,
    ExploreCommand.subcommand,
    ListCommand.subcommand,
    ShowSuiteCommand.subcommand,
    ExplainCommand.subcommand,
    FaultsCommand.subcommand,
    ReplayCommand.subcommand,
    ImportCommand.subcommand,
    TriageCommand.subcommand,
    JUnitCommand.subcommand,
    HistoryCommand.subcommand,
    DiffCommand.subcommand,
    MergeCommand.subcommand,
    ReportCommand.subcommand,
    InitCommand.subcommand,
    DemoCommand.subcommand,
  ]

  /// Whether `environment` starts this process as a worker of an isolated run, exploration or
  /// import (the run's own executable started again).
  ///
  /// An executable built on `StateGateCLI` that reads its arguments itself before calling
  /// ``main(arguments:io:subjects:)`` must call it, with the same subjects, whenever this is true:
  /// a worker is started with its own arguments (`worker`), and only `main` serves it. One that
  /// does not cannot host workers: its commands end with an internal error (70) that says so.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: Whether ``main(arguments:io:subjects:)`` will serve as a worker.
  public static func isWorker(environment: [String: String]) -> Bool {
    environment[ExplorationWorker.environmentKey] != nil
      || environment[WorkerLoop.environmentKey] != nil
  }

  /// Runs `stategate` with `arguments` (without the program name) and returns the exit status.
  ///
  /// Every error passes through here: it is printed as one `error:` line on standard error and
  /// mapped to its exit status.
  ///
  /// - Parameters:
  ///   - arguments: The command-line words after the program name.
  ///   - io: Where output goes and what the environment holds.
  ///   - subjects: The subjects `--subject` can name; the first of each family is the default.
  ///     A user's own `stategate` passes its subjects here (before or instead of the reference
  ///     ones).
  /// - Returns: The status the process should exit with.
  @MainActor
  public static func main(
    arguments: [String], io: CommandIO, subjects: [SubjectEntry] = builtInSubjects
  ) -> ExitStatus {
    if let setting = io.environment[ExplorationWorker.environmentKey] {
      return ExplorationWorker.serve(subjects: subjects, setting: setting, clock: io.clock) == 0
        ? .success : .internalError
    }
    if let setting = io.environment[WorkerLoop.environmentKey] {
      return WorkerLoop.serve(subjects: subjects, setting: setting) == 0 ? .success : .internalError
    }
    var io = io
    io.language = Language.ofLocale(in: io.environment)
    do {
      let (language, arguments) = try leadingLanguage(arguments)
      io.language = language ?? io.language
      return try dispatch(arguments, context: CommandContext(io: io, subjects: subjects))
    } catch let error as ArgumentError {
      io.writeError("error: \(TerminalText.line(error.description))\n")
      return .usage
    } catch let error as StateGateError {
      io.writeError(diagnostic(error) + "\n")
      return error.status
    } catch {
      io.writeError("error: internal error: \(TerminalText.line(SystemErrorText.reason(error)))\n")
      return .internalError
    }
  }

  /// `--language LANG` (or `--language=LANG`) before the command, and the words after it.
  ///
  /// - Throws: ``ArgumentError`` for a missing value or one that is not a language.
  private static func leadingLanguage(_ arguments: [String]) throws(ArgumentError)
    -> (Language?, [String])
  {
    guard let first = arguments.first,
      first == Language.option.display
        || first.hasPrefix(Language.option.display + "=")
    else { return (nil, arguments) }
    let scanner = ArgumentScanner(options: [Language.option.spec])
    let taken = first.contains("=") ? 1 : 2
    guard arguments.count >= taken else {
      throw .missingValue(option: Language.option.display)
    }
    let parsed = try scanner.scan(Array(arguments.prefix(taken)))
    return (try parsed.value(of: Language.option), Array(arguments.dropFirst(taken)))
  }

  @MainActor
  private static func dispatch(_ arguments: [String], context: CommandContext) throws -> ExitStatus
  {
    var context = context
    let io = context.io
    guard let first = arguments.first else {
      io.writeError(overview(in: io.language))
      return .usage
    }
    switch first {
    case "-h", "--help", "help":
      guard arguments.count > 1 else {
        io.writeOutput(overview(in: io.language))
        return .success
      }
      guard let command = subcommands.first(where: { $0.name == arguments[1] }) else {
        throw ArgumentError.unknownCommand(
          arguments[1], suggestion: Spelling.closest(to: arguments[1], in: subcommands.map(\.name)))
      }
      io.writeOutput(command.help)
      return .success
    case "--version", "version":
      io.writeOutput("stategate \(version)\n")
      return .success
    default:
      break
    }
    guard let command = subcommands.first(where: { $0.name == first }) else {
      if first.hasPrefix("-") {
        throw ArgumentError.unknownOption(
          first, suggestion: Spelling.closest(to: first, in: ["--help", "--version"]))
      }
      throw ArgumentError.unknownCommand(
        first, suggestion: Spelling.closest(to: first, in: subcommands.map(\.name)))
    }
    let scanner = ArgumentScanner(options: command.options + Subcommand.commonOptions)
    let parsed = try scanner.scan(Array(arguments.dropFirst()))
    if parsed.isGiven(Language.option) {
      context.io.language = try Language.resolve(parsed, environment: io.environment)
    }
    if parsed[Subcommand.helpOption] {
      io.writeOutput(command.help)
      return .success
    }
    return try command.run(parsed, context)
  }

  /// The `error:` line for `error`; one with a place in a file reads as the compiler writes it,
  /// `file:line:column: error: message`, which editors and CI log parsers turn into links.
  static func diagnostic(_ error: StateGateError) -> String {
    if case .suite(let suiteError) = error, suiteError.line > 0 || suiteError.kind == .malformed {
      let place =
        switch (suiteError.line, suiteError.column) {
        case (0, _): suiteError.path
        case (_, 0): "\(suiteError.path):\(suiteError.line)"
        default: "\(suiteError.path):\(suiteError.line):\(suiteError.column)"
        }
      return TerminalText.line("\(place): error: \(suiteError.message)")
    }
    return "error: \(TerminalText.line(error.description))"
  }

  /// The top-level help, generated from the subcommand table, with the exit statuses' meanings
  /// in `language`.
  @MainActor static func overview(in language: Language = .english) -> String {
    var lines = [
      "stategate \(version): UI-state contracts as a release gate", "",
      "usage: stategate <command> [options]", "", "commands:",
    ]
    let width = subcommands.map(\.name.count).max() ?? 0
    for command in subcommands {
      let padding = String(repeating: " ", count: width - command.name.count)
      lines.append("  \(command.name)\(padding)  \(command.summary)")
    }
    lines += [
      "",
      "Run 'stategate <command> --help' for a command's options; 'stategate --version' prints the version.",
    ]
    // Two lines: the statuses of a run's verdict and the command line, then the rest.
    let statuses = ExitStatus.allCases.map { "\($0.rawValue) \($0.meaning(in: language))" }
    let separator = Phrase.listSeparator.text(in: language)
    let end = Phrase.listEnd.text(in: language)
    lines.append(
      Phrase.exitStatuses.text(in: language) + statuses.prefix(4).joined(separator: separator)
        + separator.trimmingCharacters(in: .whitespaces))
    lines.append(statuses.dropFirst(4).joined(separator: separator) + end)
    return lines.joined(separator: "\n") + "\n"
  }
}
