import Foundation

/// Reads test cases out of the legacy result model (`ActionTestPlanRunSummaries` and below),
/// wherever the values came from: the object store, which can follow each test's `summaryRef`,
/// or legacy JSON, which cannot.
struct LegacyModelReader {
  /// Fetches the object a reference names; `nil` when references cannot be followed.
  var resolve: ((String) throws(XCResultError) -> LegacyValue)?
  /// Where the values came from, for problems.
  var path: String

  private struct Leaf {
    var identifier: String
    var name: String
    var status: String?
    var duration: Double?
    var summary: LegacyValue?
  }

  /// One test of the tree as the tree records it: what the counts and failure summaries of the
  /// same run are checked against.
  struct TreeTest: Hashable {
    /// The test plan configuration.
    var configuration: String?
    /// The test identifier (`Suite/testName()`).
    var identifier: String
    /// The tree's status of each attempt, in order.
    var results: [XCResultResult]
  }

  /// Adds the cases of one `ActionTestPlanRunSummaries` to `report`.
  ///
  /// Each test's status in the tree is checked against its summary object (status and failure
  /// summaries); a disagreement is a problem in `report`.
  ///
  /// - Parameters:
  ///   - summaries: The `ActionTestPlanRunSummaries` value.
  ///   - device: The device its action ran on.
  ///   - report: Where the cases go.
  /// - Returns: Every test of the tree with the status of each of its attempts.
  /// - Throws: ``XCResultError`` when a referenced summary cannot be read.
  @discardableResult
  func read(_ summaries: LegacyValue, device: String?, into report: inout XCResultReport)
    throws(XCResultError) -> [TreeTest]
  {
    var tests: [TreeTest] = []
    var testIndex: [String: Int] = [:]
    guard summaries.typeName == "ActionTestPlanRunSummaries" else {
      throw XCResultError(
        path: path,
        reason: "expected the tests (ActionTestPlanRunSummaries), found '\(summaries.typeName)'")
    }
    var index: [String: Int] = [:]
    for planRun in summaries.array("summaries") {
      let configuration = planRun.string("name")
      for testable in planRun.array("testableSummaries") {
        var leaves: [Leaf] = []
        try collect(testable.array("tests"), into: &leaves, depth: 0)
        for leaf in leaves {
          let result = try add(
            leaf, configuration: configuration, device: device, index: &index, into: &report)
          let key = (configuration ?? "") + "\u{1}" + leaf.identifier
          if let existing = testIndex[key] {
            tests[existing].results.append(result)
          } else {
            testIndex[key] = tests.count
            tests.append(
              TreeTest(
                configuration: configuration, identifier: leaf.identifier, results: [result]))
          }
        }
      }
    }
    return tests
  }

  private func collect(_ values: [LegacyValue], into leaves: inout [Leaf], depth: Int)
    throws(XCResultError)
  {
    guard depth < CompactEncodingReader.depthLimit else {
      throw XCResultError(path: path, reason: "test groups nested deeper than the limit")
    }
    for value in values {
      if value.typeName.hasSuffix("Group") || value["subtests"] != nil {
        try collect(value.array("subtests"), into: &leaves, depth: depth + 1)
        continue
      }
      var summary: LegacyValue? = value.typeName == "ActionTestSummary" ? value : nil
      if summary == nil, let id = value["summaryRef"]?.string("id"), let resolve {
        summary = try resolve(id)
      }
      leaves.append(
        Leaf(
          identifier: value.string("identifier") ?? value.string("name") ?? "",
          name: value.string("name") ?? "", status: value.string("testStatus"),
          duration: value.string("duration").flatMap(Double.init), summary: summary))
    }
  }

  @discardableResult
  private func add(
    _ leaf: Leaf, configuration: String?, device: String?, index: inout [String: Int],
    into report: inout XCResultReport
  ) throws(XCResultError) -> XCResultResult {
    var result = leaf.status.flatMap(XCResultResult.init(word:))
    if result == nil {
      report.problems.append(
        "'\(path)': the test '\(leaf.identifier)' has the status '\(leaf.status ?? "none")', "
          + "which stategate does not know")
      result = .unfinished
    }
    let summary = leaf.summary
    let issues = (summary?.array("failureSummaries") ?? []).map { failure in
      XCResultIssue(
        message: failure.string("message") ?? "",
        file: failure.string("fileName")
          ?? failure["sourceCodeContext"]?["location"]?.string("filePath"),
        line: failure.string("lineNumber").flatMap { Int($0) },
        type: failure.string("issueType"))
    }
    check(leaf, result: result ?? .unfinished, issues: issues, into: &report)
    let argumentList = (summary?.array("arguments") ?? []).compactMap {
      $0.string("description") ?? $0["value"]?.string("description")
    }
    let arguments = argumentList.isEmpty ? nil : argumentList.joined(separator: ", ")
    let attempt = XCResultAttempt(
      result: result ?? .unfinished, durationSeconds: leaf.duration, issues: issues,
      skipReason: summary?["skipNoticeSummary"]?.string("message"))
    let policy = summary?["repetitionPolicySummary"]
    let key = [configuration ?? "", device ?? "", leaf.identifier, arguments ?? "\u{0}"]
      .joined(separator: "\u{1}")
    if let existing = index[key] {
      report.cases[existing].attempts.append(attempt)
      return attempt.result
    }
    index[key] = report.cases.count
    let naming = Naming.of(
      identifier: leaf.identifier, name: leaf.name, displayName: nil, arguments: arguments)
    report.cases.append(
      XCResultCase(
        suite: naming.suite, name: naming.name, displayName: naming.displayName,
        arguments: arguments, configuration: configuration, device: device,
        repetitionMode: policy?.string("repetitionMode"), attempts: [attempt]))
    return attempt.result
  }

  /// Adds a problem when a test's summary object contradicts the tree: another status, or
  /// failures for a test the tree says did not fail.
  private func check(
    _ leaf: Leaf, result: XCResultResult, issues: [XCResultIssue],
    into report: inout XCResultReport
  ) {
    guard let summary = leaf.summary else { return }
    let claim = SelfDisagreement.claim(result)
    if let word = summary.string("testStatus"), let status = XCResultResult(word: word),
      status != result
    {
      report.problems.append(
        SelfDisagreement.line(
          report.path,
          "the test tree says '\(leaf.identifier)' \(claim) but its summary object says it "
            + SelfDisagreement.claim(status)))
    } else if result != .failed && result != .unfinished && !issues.isEmpty {
      report.problems.append(
        SelfDisagreement.line(
          report.path,
          "the test tree says '\(leaf.identifier)' \(claim) but its summary object holds "
            + "\(issues.count) failure(s) for it"))
    }
  }

  /// `iPhone 16 Pro (iOS Simulator 18.2)` from an `ActionRunDestinationRecord`.
  static func device(of destination: LegacyValue?) -> String? {
    guard let destination else { return nil }
    let record = destination["targetDeviceRecord"]
    return DatabaseReader.deviceText(
      name: record?.string("name") ?? destination.string("displayName"),
      platform: record?["platformRecord"]?.string("userDescription"),
      version: record?.string("operatingSystemVersion"))
  }

  /// Seconds since 1970 of a legacy `Date` (`2019-09-04T00:42:48.951-0500`).
  static func seconds(ofDate text: String?) -> Double? {
    guard let text else { return nil }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    for format in ["yyyy-MM-dd'T'HH:mm:ss.SSSZ", "yyyy-MM-dd'T'HH:mm:ssZ"] {
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
    }
    return nil
  }
}
