import ResultSchema

extension StepRecord {
  /// The step's failure as ``FailureWriter`` phrases it, from the same record `events.jsonl`
  /// holds, so the run's own outputs and the readers of its archive say the same.
  ///
  /// - Parameters:
  ///   - source: The suite's source (a path, or `builtin:FILE`), or `nil` when not known.
  ///   - failureClass: The case's class, or `nil` when it was not classified.
  /// - Returns: The message.
  package func failureMessage(source: String?, failureClass: String?) -> FailureMessage {
    FailureWriter.message(
      EventRecord.Step(self, seq: 0, suite: "", case: "", subject: ""), source: source,
      failureClass: failureClass)
  }
}

extension CaseResult {
  /// The case's first failure as ``FailureWriter`` phrases it, ending with its first-ranked
  /// class; `nil` when no step failed.
  ///
  /// - Parameter source: The suite's source (a path, or `builtin:FILE`), or `nil` when not known.
  /// - Returns: The message, or `nil`.
  package func failureMessage(source: String?) -> FailureMessage? {
    firstFailure?.failureMessage(
      source: source, failureClass: classification?.failureClass.rawValue)
  }
}
