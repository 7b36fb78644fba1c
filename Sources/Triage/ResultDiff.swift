import Contracts

/// What changed between two archived results, case by case.
package struct ResultDiff: Sendable {
  /// A case that failed in one of the runs.
  package struct Change: Sendable, Equatable {
    /// The case's identity.
    package var identity: String
    /// The class in the old run, if it failed there.
    package var oldClass: FailureClass?
    /// The class in the new run, if it failed there.
    package var newClass: FailureClass?
  }

  /// Cases failing in NEW that passed or were absent in OLD (flaky ones excluded).
  package var newFailures: [Change] = []
  /// Cases failing in OLD that pass in NEW.
  package var fixed: [Change] = []
  /// Cases failing in both.
  package var stillFailing: [Change] = []
  /// Cases that flipped between two runs of the same commit: flaky, not a regression.
  package var flaky: [Change] = []
  /// Cases OLD ran (passed, failed, ended in an error or unfinished) that NEW did not run (it
  /// holds none or skipped them) and no removal pattern names: coverage that vanished, which fails
  /// the diff as a new failure does.
  package var notRunInNew: [String] = []
  /// Cases OLD ran that NEW did not run, named by a removal pattern: removed on purpose.
  package var removed: [String] = []
  /// The removal patterns that name no case OLD ran and NEW did not.
  package var unusedRemovals: [CasePattern] = []

  /// Compares the failures of `old` with those of `new`.
  ///
  /// - Parameters:
  ///   - old: The inputs of the older run.
  ///   - new: The inputs of the newer run.
  ///   - removed: Patterns naming cases removed on purpose: NEW not running them is no failure.
  package init(old: [TriagedInput], new: [TriagedInput], removed: [CasePattern] = []) {
    let patterns = removed
    let old = old.filter { $0.sameRunAs == nil }
    let new = new.filter { $0.sameRunAs == nil }
    // A run of one subject against a run of another (a model before and after a rename, a
    // reference against a faulty subject): the subject labels the run, so cases match by
    // suite and name. With several subjects on a side, the subject is part of the case.
    let oldSubjects = old.reduce(into: Set<String>()) { $0.formUnion($1.subjects) }
    let newSubjects = new.reduce(into: Set<String>()) { $0.formUnion($1.subjects) }
    let label: (String) -> String =
      oldSubjects.count == 1 && newSubjects.count == 1 && oldSubjects != newSubjects
      ? { identity in
        for subject in oldSubjects.union(newSubjects) where identity.hasSuffix("@\(subject)") {
          return String(identity.dropLast(subject.count + 1))
        }
        return identity
      } : { $0 }
    let oldOutcomes = Self.outcomes(old).relabelled(label)
    let newOutcomes = Self.outcomes(new).relabelled(label)
    let oldClasses = Self.classes(old).relabelled(label)
    let newClasses = Self.classes(new).relabelled(label)
    let oldCommits = Set(old.compactMap(\.commit))
    let sameCommit = !oldCommits.isEmpty && oldCommits == Set(new.compactMap(\.commit))
    let vanished = oldOutcomes.filter { Self.ran($0.value) && !Self.ran(newOutcomes[$0.key]) }
      .keys.sorted()
    self.removed = vanished.filter { identity in patterns.contains { $0.matches(identity) } }
    notRunInNew = vanished.filter { identity in !patterns.contains { $0.matches(identity) } }
    unusedRemovals = patterns.filter { pattern in !vanished.contains { pattern.matches($0) } }
    for identity in Set(oldOutcomes.keys).union(newOutcomes.keys).sorted() {
      let wasFailing = Self.isFailing(oldOutcomes[identity])
      let isFailing = Self.isFailing(newOutcomes[identity])
      let change = Change(
        identity: identity, oldClass: oldClasses[identity], newClass: newClasses[identity])
      switch (wasFailing, isFailing) {
      case (false, true):
        if sameCommit && oldOutcomes[identity] == .passed {
          flaky.append(change)
        } else {
          newFailures.append(change)
        }
      case (true, false):
        if sameCommit && newOutcomes[identity] == .passed {
          flaky.append(change)
        } else if newOutcomes[identity] == .passed {
          fixed.append(change)
        }
      case (true, true): stillFailing.append(change)
      case (false, false): continue
      }
    }
  }

  /// The diff as text.
  package func text() -> String {
    var lines: [String] = []
    func section(_ title: String, _ changes: [Change], _ describe: (Change) -> String) {
      lines.append("\(title): \(changes.count)")
      lines += changes.map { "  \(ReportText.plain(describe($0)))" }
    }
    section("new failures", newFailures) {
      "\($0.identity) (\($0.newClass?.rawValue ?? "unclassified"))"
    }
    section("fixed", fixed) { "\($0.identity) (was \($0.oldClass?.rawValue ?? "unclassified"))" }
    section("still failing", stillFailing) { change in
      let old = change.oldClass?.rawValue ?? "unclassified"
      let new = change.newClass?.rawValue ?? "unclassified"
      return "\(change.identity) (\(old == new ? new : "class changed: \(old) -> \(new)"))"
    }
    section("flaky (same commit, different outcome)", flaky) { $0.identity }
    func absences(_ title: String, _ identities: [String]) {
      guard !identities.isEmpty else { return }
      lines.append("\(title): \(identities.count)")
      lines += identities.prefix(Self.listedAbsences).map { "  \(ReportText.plain($0))" }
      if identities.count > Self.listedAbsences {
        lines.append("  … and \(identities.count - Self.listedAbsences) more")
      }
    }
    absences("ran in OLD, not run in NEW (coverage lost)", notRunInNew)
    absences("removed on purpose (--removed)", removed)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The cases NEW did not run, in one line: the first few by name, then how many more.
  package var notRunSummary: String {
    let shown = notRunInNew.prefix(Self.namedInVerdict).map { "'\(ReportText.plain($0))'" }
    let more = notRunInNew.count - shown.count
    return shown.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
  }

  /// The most absent cases the verdict line names.
  static let namedInVerdict = 5

  /// The most absent cases the text lists by name.
  static let listedAbsences = 20

  private static func outcomes(_ inputs: [TriagedInput]) -> [String: TriageOutcome] {
    inputs.reduce(into: [:]) { result, input in result.merge(input.outcomes) { _, new in new } }
  }

  private static func classes(_ inputs: [TriagedInput]) -> [String: FailureClass] {
    inputs.flatMap(\.failures).reduce(into: [:]) { $0[$1.identity] = $1.failureClass }
  }

  /// Whether a case with `outcome` ran: it was not skipped, and it is there.
  private static func ran(_ outcome: TriageOutcome?) -> Bool {
    switch outcome {
    case .passed?, .failed?, .error?, .unfinished?, .cancelled?: true
    case .skipped?, nil: false
    }
  }

  private static func isFailing(_ outcome: TriageOutcome?) -> Bool {
    outcome == .failed || outcome == .error || outcome == .unfinished
      || outcome == .cancelled
  }
}

extension Dictionary where Key == String {
  fileprivate func relabelled(_ label: (String) -> String) -> [String: Value] {
    reduce(into: [:]) { $0[label($1.key)] = $1.value }
  }
}
