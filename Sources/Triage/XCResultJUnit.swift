import Foundation
import ResultFiles
import XCResult

/// Turns the tests of an `.xcresult` bundle (or `xcresulttool`'s JSON) into a ``JUnitReport``
/// for the project's JUnit writer: one `<testsuite>` per suite, one `<testcase>` per case.
///
/// A case is named by its test function (with a parameterised case's arguments), as Swift
/// Testing's JUnit names it, never by its display name; its attempts are one `<testcase>`, decided
/// as triage decides it (the last retry, or the worst fixed repetition), with every failure of the
/// deciding attempt in the `<failure>` text as `file:line: message`. A run that did not finish
/// gets an `<error>` case of its own, so the file never reads green.
package enum XCResultJUnit {
  /// Reads `path`: a bundle, or a `.json` file `xcresulttool` wrote.
  ///
  /// - Throws: ``XCResultError`` when it is missing or cannot be read completely.
  package static func read(_ path: String) throws(XCResultError) -> XCResultReport {
    var isFolder: ObjCBool = false
    if path.lowercased().hasSuffix(".json"),
      FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue
    {
      return try XCResultJSON.read(path)
    }
    return try XCResultBundle.read(path)
  }

  /// The JUnit report of `bundle`.
  ///
  /// - Parameters:
  ///   - bundle: What a reader found.
  ///   - dialect: `default` (with `file` and `line`) or `strict`.
  /// - Returns: The report, ready for ``JUnitWriter``.
  package static func report(of bundle: XCResultReport, dialect: JUnitReport.Dialect)
    -> JUnitReport
  {
    var order: [String] = []
    var cases: [String: [JUnitReport.Case]] = [:]
    var times: [String: Double] = [:]
    for testCase in bundle.cases {
      if cases[testCase.suite] == nil { order.append(testCase.suite) }
      let time = testCase.attempts.compactMap(\.durationSeconds).reduce(0, +)
      times[testCase.suite, default: 0] += time
      cases[testCase.suite, default: []].append(junitCase(testCase, time: time))
    }
    if let unfinished = bundle.unfinished {
      order.append("(run)")
      cases["(run)"] = [
        JUnitReport.Case(
          className: "(run)", name: "(the run did not finish)", timeSeconds: 0,
          result: .error(type: "incomplete", message: unfinished, body: unfinished))
      ]
    }
    var properties: [(name: String, value: String)] = [("xcresult", bundle.source.rawValue)]
    properties += bundle.devices.map { ("device", $0) }
    properties += bundle.configurations.map { ("configuration", $0) }
    let suites = order.map { name in
      JUnitReport.Suite(
        name: name, package: "", timestamp: timestamp(bundle.startTime),
        hostname: bundle.devices.first ?? "", timeSeconds: times[name] ?? 0,
        properties: properties, cases: cases[name] ?? [], systemOut: "")
    }
    return JUnitReport(suites: suites, dialect: dialect)
  }

  private static func junitCase(_ testCase: XCResultCase, time: Double) -> JUnitReport.Case {
    let deciding = testCase.decidingAttempt
    let issues = deciding?.issues ?? []
    let attempts =
      testCase.attempts.count > 1
      ? "\n(\(testCase.attempts.count) attempts: "
        + testCase.attempts.map(\.result.rawValue).joined(separator: ", ") + ")"
      : ""
    let body =
      issues.map { Naming.escapingControls($0.located, keepingLineBreaks: true) }
      .joined(separator: "\n") + attempts
    let result: JUnitReport.Result
    switch testCase.outcome {
    case .passed, .expectedFailure:
      result = .passed
    case .skipped:
      result = .skipped(
        message: Naming.escapingControls(
          deciding?.skipReason ?? "skipped", keepingLineBreaks: false))
    case .failed:
      let first =
        issues.first.map {
          Naming.escapingControls(firstLine($0.located), keepingLineBreaks: false)
        }
        ?? "failed (no message recorded)"
      result = .failure(type: issues.first?.type ?? "failure", message: first, body: body)
    case .unfinished:
      result = .error(
        type: "unfinished", message: "the test never finished, or its result is unknown",
        body: body)
    }
    let located = issues.first { $0.file != nil }
    return JUnitReport.Case(
      className: testCase.suite, name: testCase.name, file: located?.file, line: located?.line,
      timeSeconds: time, result: result, flakyFailures: flakyFailures(of: testCase))
  }

  /// The failed attempts of a case that passed on a retry, each as one flaky failure.
  private static func flakyFailures(of testCase: XCResultCase) -> [JUnitReport.FlakyFailure] {
    guard testCase.isFlaky else { return [] }
    return testCase.attempts.enumerated().filter { $0.element.result == .failed }.map {
      number, attempt in
      let message =
        attempt.issues.first.map {
          Naming.escapingControls(firstLine($0.located), keepingLineBreaks: false)
        } ?? "failed (no message recorded)"
      let body = attempt.issues.map {
        Naming.escapingControls($0.located, keepingLineBreaks: true)
      }
      return JUnitReport.FlakyFailure(
        type: attempt.issues.first?.type ?? "failure",
        message: "attempt \(number + 1) of \(testCase.attempts.count): \(message)",
        body: body.joined(separator: "\n"))
    }
  }

  private static func firstLine(_ text: String) -> String {
    String(text.prefix { $0 != "\n" })
  }

  /// `YYYY-MM-DDTHH:MM:SS` in UTC, without a zone (Ant's format); empty when unknown.
  static func timestamp(_ seconds: Double?) -> String {
    guard let seconds else { return "" }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
    return formatter.string(from: Date(timeIntervalSince1970: seconds))
  }
}
