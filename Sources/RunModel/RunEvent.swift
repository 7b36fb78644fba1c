import Contracts

/// What the runner reports as it goes; recorders (console, JSON) are pure consumers of these.
package enum RunEvent: Sendable {
  /// The run starts with this plan.
  case runStarted(RunPlan)
  /// A suite starts against a subject.
  case suiteStarted(RunPlan.Entry)
  /// A case starts.
  case caseStarted(suiteID: String, caseID: String, subject: String)
  /// A step finished (passed or not).
  case stepFinished(suiteID: String, caseID: String, subject: String, step: StepRecord)
  /// A step finished in a worker process, reported as its encoded `events.jsonl` record.
  case stepEncoded(suiteID: String, caseID: String, subject: String, step: EncodedStep)
  /// A case finished, classified if it failed.
  case caseFinished(CaseResult)
  /// A suite finished.
  case suiteFinished(SuiteResult)
  /// The run finished.
  case runFinished(RunReport)
}
