import Contracts
import ResultSchema

/// What a run will do: each suite paired with each selected subject of its family, and the cases
/// the filter kept, in a stable order.
package struct RunPlan: Sendable {
  /// One suite against one subject.
  package struct Entry: Sendable {
    /// The suite.
    package var suite: ContractSuite
    /// The subject the suite runs against.
    package var subject: SubjectEntry
    /// The cases to run, in suite order.
    package var cases: [ContractCase]
  }

  /// The suite runs, in order: suites in the given order, then subjects in the given order.
  package var entries: [Entry]
  /// What a fresh subject of each planned subject declares, by subject name; the runner fills it
  /// in before the run starts (``readDeclarations(inProcessOnly:)``, or a worker process's report when cases
  /// run isolated), and the plan's skips follow from it.
  package var declarations: [String: SubjectDeclarations] = [:]

  /// The capabilities each planned subject declares, by subject name (from ``declarations``).
  package var declaredCapabilities: [String: Set<SubjectCapability>] {
    declarations.mapValues(\.capabilities)
  }

  /// The methods each planned subject implements while leaving undeclared the capability that
  /// gives them meaning (``CapabilityProbe/method``), by subject name; the runner fills it in
  /// with ``declaredCapabilities``.
  package var implementedUndeclared: [String: [String]] = [:]

  /// Reads what a fresh subject of each planned subject declares, and which methods it implements
  /// without declaring their capability, for each subject not read yet.
  ///
  /// - Parameter inProcessOnly: Reads only the subjects that may run in this process (the others
  ///   are read by a worker process).
  @MainActor
  package mutating func readDeclarations(inProcessOnly: Bool = false) {
    for subject in subjects
    where declarations[subject.name] == nil && !(inProcessOnly && subject.requiresIsolation) {
      let declared = subject.make().declarations
      declarations[subject.name] = declared
      implementedUndeclared[subject.name] = CapabilityProbe.implementedButUndeclared(
        by: subject, declaring: declared.capabilities
      ).map(\.method)
    }
  }

  /// Why the plan skips `contractCase` on `subject`, or `nil` when it runs it (or the
  /// subject's declarations are not read yet: the case then decides on its fresh subject, by the
  /// same rule, ``SubjectDeclarations/skipReason(for:subject:)``).
  package func skipReason(for contractCase: ContractCase, on subject: SubjectEntry) -> String? {
    declarations[subject.name]?.skipReason(for: contractCase, subject: subject.name)
  }

  /// The record values the suites planned for `subject` name, in every case of them (not only
  /// the filtered ones): the case words a subject's ``SubjectDeclarations/valueWords`` may map.
  package func caseWords(for subject: SubjectEntry) -> Set<OptimisticValue> {
    var words: Set<OptimisticValue> = []
    var seen: Set<String> = []
    for entry in entries where entry.subject.name == subject.name {
      guard seen.insert(entry.suite.id).inserted else { continue }
      for contractCase in entry.suite.cases {
        for step in contractCase.steps { words.formUnion(step.namedValues) }
      }
    }
    return words
  }

  /// The first planned subject whose value words cannot carry its cases, among the subjects
  /// whose declarations are read; `nil` when every mapping holds (or none is declared).
  package var valueWordsProblem: ValueWordsError? {
    for subject in subjects {
      guard let declared = declarations[subject.name], !declared.valueWords.isEmpty else {
        continue
      }
      if let problem = declared.valueWordsProblem(
        caseWords: caseWords(for: subject), subject: subject.name)
      {
        return problem
      }
    }
    return nil
  }

  /// Why the first planned undo-history subject that hands over no history cannot run (one
  /// line), among the subjects whose declarations are read; `nil` when every one hands one over.
  package var noHistoryProblem: String? {
    subjects.first { declarations[$0.name]?.handsOverNoHistory == true }.map {
      SubjectDeclarations.noHistoryReason(subject: $0.name)
    }
  }

  /// Each planned subject's note that its cases run in its own words, in plan order; only
  /// subjects that declare a mapping.
  package var valueWordsNotes: [(subject: String, mapping: [String: String], note: String)] {
    subjects.compactMap { subject in
      guard let declared = declarations[subject.name], let note = declared.valueWordsNote else {
        return nil
      }
      return (subject.name, declared.valueWords, note)
    }
  }

  /// The subjects the plan runs, each once, in plan order.
  package var subjects: [SubjectEntry] {
    var seen: Set<String> = []
    return entries.map(\.subject).filter { seen.insert($0.name).inserted }
  }

  /// The failure classes no case of the plan can observe on `subject`, from what it declares.
  package func unobservedClasses(of subject: SubjectEntry) -> [UnobservedClass] {
    guard let declared = declaredCapabilities[subject.name] else { return [] }
    return subject.unobservedClasses(declaring: declared)
  }

  /// The capabilities `subject` implements but does not declare, with how many of the plan's
  /// cases were skipped for the want of each; only those that cost a case.
  package func undeclaredCapabilities(of subject: SubjectEntry) -> [Manifest.UndeclaredCapability] {
    let cases = entries.filter { $0.subject.name == subject.name }.flatMap(\.cases)
    return (implementedUndeclared[subject.name] ?? []).compactMap {
      method -> Manifest.UndeclaredCapability? in
      guard let probe = CapabilityProbe.named(method) else { return nil }
      let skipped = cases.filter { !Set($0.requirements).isDisjoint(with: probe.capabilities) }
        .count
      guard skipped > 0 else { return nil }
      return Self.undeclaredCapability(subject: subject.name, probe: probe, skippedCases: skipped)
    }
  }

  /// The warning for a subject whose `probe` method behaves unlike the protocol's default while
  /// it declares none of the probe's capabilities, `skippedCases` planned cases skipped for it.
  package static func undeclaredCapability(
    subject: String, probe: CapabilityProbe, skippedCases skipped: Int
  ) -> Manifest.UndeclaredCapability {
    let names = probe.capabilities.map { "'\($0.rawValue)'" }.joined(separator: " or ")
    let declaration =
      probe.capabilities.count == 1
      ? "does not declare capability \(names)" : "declares no rule (capability \(names))"
    return Manifest.UndeclaredCapability(
      subject: subject, capability: probe.capabilities.map(\.rawValue).joined(separator: ","),
      method: probe.method, skippedCases: skipped,
      message: "subject '\(subject)' implements \(probe.method) but \(declaration): \(skipped) "
        + "\(skipped == 1 ? "case was" : "cases were") skipped; \(probe.remedy)")
  }

  /// Every planned subject's undeclared capabilities, in plan order.
  package var undeclaredCapabilities: [Manifest.UndeclaredCapability] {
    subjects.flatMap { undeclaredCapabilities(of: $0) }
  }

  /// The number of cases the plan runs.
  package var caseCount: Int { entries.reduce(0) { $0 + $1.cases.count } }

  /// The part of the plan that shard `index` of `count` runs: the cases whose position in plan
  /// order, counted from 0, leaves remainder `index - 1` when divided by `count`.
  ///
  /// The shards of one plan partition its cases exactly, and every shard keeps plan order.
  ///
  /// - Parameters:
  ///   - index: The shard, from 1 to `count`.
  ///   - count: The number of shards, at least 1.
  /// - Returns: The shard's plan; entries without cases are dropped.
  package func shard(_ index: Int, of count: Int) -> RunPlan {
    precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count) is invalid")
    var position = 0
    var sharded = self
    sharded.entries = entries.compactMap { entry in
      var kept = entry
      kept.cases = entry.cases.filter { _ in
        defer { position += 1 }
        return position % count == index - 1
      }
      return kept.cases.isEmpty ? nil : kept
    }
    return sharded
  }

  /// Plans `suites` against the `subjects` of their families, keeping the cases `filter` matches.
  ///
  /// - Parameters:
  ///   - suites: The suites, in run order.
  ///   - subjects: The selected subjects; a suite runs once per subject of its family.
  ///   - filter: Which cases to keep.
  package init(suites: [ContractSuite], subjects: [SubjectEntry], filter: CaseFilter = CaseFilter())
  {
    var entries: [Entry] = []
    for suite in suites {
      for subject in subjects where subject.family == suite.family {
        let cases = suite.cases.filter { filter.matches(suiteID: suite.id, caseID: $0.id) }
        if !cases.isEmpty {
          entries.append(Entry(suite: suite, subject: subject, cases: cases))
        }
      }
    }
    self.entries = entries
  }
}

/// Selects cases by `suite/case` patterns.
///
/// `*` matches any run of characters; a pattern without `*` matches anywhere in the name. No
/// patterns select every case.
package struct CaseFilter: Sendable, Equatable {
  /// The patterns; a case is kept if any matches.
  package var patterns: [String]

  /// Creates a filter from patterns.
  package init(_ patterns: [String] = []) {
    self.patterns = patterns
  }

  /// Whether the case `suiteID/caseID` is selected.
  package func matches(suiteID: String, caseID: String) -> Bool {
    guard !patterns.isEmpty else { return true }
    let name = "\(suiteID)/\(caseID)"
    return patterns.contains { CasePattern($0).matches(name) }
  }

  /// Whether `name` matches `pattern` as a whole, where `*` matches any run of characters.
  package static func glob(_ pattern: String, matches name: String) -> Bool {
    CasePattern.glob(pattern, matches: name)
  }
}
