import Contracts
import ResultSchema

/// The cases a run must run (`run --require`, `--require-list`), and how each fared: a required
/// case that was skipped, filtered out or never reached fails the run, so coverage that vanishes
/// never reads green.
package struct RequiredCases: Sendable, Equatable {
  /// One required case against one subject, after the run.
  package struct Outcome: Hashable, Sendable {
    /// The case, `suite/case`.
    package var name: String
    /// The subject it had to run against, or `nil` when no selected subject answers its family.
    package var subject: String?
    /// Why it did not run, or `nil` when it ran (passed or failed).
    package var reason: String?

    /// Creates an outcome.
    package init(name: String, subject: String?, reason: String?) {
      self.name = name
      self.subject = subject
      self.reason = reason
    }

    /// Whether the case ran.
    package var ran: Bool { reason == nil }

    /// One line: the case, the subject and why it did not run.
    package var line: String { record.line }

    /// The outcome as the manifest records it.
    package var record: Manifest.RequiredCase {
      Manifest.RequiredCase(case: name, subject: subject, ran: ran, reason: reason)
    }
  }

  /// The patterns, as given, each a `--filter` pattern.
  package var patterns: [String]

  /// Creates the requirement from patterns.
  package init(_ patterns: [String]) {
    self.patterns = patterns
  }

  /// The patterns that name no case of `suites`, each with the closest case names.
  ///
  /// - Parameter suites: The suites the run reads.
  /// - Returns: Each unmatched pattern and up to three names it may have meant.
  package func unmatched(in suites: [ContractSuite]) -> [(pattern: String, closest: [String])] {
    let names = suites.flatMap { suite in suite.cases.map { "\(suite.id)/\($0.id)" } }
    return patterns.compactMap { pattern in
      guard !names.contains(where: CasePattern(pattern).matches) else { return nil }
      let ranked = names.map { (name: $0, distance: Self.distance(pattern, $0)) }
        .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
      return (pattern, ranked.prefix(3).map(\.name))
    }
  }

  /// How each required case fared in `report`, the run of `shardPlan` (the whole plan's shard,
  /// or the whole plan).
  ///
  /// A case the shard leaves to another shard is not judged here: its own shard judges it.
  ///
  /// - Parameters:
  ///   - suites: The suites the run read.
  ///   - subjects: The subjects selected.
  ///   - filter: The run's `--filter`.
  ///   - shardPlan: The cases this run planned.
  ///   - wholePlan: The cases every shard together planned.
  ///   - report: What the run produced.
  /// - Returns: One outcome per required case and subject of its family, in suite order.
  package func outcomes(
    suites: [ContractSuite], subjects: [SubjectEntry], filter: CaseFilter, shardPlan: RunPlan,
    wholePlan: RunPlan, report: RunReport
  ) -> [Outcome] {
    var results: [String: CaseOutcome] = [:]
    for suite in report.suites {
      for result in suite.cases {
        results["\(result.suiteID)/\(result.caseID)@\(result.subject)"] = result.outcome
      }
    }
    let planned = Set(
      shardPlan.entries.flatMap { entry in
        entry.cases.map { "\(entry.suite.id)/\($0.id)@\(entry.subject.name)" }
      })
    let inWhole = Set(
      wholePlan.entries.flatMap { entry in
        entry.cases.map { "\(entry.suite.id)/\($0.id)@\(entry.subject.name)" }
      })
    var outcomes: [Outcome] = []
    for suite in suites {
      for contractCase in suite.cases {
        let name = "\(suite.id)/\(contractCase.id)"
        guard patterns.contains(where: { CasePattern($0).matches(name) }) else { continue }
        let answering = subjects.filter { $0.family == suite.family }
        if answering.isEmpty {
          outcomes.append(
            Outcome(
              name: name, subject: nil,
              reason: "not found: no selected subject answers family '\(suite.family.rawValue)'"))
          continue
        }
        for subject in answering {
          let key = "\(name)@\(subject.name)"
          let reason: String?
          if let outcome = results[key] {
            switch outcome {
            case .passed, .failed: reason = nil
            case .skipped(let why): reason = "skipped: \(why)"
            case .interrupted: reason = "interrupted before its last step"
            }
          } else if !filter.matches(suiteID: suite.id, caseID: contractCase.id) {
            reason =
              "filtered out by --filter "
              + filter.patterns.map { "'\($0)'" }.joined(separator: " ")
          } else if inWhole.contains(key) && !planned.contains(key) {
            continue
          } else {
            reason = "not run: the run ended before it"
          }
          outcomes.append(Outcome(name: name, subject: subject.name, reason: reason))
        }
      }
    }
    return outcomes
  }

  private static func distance(_ pattern: String, _ name: String) -> Int {
    let caseName = name.split(separator: "/").last.map(String.init) ?? name
    return min(
      Spelling.distance(pattern.lowercased(), name.lowercased()),
      Spelling.distance(pattern.lowercased(), caseName.lowercased()))
  }
}
