import Contracts
import ResultSchema

/// Per subject whose cases failed, which rule of its family's contract held, broke, was not
/// judged or was skipped, from the rules each case judges (``BuiltInCaseRules``), so a run names
/// every rule its failures touch instead of one first failure.
///
/// A case judges its rules through every step it ran, past its first bad one. A passed case holds
/// its rules. A failed case breaks the rule a mismatch's key belongs to (the saving indicator is
/// UI binding, whether a tap sent or is accepted is the in-flight rule, whatever the case) and
/// its own rules for every other mismatch; a rule of its own that no mismatch touched held in
/// it — unless the case kept fewer steps than it ran, when all its rules count as broken. A
/// rule broken by any case is `broke`, whatever other cases held.
package enum ConformanceProfile {
  /// The verdict one rule gets on one subject.
  package enum Verdict: String, Sendable {
    case held
    case broke
    case notJudged = "not-judged"
    case skipped
  }

  /// The profile of every subject of `report` that failed a case, in plan order, with the
  /// policies its failures fit (``RunReport/policyFits``).
  ///
  /// - Parameter report: The run's results.
  /// - Returns: One profile per subject with a failed case.
  package static func profiles(of report: RunReport) -> [Manifest.Conformance] {
    var order: [String] = []
    var bySubject: [String: [SuiteResult]] = [:]
    for suite in report.suites {
      if bySubject[suite.subject] == nil { order.append(suite.subject) }
      bySubject[suite.subject, default: []].append(suite)
    }
    return order.compactMap { subject in
      let suites = bySubject[subject] ?? []
      guard suites.contains(where: { $0.counts.failed > 0 }) else { return nil }
      return profile(of: subject, suites: suites, fits: report.policyFits[subject] ?? [])
    }
  }

  /// One subject's profile.
  ///
  /// - Parameters:
  ///   - subject: The subject's name.
  ///   - suites: Its suites' results.
  ///   - fits: The policies its failures fit, one line each, as a probe found them.
  /// - Returns: The profile, whether or not a case failed.
  package static func profile(of subject: String, suites: [SuiteResult], fits: [String])
    -> Manifest.Conformance
  {
    var held: [ContractRule: [String]] = [:]
    var broke: [ContractRule: [String]] = [:]
    var skipped: [ContractRule: [String]] = [:]
    var families: Set<ContractFamily> = []
    for suite in suites {
      families.insert(suite.family)
      for result in suite.cases {
        let name = "\(result.suiteID)/\(result.caseID)"
        let own = BuiltInCaseRules.rules(suiteID: result.suiteID, caseID: result.caseID)
        switch result.outcome {
        case .passed:
          for rule in own { held[rule, default: []].append(name) }
        case .skipped:
          for rule in own { skipped[rule, default: []].append(name) }
        case .interrupted:
          continue
        case .failed:
          let label = "\(name) (\(result.classification?.rankedNames ?? "unclassified"))"
          let broken = brokenRules(of: result, own: own, family: suite.family)
          for rule in broken { broke[rule, default: []].append(label) }
          for rule in own where !broken.contains(rule) { held[rule, default: []].append(name) }
        }
      }
    }
    let rules = ContractRule.allCases.filter { rule in
      families.contains { ContractRule.all(in: $0).contains(rule) }
    }
    let verdicts = rules.map { rule -> Manifest.Conformance.Rule in
      if let cases = broke[rule] {
        return .init(rule: rule.rawValue, verdict: "broke", cases: cases)
      }
      if let cases = held[rule] { return .init(rule: rule.rawValue, verdict: "held", cases: cases) }
      if let cases = skipped[rule] {
        return .init(rule: rule.rawValue, verdict: "skipped", cases: cases)
      }
      return .init(rule: rule.rawValue, verdict: "not-judged", cases: [])
    }
    return Manifest.Conformance(subject: subject, rules: verdicts, fits: fits.isEmpty ? nil : fits)
  }

  /// The rules a failed case broke: the rule of each mismatch's key, else the case's own.
  package static func brokenRules(
    of result: CaseResult, own: [ContractRule], family: ContractFamily
  )
    -> Set<ContractRule>
  {
    let steps = result.steps.isEmpty ? result.firstFailure.map { [$0] } ?? [] : result.steps
    guard steps.count >= result.stepCount else { return Set(own) }
    var broken: Set<ContractRule> = []
    for mismatch in steps.flatMap(\.mismatches) {
      if let rule = BuiltInCaseRules.rule(judgedByKey: mismatch.key, in: family) {
        broken.insert(rule)
      } else {
        broken.formUnion(own)
      }
    }
    return broken
  }
}

extension Manifest.Conformance.Rule {
  /// The verdict as people read it: `held`, `broke`, `not judged`, `skipped`.
  package var verdictText: String { verdict.replacingOccurrences(of: "-", with: " ") }

  /// The cases behind the verdict, at most `limit` of them, then how many more.
  ///
  /// - Parameter limit: The most cases to name.
  /// - Returns: Such as `optimistic-updates/old-ticket, … (3 more)`; empty when none.
  package func casesText(limit: Int = 3) -> String {
    let shown = cases.prefix(limit).joined(separator: ", ")
    return cases.count > limit ? "\(shown), … (\(cases.count - limit) more)" : shown
  }
}

extension ConformanceProfile {
  /// One finished case of a run whose profile is rebuilt from its records (`stategate merge`).
  package struct RecordedOutcome: Sendable {
    /// The case's suite, name and subject.
    package var suite: String
    package var caseID: String
    package var subject: String
    /// As the case's record says it: `passed`, `failed`, `skipped` or `interrupted`.
    package var outcome: String

    /// Creates an outcome.
    package init(suite: String, caseID: String, subject: String, outcome: String) {
      self.suite = suite
      self.caseID = caseID
      self.subject = subject
      self.outcome = outcome
    }
  }

  /// The profiles of several runs of one plan (shards) as one run's: per subject with a failed
  /// case in any run, a rule is `broke` when any run's profile broke it, else `held` when a
  /// profile held it or a passed case of any run judges it, else `skipped` when a skipped case
  /// judges it, else `not judged`.
  ///
  /// Runs without a failure for a subject wrote no profile of it; their passed and skipped cases
  /// are read from `outcomes`. A fit is kept only when every run that profiled the subject named
  /// it, since each run's fit was decided on its own failures alone.
  ///
  /// - Parameters:
  ///   - profiles: Each run's profiles, as its manifest holds them.
  ///   - outcomes: Every case of every run.
  /// - Returns: The merged profiles, in the order subjects were first profiled; empty when no
  ///   run profiled any subject.
  package static func merged(_ profiles: [[Manifest.Conformance]], outcomes: [RecordedOutcome])
    -> [Manifest.Conformance]
  {
    var order: [String] = []
    var bySubject: [String: [Manifest.Conformance]] = [:]
    for profile in profiles.joined() {
      if bySubject[profile.subject] == nil { order.append(profile.subject) }
      bySubject[profile.subject, default: []].append(profile)
    }
    return order.map { subject in
      let shards = bySubject[subject] ?? []
      var cases: [String: [Verdict: [String]]] = [:]
      for rule in shards.flatMap(\.rules) {
        guard let verdict = Verdict(rawValue: rule.verdict), verdict != .notJudged else { continue }
        cases[rule.rule, default: [:]][verdict, default: []] += rule.cases
      }
      for outcome in outcomes where outcome.subject == subject {
        let verdict: Verdict
        switch outcome.outcome {
        case "passed": verdict = .held
        case "skipped": verdict = .skipped
        default: continue
        }
        let name = "\(outcome.suite)/\(outcome.caseID)"
        for rule in BuiltInCaseRules.rules(suiteID: outcome.suite, caseID: outcome.caseID) {
          var named = cases[rule.rawValue, default: [:]][verdict, default: []]
          if !named.contains(name) { named.append(name) }
          cases[rule.rawValue, default: [:]][verdict] = named
        }
      }
      // The contract's order; a rule this build does not know goes last, as written.
      let known = ContractRule.allCases.map(\.rawValue)
      var rules: [String] = []
      for rule in shards.flatMap({ $0.rules.map(\.rule) }) where !rules.contains(rule) {
        rules.append(rule)
      }
      rules.sort {
        (known.firstIndex(of: $0) ?? known.count) < (known.firstIndex(of: $1) ?? known.count)
      }
      let verdicts = rules.map { rule in
        let found = cases[rule] ?? [:]
        for verdict in [Verdict.broke, .held, .skipped] {
          if let named = found[verdict], !named.isEmpty {
            return Manifest.Conformance.Rule(rule: rule, verdict: verdict.rawValue, cases: named)
          }
        }
        return Manifest.Conformance.Rule(rule: rule, verdict: Verdict.notJudged.rawValue, cases: [])
      }
      let fits = (shards.first?.fits ?? []).filter { fit in
        shards.allSatisfy { ($0.fits ?? []).contains(fit) }
      }
      return Manifest.Conformance(
        subject: subject, rules: verdicts, fits: fits.isEmpty ? nil : fits)
    }
  }
}
