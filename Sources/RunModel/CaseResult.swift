import Contracts

/// How one case ended.
package enum CaseOutcome: Hashable, Sendable {
  /// Every step met its expectations and the invariants.
  case passed
  /// At least one step did not; see ``CaseResult/classification``.
  case failed
  /// The subject lacks a capability the case requires.
  case skipped(reason: String)
  /// The run was interrupted before the case's last step.
  case interrupted

  /// The outcome's name: `passed`, `failed`, `skipped` or `interrupted`.
  package var name: String {
    switch self {
    case .passed: "passed"
    case .failed: "failed"
    case .skipped: "skipped"
    case .interrupted: "interrupted"
    }
  }
}

/// The class of a failing case and the one-line reason the experiment gave, with the other
/// explanations that survived every experiment, ranked after it.
///
/// A verdict is confident when no alternative survived. When two or more explanations fit what the
/// experiments observed, ``failureClass`` is the first-ranked one (the one counted) and
/// ``alternatives`` hold the others, each with its own evidence: the runner says "ui-binding or
/// unknown-outcome", never one confident class.
package struct Classification: Hashable, Sendable {
  /// The class, or the first-ranked class when others survived.
  package var failureClass: FailureClass
  /// What the experiment showed, in English, as every machine format records it: such as
  /// "restored after 10 undos: the action was recorded as 10 groups".
  package var reason: String
  /// The same reason as data (templates and the values they quote), which ``reason(in:)``
  /// phrases in a person's language.
  package var explanation: Reason
  /// The other explanations that survived every experiment, in rank order, each with the
  /// observation that supports it; empty for a confident verdict.
  package var alternatives: [Classification]

  /// Creates a classification whose reason is English text in every language (a reason no
  /// template phrases).
  ///
  /// - Parameters:
  ///   - failureClass: The class, or the first-ranked class.
  ///   - reason: What the experiment showed.
  ///   - alternatives: The other surviving explanations, ranked; empty for a confident verdict.
  package init(
    _ failureClass: FailureClass, _ reason: String, alternatives: [Classification] = []
  ) {
    self.init(failureClass, reason: reason, explanation: Reason(reason), alternatives: alternatives)
  }

  /// Creates a classification whose reason is phrased from templates.
  ///
  /// - Parameters:
  ///   - failureClass: The class, or the first-ranked class.
  ///   - reason: What the experiment showed; its English text becomes ``reason``.
  ///   - alternatives: The other surviving explanations, ranked; empty for a confident verdict.
  package init(
    _ failureClass: FailureClass, _ reason: Reason, alternatives: [Classification] = []
  ) {
    self.init(failureClass, reason: reason.english, explanation: reason, alternatives: alternatives)
  }

  /// Creates a classification with its English reason and the reason as data given apart (a
  /// de-identified reason, whose English text is scrubbed as one string).
  ///
  /// - Parameters:
  ///   - failureClass: The class, or the first-ranked class.
  ///   - reason: The reason in English, as machine formats record it.
  ///   - explanation: The same reason as data.
  ///   - alternatives: The other surviving explanations, ranked; empty for a confident verdict.
  package init(
    _ failureClass: FailureClass, reason: String, explanation: Reason,
    alternatives: [Classification] = []
  ) {
    self.failureClass = failureClass
    self.reason = reason
    self.explanation = explanation
    self.alternatives = alternatives
  }

  /// The reason in `language`: ``reason`` itself in English, otherwise ``explanation`` phrased in
  /// that language (parts no template phrases stay English).
  ///
  /// - Parameter language: The language a person reads.
  /// - Returns: The reason.
  package func reason(in language: Language) -> String {
    language == .english ? reason : explanation.text(in: language)
  }

  /// Whether two classifications name the same classes with the same English reasons; the
  /// reasons as data are the same text, and are not compared.
  package static func == (lhs: Classification, rhs: Classification) -> Bool {
    lhs.failureClass == rhs.failureClass && lhs.reason == rhs.reason
      && lhs.alternatives == rhs.alternatives
  }

  /// Hashes what ``==`` compares.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(failureClass)
    hasher.combine(reason)
    hasher.combine(alternatives)
  }

  /// The classification without its alternatives: the first-ranked explanation alone.
  package var first: Classification {
    Classification(failureClass, reason: reason, explanation: explanation)
  }

  /// Whether no other explanation survived and the class is not `unclassified`.
  package var isConfident: Bool {
    alternatives.isEmpty && failureClass != .unclassified
  }

  /// The classes in rank order: ``failureClass`` then each alternative's.
  package var rankedClasses: [FailureClass] {
    [failureClass] + alternatives.map(\.failureClass)
  }

  /// The ranked classes joined by "or", such as `unknown-outcome or ui-binding`.
  package var rankedNames: String {
    rankedClasses.map(\.rawValue).joined(separator: " or ")
  }

  /// The ranked explanations as one line, in English: the reason alone when confident, otherwise
  /// each class with its evidence, numbered.
  package var rankedReason: String { rankedReason(in: .english) }

  /// ``rankedReason`` in `language`, phrased from the templates; in English each explanation
  /// quotes its English ``reason`` as machine formats record it.
  ///
  /// - Parameter language: The language a person reads.
  /// - Returns: The line.
  package func rankedReason(in language: Language) -> String {
    guard !alternatives.isEmpty else { return reason(in: language) }
    let ranked = [first] + alternatives
    let explanations = ranked.enumerated().map { rank, explanation in
      Reason(
        .rankedExplanation,
        [
          "rank": "\(rank + 1)", "class": Reason(explanation.failureClass.rawValue),
          "reason": language == .english ? Reason(explanation.reason) : explanation.explanation,
        ])
    }
    return Reason(
      .rankedExplanations,
      ["count": "\(ranked.count)", "explanations": .joined(explanations, separator: "; ")]
    ).text(in: language)
  }

  /// The verdict for explanations that all survived, ranked: the first with the rest as its
  /// alternatives.
  ///
  /// - Parameter ranked: The surviving explanations, most likely first; must not be empty.
  /// - Returns: The first explanation carrying the others (and their alternatives) after it,
  ///   without repeating a class.
  package static func ranked(_ ranked: [Classification]) -> Classification {
    precondition(!ranked.isEmpty, "Classification.ranked needs at least one explanation")
    var first = ranked[0]
    var seen: Set<FailureClass> = Set(first.rankedClasses)
    for other in ranked.dropFirst() {
      for candidate in [other.first] + other.alternatives
      where seen.insert(candidate.failureClass).inserted {
        first.alternatives.append(candidate)
      }
    }
    return first
  }
}

/// The result of running one case against one subject.
package struct CaseResult: Hashable, Sendable {
  /// The suite the case belongs to.
  package var suiteID: String
  /// The case's id.
  package var caseID: String
  /// The case's one-line description.
  package var title: String
  /// The subject it ran against.
  package var subject: String
  /// How it ended.
  package var outcome: CaseOutcome
  /// The first steps, in order, up to ``trailLimit``.
  ///
  /// Empty when skipped, and for a passed case run by ``ContractRunner``. Every step is in the run's
  /// `events.jsonl`; a result keeps a bounded trail so a run's memory stays flat.
  package var steps: [StepRecord]
  /// How many steps ran.
  package var stepCount: Int
  /// The first step that did not pass, wherever it is.
  package var firstFailure: StepRecord?
  /// The class of a failure, decided by experiment; `nil` unless failed.
  package var classification: Classification?
  /// Wall-clock time of the case and its experiments, in seconds.
  package var durationSeconds: Double

  /// The most steps a result keeps in ``steps``.
  package static let trailLimit = 1000

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
  package init(
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
