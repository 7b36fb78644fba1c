/// What a fresh subject declares, read once: its capabilities (the answers of its product rules
/// included), the values it declares and whether it lists `write-timeouts` without a timeout.
///
/// This is the one place that decides whether a case runs on a subject, for both families, so a
/// plan, `stategate list --subject`, a worker process and the testing helpers skip the same cases
/// for the same reasons.
public struct SubjectDeclarations: Hashable, Sendable, Codable {
  /// The capabilities, each product rule's answer included.
  public var capabilities: Set<SubjectCapability>
  /// The record values an optimistic subject declares (its choices, then its server values);
  /// `nil` for an undo-history subject, which declares none.
  public var values: [OptimisticValue]?
  /// Whether the subject's own list names `write-timeouts` while it declares no `writeTimeout`
  /// (the capability then does not count, and a skip says why).
  public var listsTimeoutsWithoutTimeout: Bool
  /// The subject's words for the cases' value words, case word to subject word
  /// (``OptimisticUpdateSubject/valueWords``); empty when the cases run in their own words.
  public var valueWords: [String: String]
  /// Whether an undo-history subject hands over no history (`true`; `nil` otherwise).
  ///
  /// See ``UndoHistorySubject/handsOverHistory``: every case of such a subject is skipped, and
  /// `run` refuses it.
  public var handsOverNoHistory: Bool?

  /// Creates declarations.
  public init(
    capabilities: Set<SubjectCapability>, values: [OptimisticValue]? = nil,
    listsTimeoutsWithoutTimeout: Bool = false, valueWords: [String: String] = [:],
    handsOverNoHistory: Bool? = nil
  ) {
    self.capabilities = capabilities
    self.values = values
    self.listsTimeoutsWithoutTimeout = listsTimeoutsWithoutTimeout
    self.valueWords = valueWords
    self.handsOverNoHistory = handsOverNoHistory
  }

  /// Why an undo-history subject that hands over no history cannot run, one line.
  public static func noHistoryReason(subject: String) -> String {
    "subject '\(subject)' hands over no history: implement undoManager (an UndoManager) or "
      + "undoHistory (any UndoHistoryStack)"
  }

  /// Why `contractCase` does not run on the subject `subject`, or `nil` when it runs.
  ///
  /// A case is skipped when it requires a capability the subject lacks, requires another answer
  /// of a product rule than the subject's, or names a record value the subject does not declare
  /// even in the subject's words (``adapt(_:)``); and when the subject's ``valueWords`` cannot
  /// carry cases at all (a plan refuses such a subject before it runs, ``valueWordsProblem(caseWords:subject:)``).
  ///
  /// - Parameters:
  ///   - contractCase: A case of the subject's family.
  ///   - subject: The subject's name, for the reason.
  /// - Returns: The reason, one line, or `nil`.
  public func skipReason(for contractCase: ContractCase, subject: String) -> String? {
    if handsOverNoHistory == true { return Self.noHistoryReason(subject: subject) }
    let missing = contractCase.requirements.filter { !capabilities.contains($0) }
    // A rule's other answer is the reason even when a capability is missing too: "lacks it"
    // would say the subject lacks an answer it chose not to give.
    if let answer = missing.first(where: { ProductRule.answered(by: $0) != nil }),
      let rule = ProductRule.answered(by: answer)
    {
      let declared = rule.answer(among: capabilities).map {
        "declares '\(rule.answerName(of: $0))'"
      }
      return "is for the \(rule.name) rule \(rule.answerLabel(of: answer, quoted: true)); "
        + "subject '\(subject)' " + (declared ?? "declares no \(rule.name) rule")
    }
    if !missing.isEmpty {
      if missing == [.writeTimeouts], listsTimeoutsWithoutTimeout {
        return "requires write-timeouts; subject '\(subject)' lists it but declares no "
          + "writeTimeout"
      }
      let names = missing.map(\.rawValue).joined(separator: ", ")
      return "requires \(names); subject '\(subject)' lacks it"
    }
    if let values {
      let mapped = Set(valueWords.keys.map { OptimisticValue($0) })
      if let problem = valueWordsProblem(caseWords: mapped, subject: subject) {
        return "cannot run in the subject's words: \(problem)"
      }
      let declared = Set(values)
      for step in adapt(contractCase).contractCase.steps {
        if let value = step.namedValues.first(where: { !declared.contains($0) }) {
          return "names the value '\(value)'; subject '\(subject)' does not declare it"
        }
      }
    }
    return nil
  }

  /// The answer the subject gives to each product rule of `family` that it answers, in
  /// registry order.
  public func ruleAnswers(in family: ContractFamily) -> [(
    rule: ProductRule, answer: SubjectCapability
  )] {
    ProductRule.all(in: family).compactMap { rule in
      rule.answer(among: capabilities).map { (rule, $0) }
    }
  }
}

extension ContractSubject {
  /// What the subject declares, read once.
  public var declarations: SubjectDeclarations {
    switch self {
    case .undoHistory(let subject):
      return SubjectDeclarations(
        capabilities: capabilities, handsOverNoHistory: subject.handsOverHistory ? nil : true)
    case .optimistic(let subject):
      return SubjectDeclarations(
        capabilities: capabilities, values: subject.declaredValues,
        listsTimeoutsWithoutTimeout: subject.capabilities.contains(.writeTimeouts)
          && subject.writeTimeout == nil, valueWords: subject.valueWords)
    }
  }
}
