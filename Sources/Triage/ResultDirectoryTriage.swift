import Contracts
import Foundation
import ResultFiles
import ResultSchema

/// Triages a stategate result directory from its manifest and event log; a partial directory from
/// the readable prefix of its event log.
enum ResultDirectoryTriage {
  static func triage(_ path: String, partial: Bool, collectOutcomes: Bool) -> TriagedInput {
    var input = TriagedInput(
      path: path, kind: partial ? .partialDirectory : .resultDirectory, status: .unfinished)
    var events: [EventRecord]
    var crash: Manifest.Crash?
    var manifest: Manifest?
    var required: [Manifest.RequiredCase] = []
    if partial {
      events = lenientEvents(PathText.join(path, "events.jsonl"), partial: true, into: &input)
    } else {
      do {
        let run = try RecordedRun.read(path)
        events = run.events
        input.runID = run.manifest.runID
        input.startTime = run.manifest.startTime
        input.commit = run.manifest.ci?.commit
        crash = run.manifest.crash
        manifest = run.manifest
        required = run.manifest.requiredCases ?? []
        input.status =
          switch run.manifest.status {
          case .complete: .complete
          case .interrupted: .interrupted
          case .crashed: .crashed
          }
      } catch {
        if error == .missing(path: path) {
          input.status = .unreadable
          input.damage(error.description)
          input.isMissing = true
          return input
        }
        // Never throw the evidence away: what the log holds is still listed.
        input.damage(error.description)
        events = lenientEvents(PathText.join(path, "events.jsonl"), partial: false, into: &input)
        if events.isEmpty { input.status = .unreadable }
      }
    }
    summarise(
      events, crash: crash, manifest: manifest, into: &input, collectOutcomes: collectOutcomes)
    recordUnmet(required, into: &input, collectOutcomes: collectOutcomes)
    return input
  }

  /// Records each required case that did not run (`run --require`) as a failure of suite
  /// `stategate`, as `junit.xml` does, so triage of the directory never reads it green.
  private static func recordUnmet(
    _ required: [Manifest.RequiredCase], into input: inout TriagedInput, collectOutcomes: Bool
  ) {
    for entry in required where !entry.ran {
      let name = Manifest.RequiredCase.recordName(entry.case, subject: entry.subject)
      input.counts.add(.failed)
      if collectOutcomes {
        input.outcomes[CaseIdentity.of(suite: "stategate", name: name, subject: nil)] = .failed
      }
      input.record(
        TriagedFailure(
          suite: "stategate", name: name, subject: nil, outcome: .failed,
          failureClass: .unclassified, isExact: true,
          reason: "required case '\(entry.case)' did not run: "
            + (entry.reason ?? "no reason recorded"),
          firstStep: nil))
    }
  }

  /// The event records of a log read as far as it goes: a torn last line of a partial directory
  /// (the run was killed mid-write) is expected; any other line that is not a record is damage.
  static func lenientEvents(_ path: String, partial: Bool, into input: inout TriagedInput)
    -> [EventRecord]
  {
    var events: [EventRecord] = []
    do {
      try RecordedRun.forEachRecord(in: path) { number, record, terminated in
        switch record {
        case .success(let event):
          events.append(event)
        case .failure where partial && !terminated:
          input.notes.append("'\(path)':\(number): the last record is cut off (the run was killed)")
        case .failure(let problem):
          input.damage("'\(path)':\(number): \(problem.reason)")
        }
      }
    } catch {
      if !partial || (error as? InputFileError)?.kind != .missing {
        input.damage("\(error)")
      }
    }
    return events
  }

  private static func summarise(
    _ events: [EventRecord], crash: Manifest.Crash?, manifest: Manifest?,
    into input: inout TriagedInput, collectOutcomes: Bool
  ) {
    var started: [String: EventRecord.CaseStarted] = [:]
    var order: [String] = []
    var firstFailure: [String: EventRecord.Step] = [:]
    var finished: Set<String> = []
    /// The first failing step of a case as every output phrases it.
    func message(_ key: String, failureClass: String?) -> FailureMessage? {
      firstFailure[key].map {
        FailureWriter.message(
          $0, source: manifest?.source(ofSuite: $0.suite, case: $0.case, subject: $0.subject),
          failureClass: failureClass)
      }
    }
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
        if collectOutcomes {
          input.outcomes[key] = outcome
          input.subjects.insert(record.subject)
        }
        guard outcome == .failed || outcome == .unfinished else { continue }
        let failureClass =
          record.failureClass.flatMap(FailureClass.init(rawValue:)) ?? .unclassified
        let failure = message(key, failureClass: outcome == .failed ? record.failureClass : nil)
        var triaged = TriagedFailure(
          suite: record.suite, name: record.case, subject: record.subject, outcome: outcome,
          failureClass: outcome == .failed ? failureClass : .unclassified,
          isExact: outcome == .failed,
          reason: outcome == .failed
            ? record.reason ?? "classified by stategate when it ran"
            : "the run stopped during this case",
          firstStep: failure?.headline, details: failure?.details)
        // A verdict the run was not confident of stays one: its ranked explanations come along.
        let ranked = (record.alternatives ?? []).map {
          TriagedFailure.RankedExplanation(
            failureClass: FailureClass(rawValue: $0.failureClass) ?? .unclassified,
            reason: $0.reason)
        }
        if outcome == .failed, !ranked.isEmpty { triaged.alternatives = ranked }
        input.record(triaged)
      case .runFinished:
        continue
      }
    }
    for key in order where !finished.contains(key) {
      guard let record = started[key] else { continue }
      // The case the run crashed in failed, as its manifest counts it; others never finished.
      let crashedHere =
        crash.map {
          $0.suite == record.suite && $0.case == record.case && $0.subject == record.subject
        }
        ?? false
      let outcome: TriageOutcome = crashedHere ? .failed : .unfinished
      let unfinished = message(key, failureClass: crashedHere ? FailureClass.crashed.rawValue : nil)
      input.counts.add(outcome)
      if collectOutcomes {
        input.outcomes[key] = outcome
        input.subjects.insert(record.subject)
      }
      input.record(
        TriagedFailure(
          suite: record.suite, name: record.case, subject: record.subject, outcome: outcome,
          failureClass: crashedHere ? .crashed : .unclassified, isExact: crashedHere,
          reason: crashedHere
            ? "the run crashed in this case after step \(crash?.lastCompletedStep ?? 0) "
              + "(manifest.json names it): replay the case to reproduce the crash"
            : "the case started but never finished: the run was killed or crashed here",
          firstStep: unfinished?.headline, details: unfinished?.details))
    }
  }

  private static func identity(_ suite: String, _ name: String, _ subject: String) -> String {
    CaseIdentity.of(suite: suite, name: name, subject: subject)
  }
}
