import Contracts

/// How one case ended.
public enum CaseOutcome: Hashable, Sendable {
  /// Every step met its expectations and the invariants.
  case passed
  /// At least one step did not; see ``CaseResult/classification``.
  case failed
  /// The subject lacks a capability the case requires.
  case skipped(reason: String)
  /// The run was interrupted before the case's last step.
  case interrupted

  /// The outcome's name: `passed`, `failed`, `skipped` or `interrupted`.
  public var name: String {
    switch self {
    case .passed: "passed"
    case .failed: "failed"
    case .skipped: "skipped"
    case .interrupted: "interrupted"
    }
  }
}

/// The class of a failing case and the one-line reason the experiment gave.
public struct Classification: Hashable, Sendable {
  /// The class.
  public var failureClass: FailureClass
  /// What the experiment showed, such as "restored after 10 undos: the action was recorded as 10
  /// groups".
  public var reason: String

  /// Creates a classification.
  public init(_ failureClass: FailureClass, _ reason: String) {
    self.failureClass = failureClass
    self.reason = reason
  }
}

/// The result of running one case against one subject.
public struct CaseResult: Hashable, Sendable {
  /// The suite the case belongs to.
  public var suiteID: String
  /// The case's id.
  public var caseID: String
  /// The case's one-line description.
  public var title: String
  /// The subject it ran against.
  public var subject: String
  /// How it ended.
  public var outcome: CaseOutcome
  /// The first steps, in order, up to ``trailLimit``.
  ///
  /// Empty when skipped, and for a passed case run by ``ContractRunner``. Every step is in the run's
  /// `events.jsonl`; a result keeps a bounded trail so a run's memory stays flat.
  public var steps: [StepRecord]
  /// How many steps ran.
  public var stepCount: Int
  /// The first step that did not pass, wherever it is.
  public var firstFailure: StepRecord?
  /// The class of a failure, decided by experiment; `nil` unless failed.
  public var classification: Classification?
  /// Wall-clock time of the case and its experiments, in seconds.
  public var durationSeconds: Double

  /// The most steps a result keeps in ``steps``.
  public static let trailLimit = 1000

  /// Creates a case result.
  ///
  /// - Parameters:
  ///   - suiteID: The suite the case belongs to.
  ///   - caseID: The case's id.
  ///   - title: The case's one-line description.
  ///   - subject: The subject it ran against.
  ///   - outcome: How it ended.
  ///   - steps: The steps, or the first ``trailLimit`` of them.
  ///   - stepCount: How many steps ran; by default `steps.count`.
  ///   - firstFailure: The first step that did not pass; by default found in `steps`.
  ///   - classification: The class of a failure; `nil` unless failed.
  ///   - durationSeconds: Wall-clock time of the case and its experiments.
  public init(
    suiteID: String, caseID: String, title: String, subject: String, outcome: CaseOutcome,
    steps: [StepRecord], stepCount: Int? = nil, firstFailure: StepRecord? = nil,
    classification: Classification?, durationSeconds: Double
  ) {
    self.suiteID = suiteID
    self.caseID = caseID
    self.title = title
    self.subject = subject
    self.outcome = outcome
    self.steps = steps
    self.stepCount = stepCount ?? steps.count
    self.firstFailure = firstFailure ?? steps.first { !$0.passed }
    self.classification = classification
    self.durationSeconds = durationSeconds
  }
}
