import Contracts
import Exploration
import Foundation
import ResultFiles
import ResultWriting
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
    options: Options.table,
    run: { arguments, context in try run(arguments, context: context) }
  )

  @MainActor
  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let io = context.io
    let parsed = try Options(arguments, context: context)
    let (format, subjects, options, isolation) =
      (parsed.format, parsed.subjects, parsed.exploration, parsed.isolation)
    let (corpus, output) = (parsed.corpus, parsed.output)
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
    let corpusFiles = Dictionary(
      zip(report.findings.map(\.subject), paths), uniquingKeysWith: { first, _ in first })
    let path = try ExplorationResultWriter.write(
      report, subjects: subjects, into: directory, commandLine: commandLine, startDate: startDate,
      request: OutputRequest(.explore, format: format, io: io), corpusFiles: corpusFiles)
    for subject in report.subjects {
      io.writeError(ExplorationText.timing(subject))
    }
    io.writeError(ExplorationText.timing(report, seconds: seconds))
    switch format {
    case .text:
      io.writeOutput(
        ExplorationText.render(report, corpusFiles: corpusFiles, language: io.language))
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
}
