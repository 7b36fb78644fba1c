import Contracts
import Foundation
import ResultBundle
import ResultSchema

/// Triages a stategate result directory from its manifest and event log; a partial directory from
/// the readable prefix of its event log.
enum ResultDirectoryTriage {
  static func triage(_ path: String, partial: Bool, collectOutcomes: Bool) -> TriagedInput {
    var input = TriagedInput(
      path: path, kind: partial ? .partialDirectory : .resultDirectory, status: .unfinished)
    let events: [EventRecord]
    if partial {
      events = lenientEvents(PathText.join(path, "events.jsonl"))
    } else {
      do {
        let run = try RecordedRun.read(path)
        events = run.events
        input.runID = run.manifest.runID
        input.startTime = run.manifest.startTime
        input.commit = run.manifest.ci?.commit
        input.status =
          switch run.manifest.status {
          case .complete: .complete
          case .interrupted: .interrupted
          case .crashed: .crashed
          }
      } catch {
        input.status = .unreadable
        input.problem = error.description
        input.isMissing = error == .missing(path: path)
        return input
      }
    }
    summarise(events, into: &input, collectOutcomes: collectOutcomes)
    return input
  }

  /// The event records of a partial log; a torn last line (the run was killed mid-write) is
  /// skipped.
  static func lenientEvents(_ path: String) -> [EventRecord] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
      try? EventRecord.parse($0)
    }
  }

  private static func summarise(
    _ events: [EventRecord], into input: inout TriagedInput, collectOutcomes: Bool
  ) {
    var started: [String: EventRecord.CaseStarted] = [:]
    var order: [String] = []
    var firstFailure: [String: EventRecord.Step] = [:]
    var finished: Set<String> = []
    for event in events {
      switch event {
      case .runStarted(let record):
        input.runID = input.runID ?? record.runID
        input.startTime = input.startTime ?? record.time
      case .caseStarted(let record):
        let key = identity(record.suite, record.case, record.subject)
        started[key] = record
        order.append(key)
      case .step(let step):
        let key = identity(step.suite, step.case, step.subject)
        if step.verdict == "fail" && firstFailure[key] == nil {
          firstFailure[key] = step
        }
      case .caseFinished(let record):
        let key = identity(record.suite, record.case, record.subject)
        finished.insert(key)
        let outcome: TriageOutcome =
          switch record.outcome {
          case "passed": .passed
          case "failed": .failed
          case "skipped": .skipped
          default: .unfinished
          }
        input.counts.add(outcome)
        if collectOutcomes { input.outcomes[key] = outcome }
        guard outcome == .failed || outcome == .unfinished,
          input.failures.count < ArchiveTriage.failureLimit
        else { continue }
        let failureClass =
          record.failureClass.flatMap(FailureClass.init(rawValue:)) ?? .unclassified
        input.failures.append(
          TriagedFailure(
            suite: record.suite, name: record.case, subject: record.subject, outcome: outcome,
            failureClass: outcome == .failed ? failureClass : .unclassified,
            isExact: outcome == .failed,
            reason: outcome == .failed
              ? record.reason ?? "classified by stategate when it ran"
              : "the run stopped during this case",
            firstStep: firstFailure[key]?.failureSummary))
      case .runFinished:
        continue
      }
    }
    for key in order where !finished.contains(key) {
      guard let record = started[key] else { continue }
      input.counts.add(.unfinished)
      if collectOutcomes { input.outcomes[key] = .unfinished }
      input.failures.append(
        TriagedFailure(
          suite: record.suite, name: record.case, subject: record.subject, outcome: .unfinished,
          failureClass: .unclassified, isExact: false,
          reason: "the case started but never finished: the run was killed or crashed here",
          firstStep: firstFailure[key]?.failureSummary))
    }
  }

  private static func identity(_ suite: String, _ name: String, _ subject: String) -> String {
    "\(suite)/\(name)@\(subject)"
  }
}
