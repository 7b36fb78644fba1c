/// What a step expects under one answer of a product rule, written on the line after the step as
/// `under ANSWER => key=value …`: a subject whose answer to that rule is `answer` is judged by
/// these expectations in place of the step's own for the same keys (keys the step does not state
/// are added); any other subject never reads them.
///
/// A case whose expectations differ under the pessimistic display only in what the row shows
/// while a write is pending states that once, on the steps where it differs, and runs on both
/// displays: `tap a as r1 => a.displayed=on a.pending=r1` then
/// `under display-pessimistic => a.displayed=off`.
public struct ExpectationVariant: Hashable, Sendable {
  /// The answer of a product rule the expectations hold under (`display-pessimistic`).
  public var answer: SubjectCapability
  /// The expectations, each replacing the step's own for its key.
  public var expectations: [Expectation]
  /// The `under` line in the suite file.
  public var line: Int

  /// Creates a variant.
  public init(answer: SubjectCapability, expectations: [Expectation], line: Int = 0) {
    self.answer = answer
    self.expectations = expectations
    self.line = line
  }

  /// The variant as a suite writes it: `under display-pessimistic => a.displayed=off`.
  public var text: String {
    let stated = expectations.map {
      "\($0.key)\($0.relation.rawValue)\($0.operand.spelled(for: $0.key))"
    }
    return "under \(answer.rawValue) => \(stated.joined(separator: " "))"
  }

  /// Whether a subject declaring `capabilities` gives ``answer`` to its product rule (a rule's
  /// default answer counts for a subject that declares none of its answers).
  ///
  /// - Parameter capabilities: The subject's capabilities.
  /// - Returns: Whether the variant's expectations judge that subject.
  public func applies(to capabilities: Set<SubjectCapability>) -> Bool {
    guard let rule = ProductRule.answered(by: answer) else { return false }
    return rule.answer(among: capabilities) == answer
  }
}
