import Contracts
import Foundation
import ResultBundle
import ResultSchema

/// Triages archived inputs: reads each one (never trusting it), classifies its failures and
/// reports runs that did not finish as such, never as passed.
public enum ArchiveTriage {
  /// The most failures kept per input (counts stay exact).
  public static let failureLimit = 10_000

  /// Triages one input.
  ///
  /// - Parameters:
  ///   - input: The input.
  ///   - collectOutcomes: Whether to keep every case's outcome (for diff and flaky detection).
  /// - Returns: The triaged input; an unreadable one has status `unreadable` and a problem.
  public static func triage(_ input: InputFinder.Found, collectOutcomes: Bool = false)
    -> TriagedInput
  {
    switch input.kind {
    case .resultDirectory, .partialDirectory:
      return ResultDirectoryTriage.triage(
        input.path, partial: input.kind == .partialDirectory, collectOutcomes: collectOutcomes)
    case .junit:
      return junit(input.path, collectOutcomes: collectOutcomes)
    case .swiftTestingEvents:
      return SwiftTestingEventsTriage.triage(input.path, collectOutcomes: collectOutcomes)
    }
  }

  /// Triages every path: missing paths and unreadable files become inputs with a problem, so the
  /// others are still triaged.
  ///
  /// - Parameters:
  ///   - paths: Result directories, report files or folders of them.
  ///   - collectOutcomes: Whether to keep every case's outcome (for diff and flaky detection);
  ///     `nil` keeps them when more than one input is found, since only then can runs be compared.
  /// - Returns: One triaged input per input found, missing or empty path.
  public static func triage(paths: [String], collectOutcomes: Bool? = false) -> [TriagedInput] {
    var found: [InputFinder.Found] = []
    var missing: [String] = []
    var empty: [String] = []
    for path in paths {
      let result = InputFinder.find([path])
      missing += result.missing
      if result.missing.isEmpty && result.found.isEmpty {
        empty.append(path)
      }
      found += result.found
    }
    let nothing = empty.map {
      TriagedInput(
        path: $0, kind: .junit, status: .unreadable,
        problem: "'\($0)': no results found (no result directories, *.xml or event streams)",
        isMissing: true)
    }
    return nothing
      + missing.map {
        TriagedInput(
          path: $0, kind: .junit, status: .unreadable,
          problem: "'\($0)': no such file or directory",
          isMissing: true)
      } + found.map { triage($0, collectOutcomes: collectOutcomes ?? (found.count > 1)) }
  }

  static func junit(_ path: String, collectOutcomes: Bool) -> TriagedInput {
    var input = TriagedInput(path: path, kind: .junit, status: .complete)
    // Reruns (pytest-rerunfailures) repeat a test case right after itself: the last attempt
    // decides, and a pass after repeats counts as flaky. Holding back one record keeps memory flat.
    var held: (record: JUnitCaseRecord, attempts: Int)?
    func settle(_ record: JUnitCaseRecord, attempts: Int) {
      let outcome: TriageOutcome =
        switch record.outcome {
        case .passed: .passed
        case .failed: .failed
        case .error: .error
        case .skipped: .skipped
        }
      input.counts.add(outcome)
      if outcome == .passed && (record.isFlaky || attempts > 1) {
        input.counts.flaky += 1
      }
      let suite = record.className.isEmpty ? record.suite : record.className
      if collectOutcomes {
        input.outcomes["\(suite)/\(record.name)"] = outcome
      }
      guard outcome == .failed || outcome == .error, input.failures.count < failureLimit else {
        return
      }
      var verdict =
        outcome == .error
        ? ForeignFailureClassifier.Verdict(
          failureClass: .unclassified, isExact: false,
          reason: "an error, not an assertion failure (\(record.type ?? "no type")): look at "
            + "the environment before the contract")
        : ForeignFailureClassifier.classify(
          type: record.type, message: record.message, text: record.text)
      if attempts > 1 {
        verdict.reason += " (\(attempts) attempts; the last one failed)"
      }
      input.failures.append(
        TriagedFailure(
          suite: suite, name: record.name, subject: nil, outcome: outcome,
          failureClass: verdict.failureClass, isExact: verdict.isExact, reason: verdict.reason,
          firstStep: firstLine(record.message ?? record.text)))
    }
    do {
      let summary = try JUnitReader.read(path: path) { record in
        if let previous = held, previous.record.className == record.className,
          previous.record.name == record.name, previous.record.suite == record.suite
        {
          held = (record, previous.attempts + 1)
          return
        }
        if let previous = held {
          settle(previous.record, attempts: previous.attempts)
        }
        held = (record, 1)
      }
      if let previous = held {
        settle(previous.record, attempts: previous.attempts)
      }
      if summary.declaredFailures > 0 && input.counts.failed + input.counts.errors == 0 {
        input.counts.unfinished += 1
        input.failures.append(
          TriagedFailure(
            suite: PathText.lastComponent(path), name: "(declared failures)", subject: nil,
            outcome: .unfinished, failureClass: .unclassified, isExact: false,
            reason: "the suites declare \(summary.declaredFailures) failures or errors but list no "
              + "failing test case (a summary file, or cases lost)",
            firstStep: nil))
      }
    } catch {
      input.status = .unreadable
      input.problem = error.description
      input.isMissing = error.kind == .missing
    }
    return input
  }

  static func firstLine(_ text: String?) -> String? {
    guard let text else { return nil }
    let line = text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init)
    return line.map { $0.count > 300 ? String($0.prefix(300)) + "…" : $0 }
  }
}
