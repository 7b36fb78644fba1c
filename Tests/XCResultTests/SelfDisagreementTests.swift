import Foundation
import Testing
import Triage

@testable import XCResult

/// A bundle that contradicts itself is `malformed`, naming the two sources; it never reads as
/// its greenest source.
@Suite struct SelfDisagreementTests {
  static let mixed = "Xcode16-Mixed-XCTest-SwiftTesting.xcresult"

  /// The triage verdict and problems of `bundle`, read on a thread of its own within 10 s.
  func answer(_ bundle: String) throws -> (verdict: TriageVerdict, problems: [String]) {
    let found = withDeadline(10) {
      let report = ArchiveTriage.report(paths: [bundle])
      return (report.verdict, report.inputs.flatMap(\.problems))
    }
    return try #require(found, "'\(bundle)' gave no answer within 10 s")
  }

  @Test("Runs and per-case results edited to Success while TestIssues holds the failures")
  func databaseEditedGreen() throws {
    let bundle = try copyOfFixture(Self.mixed)
    try sqlite(
      bundle + "/database.sqlite3",
      "UPDATE TestCaseRuns SET result = 'Success' WHERE result = 'Failure'; "
        + "UPDATE TestCaseResultsByDestinationAndConfiguration SET result = 'Success' "
        + "WHERE result = 'Failure';")
    let (verdict, problems) = try answer(bundle)
    #expect(verdict == .malformed)
    #expect(
      problems.contains {
        $0.hasPrefix("'\(bundle)' disagrees with itself: database.sqlite3 TestCaseRuns says '")
          && $0.contains("' succeeded but database.sqlite3 TestIssues holds 1 failure(s) for it")
      }, "\(problems)")
    #expect(try XCResultJUnit.read(bundle).problems.isEmpty == false)
  }

  @Test(
    "A failure edited into an expected failure or a skip leaves its TestIssues: malformed",
    arguments: ["Expected Failure", "Skipped"])
  func databaseEditedExpected(word: String) throws {
    let bundle = try copyOfFixture(Self.mixed)
    try sqlite(
      bundle + "/database.sqlite3",
      "UPDATE TestCaseRuns SET result = '\(word)' WHERE result = 'Failure'; "
        + "UPDATE TestCaseResultsByDestinationAndConfiguration SET result = '\(word)' "
        + "WHERE result = 'Failure';")
    let (verdict, problems) = try answer(bundle)
    #expect(verdict == .malformed)
    #expect(problems.contains { $0.contains("TestIssues holds") }, "\(problems)")
  }

  @Test("A genuine expected failure, with nothing else holding a failure, still reads as a pass")
  func genuineExpectedFailure() throws {
    let bundle = try copyOfFixture(Self.mixed)
    try sqlite(
      bundle + "/database.sqlite3",
      """
      UPDATE TestCaseRuns SET result = 'Expected Failure' WHERE rowid = (SELECT min(r.rowid) \
      FROM TestCaseRuns r WHERE r.result = 'Success' AND NOT EXISTS (SELECT 1 FROM TestIssues i \
      WHERE i.testCaseRun_fk = r.rowid));
      """)
    let (verdict, problems) = try answer(bundle)
    #expect(verdict == .failed)
    #expect(problems.isEmpty)
    let objects = try copyOfFixture("Test.test_result.xcresult")
    let edited = try ObjectEditing.edit(
      objects, type: "ActionTestPlanRunSummaries",
      ObjectEditing.statuses("Success", to: "Expected Failure"))
    try ObjectEditing.edit(
      objects, type: "ActionTestSummary", ObjectEditing.statuses("Success", to: "Expected Failure"))
    #expect(edited == 1)
    let read = try answer(objects)
    #expect(read.verdict == .failed)
    #expect(read.problems.isEmpty)
    let report = try XCResultBundle.read(objects)
    #expect(report.cases.filter { $0.outcome == .passed }.count == 5)
  }

  @Test("The test tree and the counts edited to Success while the summary objects hold failures")
  func treeAndCountsEditedGreen() throws {
    let bundle = try copyOfFixture("Test.test_result.xcresult")
    try ObjectEditing.edit(
      bundle, type: "ActionTestPlanRunSummaries", ObjectEditing.statuses("Failure", to: "Success"))
    try ObjectEditing.edit(bundle, type: "ActionsInvocationRecord", ObjectEditing.noFailedCount)
    let (verdict, problems) = try answer(bundle)
    #expect(verdict == .malformed)
    #expect(
      problems.contains(
        "'\(bundle)' disagrees with itself: the test tree says 'TestTests/testFailureJosh1()' "
          + "succeeded but its summary object says it failed"), "\(problems)")
  }

  @Test("Tree, counts and summary objects edited green while the failure summaries still hold them")
  func onlyFailureSummariesLeft() throws {
    let bundle = try copyOfFixture("Test.test_result.xcresult")
    try ObjectEditing.edit(
      bundle, type: "ActionTestPlanRunSummaries", ObjectEditing.statuses("Failure", to: "Success"))
    try ObjectEditing.edit(bundle, type: "ActionsInvocationRecord", ObjectEditing.noFailedCount)
    try ObjectEditing.edit(bundle, type: "ActionTestSummary") {
      ObjectEditing.removing("failureSummaries")(
        ObjectEditing.statuses("Failure", to: "Success")($0))
    }
    let (verdict, problems) = try answer(bundle)
    #expect(verdict == .malformed)
    #expect(
      problems.contains {
        $0.contains(
          "the test tree says 'TestTests/testFailureJosh1()' succeeded but the failure "
            + "summaries of the action")
      }, "\(problems)")
  }

  @Test("The counts alone edited: the tree still fails, and the bundle is malformed")
  func countsEdited() throws {
    let bundle = try copyOfFixture("Test.test_result.xcresult")
    try ObjectEditing.edit(bundle, type: "ActionsInvocationRecord", ObjectEditing.noFailedCount)
    let (verdict, problems) = try answer(bundle)
    #expect(verdict == .malformed)
    #expect(problems.contains { $0.contains("say 0 test(s) failed") }, "\(problems)")
  }

  @Test(
    "The only failing test flipped in the tree, or made an expected failure, is malformed",
    arguments: ["Success", "Expected Failure", "Skipped"])
  func onlyFailureFlipped(word: String) throws {
    let bundle = try copyOfFixture("SwiftTesting.xcresult")
    try FileManager.default.removeItem(atPath: bundle + "/database.sqlite3")
    #expect(try answer(bundle).verdict == .failed)
    try ObjectEditing.edit(
      bundle, type: "ActionTestPlanRunSummaries", ObjectEditing.statuses("Failure", to: word))
    let (verdict, problems) = try answer(bundle)
    #expect(verdict == .malformed)
    #expect(
      problems.contains {
        $0.contains("the test tree says 'FastlaneTrainerSwiftTestingTests/NestedTests/")
      }, "\(problems)")
  }

  @Test("A database that is a FIFO is refused at once, named, not waited on")
  func fifoDatabase() throws {
    let bundle = try copyOfFixture(Self.mixed)
    let database = bundle + "/database.sqlite3"
    try FileManager.default.removeItem(atPath: database)
    #expect(mkfifo(database, 0o644) == 0)
    let (verdict, problems) = try answer(bundle)
    #expect(verdict == .malformed)
    #expect(problems == ["'\(database)': a FIFO, not a regular file"])
  }

  @Test("An object or xcresulttool JSON that is a FIFO is refused, named")
  func fifoObjectAndJSON() throws {
    let bundle = try copyOfFixture("Test.test_result.xcresult")
    let root = try #require(try dataObjects(bundle).first { $0.contains("ONz3zz9Pw_nP") })
    try FileManager.default.removeItem(atPath: root)
    #expect(mkfifo(root, 0o644) == 0)
    let (verdict, problems) = try answer(bundle)
    #expect(verdict == .malformed)
    #expect(problems == ["'\(root)': a FIFO, not a regular file"])
    let json = (bundle as NSString).deletingLastPathComponent + "/tests.json"
    #expect(mkfifo(json, 0o644) == 0)
    let read = try answer(json)
    #expect(read.verdict == .malformed)
    #expect(read.problems == ["'\(json)': a FIFO, not a regular file"])
  }
}
