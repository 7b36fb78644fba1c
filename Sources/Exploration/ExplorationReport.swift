import Contracts
import RunModel
import Runner

/// Everything one exploration produced, subject by subject.
package struct ExplorationReport: Sendable {
  /// The options it ran with.
  package var options: ExplorationOptions
  /// One entry per subject, in the order given.
  package var subjects: [SubjectExploration]
  /// Whether a stop request ended it early.
  package var wasInterrupted: Bool

  /// The findings, in subject order.
  package var findings: [Finding] { subjects.compactMap(\.finding) }
}

/// What exploring one subject did and found.
package struct SubjectExploration: Sendable {
  /// The subject's name.
  package var subject: String
  /// Its family.
  package var family: ContractFamily
  /// The sequences generated and run.
  package var sequences: Int
  /// The steps performed in them (replays for shrinking not counted).
  package var steps: Int
  /// Wall-clock time spent generating and running, in seconds (shrinking not counted).
  package var durationSeconds: Double
  /// How often each action and situation occurred.
  package var coverage: Coverage
  /// The first failure found, shrunk and classified; `nil` when nothing was found.
  package var finding: Finding?
}

/// A failure exploration found: the shrunk case, its class from the runner's experiments, and how
/// it was found.
package struct Finding: Sendable {
  /// The subject it was found on.
  package var subject: String
  /// The sequence of the seed space that found it (from 0).
  package var sequence: Int
  /// The seed of the exploration.
  package var seed: UInt64
  /// The generated sequence's length, up to its failing step.
  package var generatedSteps: Int
  /// The shrunk case's length.
  package var shrunkSteps: Int
  /// Replays the shrink spent.
  package var replays: Int
  /// Seconds from the start of the subject's exploration to the failure (before shrinking).
  package var secondsToFind: Double
  /// What the oracle saw at the failing step, before shrinking.
  package var firstSeen: String
  /// The case block as a suite file writes it, ready to paste into a suite of its family.
  package var caseText: String
  /// A whole suite file holding the case, with a comment saying how it was found.
  package var suiteText: String
  /// The case, read back from ``suiteText``.
  package var contractCase: ContractCase
  /// The result of running the case through the runner: every step checked, the failure
  /// classified by the same experiments as any failure.
  package var result: CaseResult

  /// The class the runner's experiments gave, or `unclassified`.
  package var failureClass: FailureClass {
    result.classification?.failureClass ?? .unclassified
  }

  /// A name for the suite file: the subject (as a file name) and the case's hash.
  package var fileName: String {
    let safe = subject.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" }
    return "\(String(safe))-\(contractCase.id.dropFirst("found-".count)).suite"
  }
}
