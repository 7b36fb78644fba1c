import Contracts
import Exploration
import Foundation
import ResultFiles
import ResultSchema
import ResultWriting
import RunModel
import Runner

/// Writes an exploration as a normal result directory, through the same outputs as `run`: per
/// subject one suite (`explore-undo` or `explore-optimistic`) holding a summary case and the
/// shrunk failure, every step of that failure in `events.jsonl`, and the seed, what was explored
/// and reached, and how the failure shrank in `manifest.json` — so `triage`, `history`, `diff`,
/// `merge` and `replay` read it like any run.
enum ExplorationResultWriter {
  /// Records `report` into `directory`, and to the outputs `request` wants, and renames the
  /// directory into place.
  ///
  /// A subject's found case is placed in the corpus file it is kept in (`corpusFiles`, by
  /// subject), so its failure reads `path:line` there.
  ///
  /// - Returns: The directory's final path.
  /// - Throws: ``StateGateError/results(_:)`` when it cannot be written.
  @MainActor
  static func write(
    _ report: ExplorationReport, subjects: [SubjectEntry], into directory: ResultDirectory,
    commandLine: [String], startDate: Date, request: OutputRequest,
    corpusFiles: [String: String] = [:]
  ) throws(StateGateError) -> String {
    let io = request.io
    let shard = report.options.shard
    let summaryID = shard == .whole ? "explored" : "explored-\(shard.index)-of-\(shard.count)"
    var plan = RunPlan(suites: [], subjects: [])
    var suites: [SuiteResult] = []
    var cases: [[CaseResult]] = []
    for explored in report.subjects {
      guard let subject = subjects.first(where: { $0.name == explored.subject }) else { continue }
      let summary = ContractCase(
        id: summaryID, title: title(explored, options: report.options), steps: [])
      let found = explored.finding.map { [$0.contractCase] } ?? []
      let suite = ContractSuite(
        id: Explorer.suiteID(of: explored.family), family: explored.family,
        title: "Exploration", source: corpusFiles[explored.subject] ?? "explore",
        cases: [summary] + found)
      plan.entries += RunPlan(suites: [suite], subjects: [subject]).entries
      let summaryResult = CaseResult(
        suiteID: suite.id, caseID: summary.id, title: summary.title, subject: subject.name,
        outcome: .passed, steps: [], classification: nil,
        durationSeconds: explored.durationSeconds)
      let results = [summaryResult] + (explored.finding.map { [$0.result] } ?? [])
      cases.append(results)
      suites.append(
        SuiteResult(
          suiteID: suite.id, title: suite.title, family: suite.family, subject: subject.name,
          cases: results, durationSeconds: results.reduce(0) { $0 + $1.durationSeconds }))
    }
    var context = ResultDirectoryWriter.Context(
      toolVersion: "stategate \(StateGate.version)", commandLine: commandLine, filter: [],
      hostname: ProcessInfo.processInfo.hostName, startDate: startDate,
      ci: CIContextDetector.detect(environment: io.environment),
      suites: plan.entries.map(\.suite), shard: shard == .whole ? nil : shard.description)
    context.exploration = manifestRecord(report, corpusFiles: corpusFiles)
    context.language = io.language.rawValue
    let output = RunOutputs(
      directory: ResultDirectoryWriter(directory: directory, context: context), request: request)
    output.record(.runStarted(plan))
    for (entry, (suite, results)) in zip(plan.entries, zip(suites, cases)) {
      output.record(.suiteStarted(entry))
      for result in results {
        output.record(
          .caseStarted(suiteID: result.suiteID, caseID: result.caseID, subject: result.subject))
        for step in result.steps {
          output.record(
            .stepFinished(
              suiteID: result.suiteID, caseID: result.caseID, subject: result.subject, step: step))
        }
        output.record(.caseFinished(result))
      }
      output.record(.suiteFinished(suite))
    }
    let runReport = RunReport(
      suites: suites, durationSeconds: report.subjects.reduce(0) { $0 + $1.durationSeconds },
      wasInterrupted: report.wasInterrupted, plannedCases: plan.caseCount)
    output.record(.runFinished(runReport))
    do {
      return try output.finish(
        report: runReport, plan: plan, status: report.wasInterrupted ? .interrupted : .complete,
        endDate: Date())
    } catch {
      throw .results(error)
    }
  }

  /// The summary case's title: what was explored, and what was found.
  private static func title(_ explored: SubjectExploration, options: ExplorationOptions) -> String {
    "Explored \(explored.sequences) \(plural(explored.sequences, "sequence")) "
      + "(\(explored.steps) steps) of up to \(options.maxSteps) steps with seed \(options.seed): "
      + (explored.finding.map { "found \($0.contractCase.id), class \($0.failureClass)" }
        ?? "nothing found")
  }

  private static func manifestRecord(
    _ report: ExplorationReport, corpusFiles: [String: String]
  ) -> Manifest.Exploration {
    Manifest.Exploration(
      seed: report.options.seed, budget: report.options.budget.description,
      maxSteps: report.options.maxSteps,
      subjects: report.subjects.map { explored in
        Manifest.Exploration.Subject(
          subject: explored.subject, family: explored.family.rawValue,
          sequences: explored.sequences, steps: explored.steps,
          durationSeconds: (explored.durationSeconds * 1000).rounded() / 1000,
          actions: Dictionary(
            uniqueKeysWithValues: explored.coverage.actions.map { ($0.name, $0.count) }),
          situations: Dictionary(
            uniqueKeysWithValues: explored.coverage.situations.map { ($0.name, $0.count) }),
          shrink: explored.finding.map { finding in
            Manifest.Exploration.Shrink(
              case: finding.contractCase.id, sequence: finding.sequence,
              generatedSteps: finding.generatedSteps, shrunkSteps: finding.shrunkSteps,
              replays: finding.replays, keptIn: corpusFiles[explored.subject])
          })
      })
  }
}
