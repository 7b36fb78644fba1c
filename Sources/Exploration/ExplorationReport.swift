import Contracts
import RunModel
import Runner

/// Everything one exploration produced, subject by subject.
public struct ExplorationReport: Sendable {
  /// The options it ran with.
  public var options: ExplorationOptions
  /// One entry per subject, in the order given.
  public var subjects: [SubjectExploration]
  /// Whether a stop request ended it early.
  public var wasInterrupted: Bool

  /// The findings, in subject order.
  public var findings: [Finding] { subjects.compactMap(\.finding) }
}

/// What exploring one subject did and found.
public struct SubjectExploration: Sendable {
  /// The subject's name.
  public var subject: String
  /// Its family.
  public var family: ContractFamily
  /// The sequences generated and run.
  public var sequences: Int
  /// The steps performed in them (replays for shrinking not counted).
  public var steps: Int
  /// Wall-clock time spent generating and running, in seconds (shrinking not counted).
  public var durationSeconds: Double
  /// How often each action and situation occurred.
  public var coverage: Coverage
  /// The first failure found, shrunk and classified; `nil` when nothing was found.
  public var finding: Finding?
}

/// A failure exploration found: the shrunk case, its class from the runner's experiments, and how
/// it was found.
public struct Finding: Sendable {
  /// The subject it was found on.
  public var subject: String
  /// The sequence of the seed space that found it (from 0).
  public var sequence: Int
  /// The seed of the exploration.
  public var seed: UInt64
  /// The generated sequence's length, up to its failing step.
  public var generatedSteps: Int
  /// The shrunk case's length.
  public var shrunkSteps: Int
  /// Replays the shrink spent.
  public var replays: Int
  /// Seconds from the start of the subject's exploration to the failure (before shrinking).
  public var secondsToFind: Double
  /// What the oracle saw at the failing step, before shrinking.
  public var firstSeen: String
  /// The case block as a suite file writes it, ready to paste into a suite of its family.
  public var caseText: String
  /// A whole suite file holding the case, with a comment saying how it was found.
  public var suiteText: String
  /// The case, read back from ``suiteText``.
  public var contractCase: ContractCase
  /// The result of running the case through the runner: every step checked, the failure
  /// classified by the same experiments as any failure.
  public var result: CaseResult

  /// The class the runner's experiments gave, or `unclassified`.
  public var failureClass: FailureClass {
    result.classification?.failureClass ?? .unclassified
  }

  /// A name for the suite file: the subject (as a file name) and the case's hash.
  public var fileName: String {
    let safe = subject.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" }
    return "\(String(safe))-\(contractCase.id.dropFirst("found-".count)).suite"
  }
}
