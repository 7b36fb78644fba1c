import Contracts
import ResultSchema
import RunModel

/// Whether a failing subject behaves by product-rule answers it did not declare.
///
/// For every product rule of the subject's family whose contract rule broke in the run, or was
/// judged only by skipped cases, the plan's cases of that subject run again, in this process and
/// unclassified, on the subject declaring each other answer of the rule
/// (``SubjectEntry/declaring(_:)``). An answer fits when, there, the contract rule it is judged
/// by (``ProductRule/judgedBy``) held and at least one case written for that answer ran and did
/// not break it. Rules judged by one contract rule (the three drag rules) are also probed
/// together, every combination of their answers, when no answer of theirs fits alone; the
/// answers that fit are then probed together as well. A fit is a note beside the failures — a
/// subject is never taken to declare what it fits, and the failures keep their verdicts.
///
/// A subject that may break its process (``SubjectEntry/requiresIsolation``), or whose cases
/// crashed or ran out of time, is not probed.
@MainActor
package enum PolicyProbe {
  /// The notes naming each fit, by subject name, for the subjects of `report` that failed a case.
  ///
  /// - Parameters:
  ///   - report: The run's results, before its profiles are written.
  ///   - plan: The run's plan: the cases probed are the ones it planned.
  ///   - shouldStop: Asked before every probed case; `true` ends the probing with no notes.
  /// - Returns: One line per fit, by subject; a subject without a fit is absent.
  package static func fits(
    of report: RunReport, plan: RunPlan, shouldStop: @escaping () -> Bool = { false }
  ) -> [String: [String]] {
    guard !report.wasInterrupted else { return [:] }
    var fits: [String: [String]] = [:]
    for profile in ConformanceProfile.profiles(of: report) {
      guard let entry = plan.entries.first(where: { $0.subject.name == profile.subject })?.subject,
        !entry.requiresIsolation, !brokeItsProcess(entry.name, in: report)
      else { continue }
      let capabilities =
        report.declaredCapabilities[entry.name] ?? plan.declarations[entry.name]?.capabilities
        ?? entry.make().capabilities
      let probe = Probe(
        entry: entry, entries: plan.entries.filter { $0.subject.name == entry.name },
        shouldStop: shouldStop)
      guard let lines = probe.lines(capabilities: capabilities, profile: profile) else {
        return [:]
      }
      if !lines.isEmpty { fits[entry.name] = lines }
    }
    return fits
  }

  /// Whether a case of `subject` crashed or ran out of time in the run.
  private static func brokeItsProcess(_ subject: String, in report: RunReport) -> Bool {
    report.suites.contains { suite in
      suite.subject == subject
        && suite.cases.contains {
          [.crashed, .timedOut].contains($0.classification?.failureClass)
        }
    }
  }

  /// The probes of one subject.
  @MainActor
  private struct Probe {
    let entry: SubjectEntry
    /// The plan's suites for the subject, with the cases it planned.
    let entries: [RunPlan.Entry]
    let shouldStop: () -> Bool

    /// What declaring `answers` would leave broken, when they fit.
    struct Fit {
      var answers: [DeclaredAnswer]
      var leftBroken: [ContractRule]
    }

    /// The notes for the subject, which declares `capabilities` and whose run gave `profile`;
    /// `nil` when a stop request ended the probing.
    ///
    /// A rule that held in the run, or that no case judged, is not probed: its failures, if
    /// any, are another rule's, and another answer would explain nothing.
    func lines(capabilities: Set<SubjectCapability>, profile: Manifest.Conformance) -> [String]? {
      var fits: [Fit] = []
      let rules = ProductRule.all(in: entry.family)
      let verdicts = Dictionary(
        profile.rules.map { ($0.rule, $0.verdict) }, uniquingKeysWith: { first, _ in first })
      var judged: [ContractRule] = []
      for rule in rules where !judged.contains(rule.judgedBy) { judged.append(rule.judgedBy) }
      for contractRule in judged
      where ["broke", "skipped"].contains(verdicts[contractRule.rawValue]) {
        let group = rules.filter { $0.judgedBy == contractRule }
        // Each rule's other answers, alone, then every combination across the group.
        var tried: [[DeclaredAnswer]] = group.flatMap { rule in
          alternatives(of: rule, capabilities: capabilities).map { [$0] }
        }
        var fitted = false
        for candidate in tried {
          guard let probed = probe(candidate) else { return nil }
          if let fit = probed, !fits.contains(where: { $0.answers[0].rule == candidate[0].rule }) {
            fits.append(fit)
            fitted = true
          }
        }
        guard !fitted, group.count > 1 else { continue }
        tried = combinations(group.map { [nil] + alternatives(of: $0, capabilities: capabilities) })
          .filter { $0.count > 1 }
        for candidate in tried.sorted(by: { $0.count < $1.count }) {
          guard let probed = probe(candidate) else { return nil }
          if let fit = probed {
            fits.append(fit)
            break
          }
        }
      }
      var lines = fits.map { fit in
        let phrase = fit.answers.map(\.phrase).joined(separator: " with ")
        let pronoun = fit.answers.count > 1 ? "them" : "it"
        return fit.leftBroken.isEmpty
          ? "behaves like \(phrase): declare \(pronoun) if that is the product's choice"
          : "its \(fit.answers[0].rule.judgedBy.rawValue) failures behave like \(phrase) (declare "
            + "\(pronoun) if that is the product's choice); declaring \(pronoun) would leave "
            + fit.leftBroken.map(\.rawValue).joined(separator: ", ") + " broken"
      }
      if fits.count > 1 {
        guard let probed = probe(fits.flatMap(\.answers)) else { return nil }
        if let together = probed {
          lines.append(
            "together: declaring " + together.answers.map(\.phrase).joined(separator: " and ")
              + (together.leftBroken.isEmpty
                ? " leaves no rule broken"
                : " would leave " + together.leftBroken.map(\.rawValue).joined(separator: ", ")
                  + " broken"))
        }
      }
      return lines
    }

    /// The answers of `rule` other than the one the subject declares.
    func alternatives(of rule: ProductRule, capabilities: Set<SubjectCapability>)
      -> [DeclaredAnswer]
    {
      let declared = rule.answer(among: capabilities)
      return rule.choices.filter { $0 != declared }.map { DeclaredAnswer(rule: rule, answer: $0) }
    }

    /// Every way to pick one entry of each list (`nil`: that rule keeps its own answer).
    func combinations(_ lists: [[DeclaredAnswer?]]) -> [[DeclaredAnswer]] {
      lists.reduce([[]]) { partial, list in
        partial.flatMap { picked in list.map { picked + ($0.map { [$0] } ?? []) } }
      }
    }

    /// Runs the planned cases on the subject declaring `answers`: the fit, `.some(nil)` when
    /// they do not fit, `nil` when a stop request ended the probe.
    ///
    /// The probe stops at the first case that breaks a rule one of the answers is judged by:
    /// they cannot fit then. A fit runs every case, since what it leaves broken is every rule.
    func probe(_ answers: [DeclaredAnswer]) -> Fit?? {
      let declaring = entry.declaring(answers)
      var suites: [SuiteResult] = []
      // The answers a case written for them judged without breaking the rule they are judged by.
      var supported: Set<DeclaredAnswer> = []
      let judging = Set(answers.map(\.rule.judgedBy))
      for planned in entries {
        var results: [CaseResult] = []
        // The cases that judge an answer's rule first, so a probe that cannot fit ends early;
        // the profile does not depend on the order.
        let (first, rest) = planned.cases.reduce(into: ([ContractCase](), [ContractCase]())) {
          let own = BuiltInCaseRules.rules(suiteID: planned.suite.id, caseID: $1.id)
          if own.contains(where: judging.contains) { $0.0.append($1) } else { $0.1.append($1) }
        }
        for contractCase in first + rest {
          if shouldStop() { return nil }
          let run = CaseRun.run(
            contractCase, against: declaring, shouldStop: shouldStop, onStep: { _ in },
            classifying: false)
          let result = CaseResult(
            suiteID: planned.suite.id, caseID: contractCase.id, title: contractCase.title,
            subject: entry.name, outcome: run.outcome, steps: run.trail,
            stepCount: run.stepCount, firstFailure: run.firstFailure, classification: nil,
            durationSeconds: 0)
          results.append(result)
          let own = BuiltInCaseRules.rules(suiteID: planned.suite.id, caseID: contractCase.id)
          let broken =
            run.outcome == .failed
            ? ConformanceProfile.brokenRules(of: result, own: own, family: planned.suite.family)
            : []
          // A rule broken by any case is broken in the profile: once a rule an answer is judged
          // by broke, the answers cannot fit, and the other cases would change nothing.
          if answers.contains(where: { broken.contains($0.rule.judgedBy) }) { return .some(nil) }
          for answer in answers
          where contractCase.requirements.contains(answer.answer)
            && [.passed, .failed].contains(run.outcome) && own.contains(answer.rule.judgedBy)
            && !broken.contains(answer.rule.judgedBy)
          {
            supported.insert(answer)
          }
        }
        suites.append(
          SuiteResult(
            suiteID: planned.suite.id, title: planned.suite.title, family: planned.suite.family,
            subject: entry.name, cases: results, durationSeconds: 0))
      }
      let profile = ConformanceProfile.profile(of: entry.name, suites: suites, fits: [])
      let verdicts = Dictionary(
        profile.rules.map { ($0.rule, $0.verdict) }, uniquingKeysWith: { first, _ in first })
      let fits = answers.allSatisfy { answer in
        supported.contains(answer) && verdicts[answer.rule.judgedBy.rawValue] == "held"
      }
      guard fits else { return .some(nil) }
      return Fit(
        answers: answers,
        leftBroken: profile.rules.filter { $0.verdict == "broke" }.compactMap {
          ContractRule(rawValue: $0.rule)
        })
    }
  }
}
