import Contracts
import RunModel

/// Lists contract cases as the arguments of a parameterised `@Test`, one test case each.
///
/// The cases one call lists write one result directory together (the layout `stategate run`
/// writes, under `STATEGATE_OUTPUT` or `artifacts` in the current directory) when the last of
/// them has run; a `swift test --filter` that runs only some of them writes none.
public enum ContractCases {
  /// Every case of the built-in suites of `subject`'s family.
  ///
  /// - Parameters:
  ///   - subject: The subject every case runs against, fresh each time.
  ///   - filter: `SUITE/CASE` patterns as `stategate run --filter` takes them; none keep all.
  ///   - output: The folder the result directory goes in; `nil` for `STATEGATE_OUTPUT`, else
  ///     `artifacts` in the current directory.
  /// - Returns: The cases, in suite order.
  /// - Throws: ``SuiteReadError`` if a built-in suite cannot be read (a stategate bug).
  public static func builtIn(
    for subject: SubjectEntry, filter: [String] = [], resultsIn output: String? = nil
  ) throws -> [ContractTestCase] {
    try suites([], for: [subject], filter: filter, resultsIn: output)
  }

  /// Every case of the suites `words` name, for `subject`.
  ///
  /// - Parameters:
  ///   - words: Built-in suite ids, `.suite` files and folders of them, as
  ///     `stategate run --suite` takes them; a relative path starts from the folder of the test
  ///     file (`filePath`). None select every built-in suite.
  ///   - subject: The subject every case runs against, fresh each time.
  ///   - filter: `SUITE/CASE` patterns; none keep every case.
  ///   - output: The folder the result directory goes in; `nil` for `STATEGATE_OUTPUT`, else
  ///     `artifacts` in the current directory.
  ///   - filePath: The test file relative paths start from; the caller's.
  /// - Returns: The cases of the suites of `subject`'s family, in suite order.
  /// - Throws: ``SuiteReadError`` for a missing or malformed suite file.
  public static func suites(
    _ words: [String], for subject: SubjectEntry, filter: [String] = [],
    resultsIn output: String? = nil, relativeTo filePath: String = #filePath
  ) throws -> [ContractTestCase] {
    try suites(words, for: [subject], filter: filter, resultsIn: output, relativeTo: filePath)
  }

  /// Every case of the suites `words` name, for each of `subjects` of the suite's family; each
  /// case's name then ends in ` [SUBJECT]`.
  ///
  /// - Parameters:
  ///   - words: Built-in suite ids, `.suite` files and folders; none select every built-in suite.
  ///   - subjects: The subjects; a suite runs against each subject of its family.
  ///   - filter: `SUITE/CASE` patterns; none keep every case.
  ///   - output: The folder the result directory goes in; `nil` for `STATEGATE_OUTPUT`, else
  ///     `artifacts` in the current directory.
  ///   - filePath: The test file relative paths start from; the caller's.
  /// - Returns: The cases, suite by suite, then subject by subject.
  /// - Throws: ``SuiteReadError`` for a missing or malformed suite file.
  public static func suites(
    _ words: [String], for subjects: [SubjectEntry], filter: [String] = [],
    resultsIn output: String? = nil, relativeTo filePath: String = #filePath
  ) throws -> [ContractTestCase] {
    let suites = try SuiteWords.resolve(words, relativeTo: filePath)
    let plan = RunPlan(suites: suites, subjects: subjects, filter: CaseFilter(filter))
    let batch = CaseBatch(
      plan: plan, suites: suites, filter: filter, output: ContractTests.output(output))
    let namesSubject = Set(subjects.map(\.name)).count > 1
    return plan.entries.flatMap { entry in
      entry.cases.map { contractCase in
        ContractTestCase(
          suite: entry.suite, contractCase: contractCase, subject: entry.subject,
          namesSubject: namesSubject, batch: batch)
      }
    }
  }
}
