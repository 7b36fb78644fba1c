/// Reads the tests of a bundle's `database.sqlite3` (Xcode 16 and later), opened read-only and
/// immutable: every test case run with its result, duration, repetition, arguments, issues with
/// `file:line`, skip notice, configuration and device.
///
/// Runs of one test function with the same arguments on the same configuration and device are
/// attempts of one case. A run, issue or suite run that points at a row that is not there, a
/// result word stategate does not know, and a file SQLite finds damaged are problems: the report
/// is then `malformed`, whatever it holds.
enum DatabaseReader {
  /// The tables without which the tests cannot be read completely.
  ///
  /// The tests, their runs and issues, where they ran (plan runs, configurations, destinations,
  /// devices), skip notices, arguments, and Xcode's own per-case results, which the runs are
  /// checked against. Every Xcode 16 database holds them, empty or not.
  static let requiredTables = [
    "Actions", "Arguments", "Devices", "RunDestinations", "SkipNotices",
    "TestCaseResultsByDestinationAndConfiguration", "TestCaseRuns", "TestCases", "TestIssues",
    "TestPlanConfigurations", "TestPlanRuns", "TestSuiteRuns", "TestSuites", "TestableRuns",
  ]

  private struct Destination: Hashable {
    var configuration: String?
    var device: String?
  }

  private struct Run {
    var id: Int
    var result: String?
    var duration: Double?
    var testCase: Int?
    var suiteRun: Int?
    var skipNotice: Int?
    var repetition: Int?
    var mode: String?
  }

  /// Reads the database at `path`, which belongs to the bundle `bundle`.
  ///
  /// - Throws: ``XCResultError`` when it cannot be opened, lacks a required table, or a query
  ///   fails (a corrupt or truncated file).
  static func read(_ path: String, bundle: String) throws(XCResultError) -> XCResultReport {
    do {
      let database = try SQLiteDatabase(readingImmutable: path)
      if let problem = try database.structuralProblem() {
        throw XCResultError(path: path, reason: "SQLite finds the database damaged: \(problem)")
      }
      let tables = try database.tableNames()
      let missing = requiredTables.filter { !tables.contains($0) }
      guard missing.isEmpty else {
        throw XCResultError(
          path: path,
          reason: "not an .xcresult database: no table "
            + missing.map { "'\($0)'" }.joined(separator: ", "))
      }
      return try read(database, tables: tables, bundle: bundle)
    } catch let error as XCResultError {
      throw error
    } catch let error as SQLiteError {
      throw XCResultError(path: path, reason: "SQLite error \(error.code): \(error.message)")
    } catch {
      throw XCResultError(path: path, reason: "\(error)")
    }
  }

  private static func read(_ database: SQLiteDatabase, tables: Set<String>, bundle: String) throws
    -> XCResultReport
  {
    let path = database.path
    var report = XCResultReport(path: bundle, source: .database)
    // Actions: did the run finish, and when did it start?
    var actions = 0
    var unfinishedActions = 0
    var actionDestination: [Int: Int] = [:]
    try database.forEachRow("SELECT rowid, started, finished, runDestination_fk FROM Actions") {
      row in
      actions += 1
      if row.double(2) == nil { unfinishedActions += 1 }
      if let started = row.double(1) {
        let since1970 = started + 978_307_200
        report.startTime = min(report.startTime ?? since1970, since1970)
      }
      if let id = row.int(0), let destination = row.int(3) { actionDestination[id] = destination }
    }
    if actions == 0 {
      report.unfinished = "'\(path)': no test action was recorded (the run never started tests)"
    } else if unfinishedActions > 0 {
      report.unfinished =
        "'\(path)': \(unfinishedActions) of \(actions) action(s) never finished (the run was cut "
        + "short)"
    }
    // Devices of run destinations.
    var devices: [Int: String] = [:]
    if tables.isSuperset(of: ["RunDestinations", "Devices", "Platforms"]) {
      try database.forEachRow(
        """
        SELECT d.rowid, d.name, v.name, p.userDescription, v.operatingSystemVersion \
        FROM RunDestinations d LEFT JOIN Devices v ON v.rowid = d.device_fk \
        LEFT JOIN Platforms p ON p.rowid = v.platform_fk
        """
      ) { row in
        guard let id = row.int(0) else { return }
        devices[id] = deviceText(
          name: row.text(2) ?? row.text(1), platform: row.text(3), version: row.text(4))
      }
    }
    // Configurations and destinations of test plan runs, testable runs, suite runs.
    var planRuns: [Int: Destination] = [:]
    if tables.isSuperset(of: ["TestPlanRuns", "TestPlanConfigurations"]) {
      try database.forEachRow(
        """
        SELECT r.rowid, c.name, r.action_fk FROM TestPlanRuns r \
        LEFT JOIN TestPlanConfigurations c ON c.rowid = r.configuration_fk
        """
      ) { row in
        guard let id = row.int(0) else { return }
        let device = row.int(2).flatMap { actionDestination[$0] }.flatMap { devices[$0] }
        planRuns[id] = Destination(configuration: row.text(1), device: device)
      }
    }
    var testableRuns: [Int: Int] = [:]
    if tables.contains("TestableRuns") {
      try database.forEachRow("SELECT rowid, testPlanRun_fk FROM TestableRuns") { row in
        if let id = row.int(0), let plan = row.int(1) { testableRuns[id] = plan }
      }
    }
    var suiteRuns: [Int: (parent: Int?, testable: Int?, suite: Int?)] = [:]
    try database.forEachRow(
      "SELECT rowid, parentSuiteRun_fk, testableRun_fk, testSuite_fk FROM TestSuiteRuns"
    ) { row in
      if let id = row.int(0) { suiteRuns[id] = (row.int(1), row.int(2), row.int(3)) }
    }
    var destinationOfSuiteRun: [Int: Destination] = [:]
    func destination(ofSuiteRun id: Int) -> Destination {
      if let known = destinationOfSuiteRun[id] { return known }
      var current = id
      var seen: Set<Int> = []
      var found = Destination()
      while let run = suiteRuns[current], seen.insert(current).inserted {
        if let testable = run.testable {
          found = testableRuns[testable].flatMap { planRuns[$0] } ?? Destination()
          break
        }
        guard let parent = run.parent else { break }
        current = parent
      }
      destinationOfSuiteRun[id] = found
      return found
    }
    // Suites and test cases.
    var suites: [Int: String] = [:]
    try database.forEachRow("SELECT rowid, identifier, name FROM TestSuites") { row in
      if let id = row.int(0) { suites[id] = row.text(1) ?? row.text(2) ?? "" }
    }
    var testCases: [Int: (identifier: String, name: String, summary: String?)] = [:]
    try database.forEachRow("SELECT rowid, identifier, name, summary FROM TestCases") { row in
      guard let id = row.int(0) else { return }
      let name = row.text(2) ?? ""
      testCases[id] = (row.text(1) ?? name, name, row.text(3).flatMap { $0.isEmpty ? nil : $0 })
    }
    // Skip notices, arguments, issues.
    var skipNotices: [Int: String] = [:]
    if tables.contains("SkipNotices") {
      try database.forEachRow("SELECT rowid, message FROM SkipNotices") { row in
        if let id = row.int(0) { skipNotices[id] = row.text(1) ?? "" }
      }
    }
    var arguments: [Int: [String]] = [:]
    if tables.isSuperset(of: ["Arguments", "TestValues"]) {
      try database.forEachRow(
        """
        SELECT a.testCaseRun_fk, v.description FROM Arguments a \
        LEFT JOIN TestValues v ON v.rowid = a.testValue_fk \
        ORDER BY a.testCaseRun_fk, a.orderInTestCaseRun, a.rowid
        """
      ) { row in
        guard let run = row.int(0) else { return }
        arguments[run, default: []].append(row.text(1) ?? "")
      }
    }
    var runIssues: [Int: [XCResultIssue]] = [:]
    var suiteIssues: [(suiteRun: Int?, issue: XCResultIssue)] = []
    let located = tables.isSuperset(of: ["SourceCodeContexts", "SourceCodeLocations"])
    try database.forEachRow(
      located
        ? """
        SELECT i.testCaseRun_fk, i.testSuiteRun_fk, i.issueType, i.compactDescription, \
        i.detailedDescription, l.filePath, l.lineNumber FROM TestIssues i \
        LEFT JOIN SourceCodeContexts c ON c.rowid = i.sourceCodeContext_fk \
        LEFT JOIN SourceCodeLocations l ON l.rowid = c.location_fk \
        ORDER BY i.testCaseRun_fk, i.testSuiteRun_fk, i.orderInOwner, i.rowid
        """
        : """
        SELECT testCaseRun_fk, testSuiteRun_fk, issueType, compactDescription, \
        detailedDescription, NULL, NULL FROM TestIssues \
        ORDER BY testCaseRun_fk, testSuiteRun_fk, orderInOwner, rowid
        """
    ) { row in
      let message = row.text(3).flatMap { $0.isEmpty ? nil : $0 } ?? row.text(4) ?? ""
      let issue = XCResultIssue(
        message: message, file: row.text(5), line: row.int(6), type: row.text(2))
      if let run = row.int(0) {
        runIssues[run, default: []].append(issue)
      } else {
        suiteIssues.append((row.int(1), issue))
      }
    }
    // The runs, grouped into cases.
    var runs: [Run] = []
    let policies = tables.contains("RepetitionPolicies")
    try database.forEachRow(
      policies
        ? """
        SELECT r.rowid, r.result, r.duration, r.testCase_fk, r.testSuiteRun_fk, r.skipNotice_fk, \
        p.repetition, p.repetitionModeString FROM TestCaseRuns r \
        LEFT JOIN RepetitionPolicies p ON p.rowid = r.repetitionPolicy_fk ORDER BY r.rowid
        """
        : """
        SELECT rowid, result, duration, testCase_fk, testSuiteRun_fk, skipNotice_fk, NULL, NULL \
        FROM TestCaseRuns ORDER BY rowid
        """
    ) { row in
      runs.append(
        Run(
          id: row.int(0) ?? 0, result: row.text(1), duration: row.double(2),
          testCase: row.int(3), suiteRun: row.int(4), skipNotice: row.int(5),
          repetition: row.int(6), mode: row.text(7)))
    }
    runs.sort {
      ($0.testCase ?? 0, $0.repetition ?? 0, $0.id) < ($1.testCase ?? 0, $1.repetition ?? 0, $1.id)
    }
    var caseIndex: [String: Int] = [:]
    var firstRun: [Int] = []
    var knownRuns: Set<Int> = []
    for run in runs {
      knownRuns.insert(run.id)
      guard let testCaseID = run.testCase, let testCase = testCases[testCaseID] else {
        report.problems.append(
          "'\(path)': test case run \(run.id) belongs to no test case in TestCases")
        continue
      }
      let destination = run.suiteRun.map(destination(ofSuiteRun:)) ?? Destination()
      let argumentList = arguments[run.id]
      let argumentText = argumentList.map { $0.joined(separator: ", ") }
      let key = [
        String(testCaseID), destination.configuration ?? "", destination.device ?? "",
        argumentText ?? "\u{0}",
      ].joined(separator: "\u{1}")
      var result = run.result.flatMap(XCResultResult.init(word:))
      if result == nil {
        report.problems.append(
          "'\(path)': test case run \(run.id) has the result '\(run.result ?? "NULL")', which "
            + "stategate does not know")
        result = .unfinished
      }
      let attempt = XCResultAttempt(
        result: result ?? .unfinished, durationSeconds: run.duration,
        issues: runIssues[run.id] ?? [],
        skipReason: run.skipNotice.flatMap { skipNotices[$0] })
      if let index = caseIndex[key] {
        report.cases[index].attempts.append(attempt)
        continue
      }
      caseIndex[key] = report.cases.count
      firstRun.append(run.id)
      let naming = Naming.of(
        identifier: testCase.identifier, name: testCase.name, displayName: testCase.summary,
        arguments: argumentText)
      report.cases.append(
        XCResultCase(
          suite: naming.suite, name: naming.name, displayName: naming.displayName,
          arguments: argumentText, configuration: destination.configuration,
          device: destination.device, repetitionMode: run.mode, attempts: [attempt]))
    }
    try checkAgainstRuns(
      database, testCases: Set(testCases.keys), runs: runs, path: path, into: &report)
    try checkIssues(
      database, tables: tables, runs: runs, identifiers: testCases.mapValues(\.identifier),
      bundle: bundle, into: &report)
    // The run order, not the test order, is the report's order.
    let order = report.cases.indices.sorted { firstRun[$0] < firstRun[$1] }
    report.cases = order.map { report.cases[$0] }
    for run in runIssues.keys where !knownRuns.contains(run) {
      report.problems.append(
        "'\(path)': issues recorded for test case run \(run), which TestCaseRuns does not hold")
    }
    // Issues of a suite itself (setUp/tearDown of the class, a crash outside any test).
    for (suiteRun, issue) in suiteIssues {
      let suiteID = suiteRun.flatMap { suiteRuns[$0]?.suite }
      let suite = suiteID.flatMap { suites[$0] }.map(Naming.dotted) ?? "(run)"
      let destination = suiteRun.map(destination(ofSuiteRun:)) ?? Destination()
      report.cases.append(
        XCResultCase(
          suite: suite, name: "(suite)", configuration: destination.configuration,
          device: destination.device, repetitionMode: nil,
          attempts: [XCResultAttempt(result: .failed, issues: [issue])]))
    }
    report.devices = uniqueInOrder(report.cases.compactMap(\.device))
    if report.devices.isEmpty { report.devices = uniqueInOrder(Array(devices.values).sorted()) }
    report.configurations = uniqueInOrder(report.cases.compactMap(\.configuration))
    report.qualifyByDestination()
    return report
  }

  /// Adds a problem for test cases without a run, and for Xcode's own per-case results the runs
  /// contradict.
  ///
  /// A failure Xcode recorded with no failing run, or a row for a case that is not there, means
  /// rows were removed: read as they are, they would make a shorter, greener run.
  private static func checkAgainstRuns(
    _ database: SQLiteDatabase, testCases: Set<Int>, runs: [Run], path: String,
    into report: inout XCResultReport
  ) throws {
    var withRuns: Set<Int> = []
    var failing: Set<Int> = []
    for run in runs {
      guard let testCase = run.testCase else { continue }
      withRuns.insert(testCase)
      if run.result == "Failure" { failing.insert(testCase) }
    }
    let runless = testCases.subtracting(withRuns).sorted()
    if let first = runless.first {
      report.problems.append(
        "'\(path)': \(runless.count) test case(s) have no run in TestCaseRuns (the first: row "
          + "\(first)); rows were removed, or the run did not finish")
    }
    var contradicted: [Int] = []
    var unknown: [Int] = []
    try database.forEachRow(
      "SELECT testCase_fk, result FROM TestCaseResultsByDestinationAndConfiguration"
    ) { row in
      guard let testCase = row.int(0) else { return }
      if !testCases.contains(testCase) {
        unknown.append(testCase)
      } else if row.text(1) == "Failure" && !failing.contains(testCase) {
        contradicted.append(testCase)
      }
    }
    if let first = contradicted.first {
      report.problems.append(
        "'\(path)': Xcode recorded a failure for \(Set(contradicted).count) test case(s) that no "
          + "run in TestCaseRuns failed (the first: row \(first)); rows were removed")
    }
    if let first = unknown.first {
      report.problems.append(
        "'\(path)': TestCaseResultsByDestinationAndConfiguration names \(Set(unknown).count) test "
          + "case(s) TestCases does not hold (the first: row \(first))")
    }
  }

  /// Adds a problem for each run that `TestCaseRuns` says did not fail while `TestIssues` holds
  /// a failure for it.
  ///
  /// An issue of an `Expected Failure` run is excused only when `ExpectedFailures` records an
  /// expected failure for that run (or for that issue): a failure edited into an expected one
  /// leaves the issue behind with nothing to excuse it.
  private static func checkIssues(
    _ database: SQLiteDatabase, tables: Set<String>, runs: [Run], identifiers: [Int: String],
    bundle: String, into report: inout XCResultReport
  ) throws {
    var expectedRuns: Set<Int> = []
    var expectedIssues: Set<Int> = []
    if tables.contains("ExpectedFailures") {
      try database.forEachRow("SELECT testCaseRun_fk, issue_fk FROM ExpectedFailures") { row in
        if let run = row.int(0) { expectedRuns.insert(run) }
        if let issue = row.int(1) { expectedIssues.insert(issue) }
      }
    }
    var issuesOfRun: [Int: [Int]] = [:]
    try database.forEachRow(
      "SELECT rowid, testCaseRun_fk FROM TestIssues WHERE testCaseRun_fk IS NOT NULL"
    ) { row in
      if let issue = row.int(0), let run = row.int(1) {
        issuesOfRun[run, default: []].append(issue)
      }
    }
    var reported: Set<Int> = []
    for run in runs {
      guard let result = run.result.flatMap(XCResultResult.init(word:)),
        result != .failed && result != .unfinished, let issues = issuesOfRun[run.id]
      else { continue }
      let unexcused = issues.filter {
        !(result == .expectedFailure
          && (expectedRuns.contains(run.id) || expectedIssues.contains($0)))
      }
      guard !unexcused.isEmpty, let testCase = run.testCase, reported.insert(testCase).inserted
      else { continue }
      let name = identifiers[testCase] ?? "row \(testCase)"
      report.problems.append(
        SelfDisagreement.line(
          bundle,
          "database.sqlite3 TestCaseRuns says '\(name)' \(SelfDisagreement.claim(result)) but "
            + "database.sqlite3 TestIssues holds \(unexcused.count) failure(s) for it"))
    }
  }

  /// `iPhone 16 Pro (iOS Simulator 18.2)`.
  static func deviceText(name: String?, platform: String?, version: String?) -> String? {
    guard let name, !name.isEmpty else { return nil }
    let detail = [platform, version].compactMap { $0 }.filter { !$0.isEmpty }
    return detail.isEmpty ? name : "\(name) (\(detail.joined(separator: " ")))"
  }

  static func uniqueInOrder(_ values: [String]) -> [String] {
    var seen: Set<String> = []
    return values.filter { seen.insert($0).inserted }
  }
}
