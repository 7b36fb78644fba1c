import Contracts

/// What a run will do: each suite paired with each selected subject of its family, and the cases
/// the filter kept, in a stable order.
public struct RunPlan: Sendable {
  /// One suite against one subject.
  public struct Entry: Sendable {
    /// The suite.
    public var suite: ContractSuite
    /// The subject the suite runs against.
    public var subject: SubjectEntry
    /// The cases to run, in suite order.
    public var cases: [ContractCase]
  }

  /// The suite runs, in order: suites in the given order, then subjects in the given order.
  public var entries: [Entry]
  /// What a fresh subject of each planned subject declares, by subject name; the runner fills it
  /// in before the run starts (a worker process reports it when cases run isolated).
  public var declaredCapabilities: [String: Set<SubjectCapability>] = [:]

  /// The subjects the plan runs, each once, in plan order.
  public var subjects: [SubjectEntry] {
    var seen: Set<String> = []
    return entries.map(\.subject).filter { seen.insert($0.name).inserted }
  }

  /// The failure classes no case of the plan can observe on `subject`, from what it declares.
  public func unobservedClasses(of subject: SubjectEntry) -> [UnobservedClass] {
    guard let declared = declaredCapabilities[subject.name] else { return [] }
    return subject.unobservedClasses(declaring: declared)
  }

  /// The number of cases the plan runs.
  public var caseCount: Int { entries.reduce(0) { $0 + $1.cases.count } }

  /// The part of the plan that shard `index` of `count` runs: the cases whose position in plan
  /// order, counted from 0, leaves remainder `index - 1` when divided by `count`.
  ///
  /// The shards of one plan partition its cases exactly, and every shard keeps plan order.
  ///
  /// - Parameters:
  ///   - index: The shard, from 1 to `count`.
  ///   - count: The number of shards, at least 1.
  /// - Returns: The shard's plan; entries without cases are dropped.
  public func shard(_ index: Int, of count: Int) -> RunPlan {
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
  public init(suites: [ContractSuite], subjects: [SubjectEntry], filter: CaseFilter = CaseFilter())
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
public struct CaseFilter: Sendable, Equatable {
  /// The patterns; a case is kept if any matches.
  public var patterns: [String]

  /// Creates a filter from patterns.
  public init(_ patterns: [String] = []) {
    self.patterns = patterns
  }

  /// Whether the case `suiteID/caseID` is selected.
  public func matches(suiteID: String, caseID: String) -> Bool {
    guard !patterns.isEmpty else { return true }
    let name = "\(suiteID)/\(caseID)"
    return patterns.contains { pattern in
      pattern.contains("*") ? Self.glob(pattern, matches: name) : name.contains(pattern)
    }
  }

  /// Whether `name` matches `pattern` as a whole, where `*` matches any run of characters.
  public static func glob(_ pattern: String, matches name: String) -> Bool {
    globMatches(Array(pattern), Array(name))
  }

  private static func globMatches(_ pattern: [Character], _ text: [Character]) -> Bool {
    var p = 0
    var t = 0
    var star: Int?
    var resume = 0
    while t < text.count {
      if p < pattern.count && pattern[p] != "*" && pattern[p] == text[t] {
        p += 1
        t += 1
      } else if p < pattern.count && pattern[p] == "*" {
        star = p
        resume = t
        p += 1
      } else if let star {
        p = star + 1
        resume += 1
        t = resume
      } else {
        return false
      }
    }
    while p < pattern.count && pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}
