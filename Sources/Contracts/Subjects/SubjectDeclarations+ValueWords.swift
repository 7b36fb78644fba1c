/// A subject's value words that cannot carry the built-in cases: the mapping an optimistic
/// subject declares (``OptimisticUpdateSubject/valueWords``) names a word no case uses, a word
/// the subject does not declare, two case words onto one of its words, or breaks what a tap asks
/// for.
public struct ValueWordsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The subject's name.
  public var subject: String
  /// The word at fault, as the mapping writes it.
  public var word: String
  /// What is wrong with it, one clause.
  public var problem: String

  /// Creates an error.
  public init(subject: String, word: String, problem: String) {
    self.subject = subject
    self.word = word
    self.problem = problem
  }

  /// The diagnostic, one line naming the subject and the word.
  public var description: String {
    "subject '\(subject)' declares valueWords that cannot run its cases: '\(word)' \(problem)"
  }
}

extension SubjectDeclarations {
  /// The mapping as one line, such as `cases run in the subject's words: on→up`; `nil` when the
  /// subject declares none (its cases run in their own words).
  public var valueWordsNote: String? {
    guard !valueWords.isEmpty else { return nil }
    return "cases run in the subject's words: "
      + valueWords.sorted { $0.key < $1.key }.map { "\($0.key)→\($0.value)" }
      .joined(separator: ", ")
  }

  /// The subject's word for the case word `value`: the mapped one, or `value` itself.
  public func subjectWord(for value: OptimisticValue) -> OptimisticValue {
    valueWords[value.name].map { OptimisticValue($0) } ?? value
  }

  /// `contractCase` under the subject's product rules and in the subject's words.
  ///
  /// Every step's expectations are those it states under the subject's answers
  /// (``ContractCase/resolved(under:)``: an `under display-pessimistic` line judges a subject
  /// with the pessimistic display in place of the step's own); then every record value its steps
  /// name — loaded, answered, filtered by, chosen, expected of a record — is replaced by the
  /// subject's word for it. The case is returned as it is when it has no variants and the subject
  /// declares no mapping. This is the one place a case is adapted: the plan's skips, the runner
  /// and its experiments all run what it returns.
  ///
  /// - Parameter contractCase: A case of the subject's family.
  /// - Returns: The adapted case, and ``valueWordsNote`` when its words were mapped.
  public func adapt(_ contractCase: ContractCase) -> (contractCase: ContractCase, note: String?) {
    let resolved = contractCase.resolved(under: capabilities)
    guard !valueWords.isEmpty else { return (resolved, nil) }
    var adapted = resolved
    adapted.steps = resolved.steps.map(adapt)
    return (adapted, valueWordsNote)
  }

  private func adapt(_ step: ContractStep) -> ContractStep {
    guard case .optimistic(let action) = step.action else { return step }
    var step = step
    step.action = .optimistic(adapt(action))
    step.expectations = step.expectations.map { expectation in
      guard StateKeys.holdsRecordValue(expectation.key),
        case .literal(let literal) = expectation.operand, let value = literal.optimisticValue
      else { return expectation }
      var mapped = expectation
      mapped.operand = .literal(StateValue(subjectWord(for: value)))
      return mapped
    }
    return step
  }

  private func adapt(_ action: OptimisticAction) -> OptimisticAction {
    let word = subjectWord(for:)
    let records = { (records: [RecordValue]) in
      records.map { RecordValue(id: $0.id, value: word($0.value), entity: $0.entity) }
    }
    let outcome = { (outcome: ServerOutcome) -> ServerOutcome in
      if case .saved(let value) = outcome { return .saved(word(value)) }
      return outcome
    }
    switch action {
    case .records(let values): return .records(records(values))
    case .session(let values): return .session(records(values))
    case .respond(let request, let answer):
      return .respond(request: request, outcome: outcome(answer))
    case .respondToSync(let request, .value(let value)):
      return .respondToSync(request: request, outcome: .value(word(value)))
    case .syncRoundTrip(let record, let value):
      return .syncRoundTrip(record: record, value: word(value))
    case .filter(let value?): return .filter(word(value))
    case .choose(let record, let value, let request):
      return .choose(record: record, value: word(value), request: request)
    case .respondToRefresh(let request, .list(let values)):
      return .respondToRefresh(request: request, outcome: .list(records(values)))
    case .respondToBatch(let request, .saved(let values)):
      return .respondToBatch(request: request, outcome: .saved(records(values)))
    case .respondToBatch(let request, .each(let outcomes)):
      return .respondToBatch(
        request: request,
        outcome: .each(outcomes.map { BatchRecordOutcome(id: $0.id, outcome: outcome($0.outcome)) })
      )
    case .tap, .cancel, .sort, .sync, .respondToSync, .read, .filter, .refresh, .respondToRefresh,
      .batch, .respondToBatch, .wait, .confirm, .decline:
      return action
    }
  }

  /// What keeps the subject's mapping from carrying cases that name `caseWords`, or `nil`.
  ///
  /// A mapping is refused when it maps a word no case names (a misspelling), maps onto a word the
  /// subject does not declare, maps two case words onto one subject word (counting the words it
  /// leaves as they are), or maps `off` and `on` so that a tap no longer asks for the case's next
  /// value (the subject's first choice must stand for `off`, the value a tap asks for on it for
  /// `on`): each would fail a correct subject or test nothing.
  ///
  /// - Parameters:
  ///   - caseWords: The record values the cases to run name (`on` and `off` always count).
  ///   - subject: The subject's name, for the error.
  /// - Returns: The first problem, in the mapping's word order.
  public func valueWordsProblem(caseWords: Set<OptimisticValue>, subject: String)
    -> ValueWordsError?
  {
    guard !valueWords.isEmpty else { return nil }
    let known = caseWords.union([.on, .off])
    let declared = Set(values ?? [])
    for (caseWord, subjectWord) in valueWords.sorted(by: { $0.key < $1.key }) {
      guard known.contains(OptimisticValue(caseWord)), OptimisticValue(caseWord).name == caseWord
      else {
        return ValueWordsError(
          subject: subject, word: caseWord,
          problem: "is no case's value word (the cases name "
            + known.map(\.name).sorted().joined(separator: ", ") + ")")
      }
      guard declared.contains(OptimisticValue(subjectWord)) else {
        return ValueWordsError(
          subject: subject, word: subjectWord,
          problem: "is not one of the subject's values ("
            + (values ?? []).map(\.name).joined(separator: ", ") + ")")
      }
    }
    var images: [OptimisticValue: OptimisticValue] = [:]
    for caseWord in known.sorted(by: { $0.name < $1.name }) {
      let image = self.subjectWord(for: caseWord)
      if let other = images[image] {
        return ValueWordsError(
          subject: subject, word: image.name,
          problem: "stands for two case words, '\(other)' and '\(caseWord)'")
      }
      images[image] = caseWord
    }
    let choices = values ?? []
    if let resting = choices.first, valueWords["on"] != nil || valueWords["off"] != nil {
      let next = OptimisticValue.valueAfterTap(showing: resting, choices: choices)
      if self.subjectWord(for: .off) != resting {
        return ValueWordsError(
          subject: subject, word: self.subjectWord(for: .off).name,
          problem: "stands for 'off', but the subject's resting value is '\(resting)'")
      }
      if self.subjectWord(for: .on) != next {
        return ValueWordsError(
          subject: subject, word: self.subjectWord(for: .on).name,
          problem: "stands for 'on', but a tap on '\(resting)' asks for '\(next)'")
      }
    }
    return nil
  }
}
