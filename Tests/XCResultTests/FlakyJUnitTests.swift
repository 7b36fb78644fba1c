import Foundation
import ResultFiles
import Testing
import Triage
import XCResult

/// A test that failed and then passed on a retry stays flaky in the JUnit `stategate junit`
/// writes: never a plain pass.
@Suite("Flaky cases in JUnit")
struct FlakyJUnitTests {
  let bundle = {
    var report = XCResultReport(
      path: "Run.xcresult", source: .database,
      cases: [
        XCResultCase(
          suite: "AppTests.Sync", name: "testRetry()", repetitionMode: "RunRetryOnFailure",
          attempts: [
            XCResultAttempt(
              result: .failed, durationSeconds: 0.5,
              issues: [
                XCResultIssue(message: "timed out", file: "Sync.swift", line: 12, type: "failure")
              ]),
            XCResultAttempt(result: .passed, durationSeconds: 0.4),
          ]),
        XCResultCase(
          suite: "AppTests.Sync", name: "testSteady()",
          attempts: [XCResultAttempt(result: .passed, durationSeconds: 0.1)]),
      ])
    report.startTime = 1_800_000_000
    report.devices = ["iPhone 16"]
    return report
  }()

  func written(_ dialect: JUnitReport.Dialect) throws -> (text: String, path: String) {
    let bytes = try JUnitWriter.bytes(of: XCResultJUnit.report(of: bundle, dialect: dialect))
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-flaky-\(UUID().uuidString).xml")
    try Data(bytes).write(to: file)
    return (String(decoding: bytes, as: UTF8.self), file.path)
  }

  @Test("The standard dialect writes each failed attempt as a flakyFailure, and triage reads it")
  func standardWritesFlakyFailure() throws {
    let (text, path) = try written(.standard)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(text.contains("<flakyFailure message=\"attempt 1 of 2: Sync.swift:12: timed out\""))
    #expect(text.contains("<stackTrace>Sync.swift:12: timed out</stackTrace>"))
    #expect(text.components(separatedBy: "<flakyFailure").count == 2)
    let counts = ArchiveTriage.report(paths: [path]).inputs[0].counts
    #expect(counts.flaky == 1)
    #expect(counts.failed == 0)
    #expect(counts.passed == 2)
  }

  @Test("The strict dialect names the flaky case in a property and still validates")
  func strictNamesFlakyCase() throws {
    let (text, path) = try written(.strict)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(!text.contains("flakyFailure"))
    #expect(
      text.contains(
        "<property name=\"flaky\" value=\"testRetry(): passed after 1 failed attempt: attempt 1 of "
          + "2: Sync.swift:12: timed out\"/>"))
    for name in ["jenkins-xunit-junit-10.xsd", "windyroad-JUnit.xsd"] {
      let errors = try LibXML2.validate(
        Array(text.utf8), documentName: "junit.xml", schemaPath: schema(name))
      #expect(errors.isEmpty, "\(name): \(errors)")
    }
  }
}
