import Foundation
import Testing

@testable import Triage

/// Swift Testing streams of every known schema version (issue 30): cancelled tests, warnings and
/// known issues, iterations, tags and bugs, and a version stategate does not know.
@Suite("Swift Testing streams by version")
struct SwiftTestingStreamTests {
  @Test(
    "A cancelled test or test case is cancelled, never passed, and the stream is not green",
    arguments: ["swift-testing-v6.3-cancelled.jsonl", "swift-testing-v6.3-case-cancelled.jsonl"])
  func cancelledIsNeverPassed(file: String) throws {
    let input = triage(try sample(file))
    #expect(input.status == .complete)
    #expect(input.counts.passed == 0)
    #expect(input.counts.cancelled == 1)
    #expect(input.failures.map(\.outcome) == [.cancelled])
    #expect(input.failures.first?.reason.contains("cancelled before its end") == true)
    #expect(input.verdict == .incomplete)
    #expect(TriageReport(inputs: [input]).verdict == .incomplete)
    #expect(TriageReport(inputs: [input]).text().contains("CANCELLED  AppTests.Suite/cancels(x:)"))
  }

  @Test("Schema versions are read by their documented fields")
  func versions() throws {
    #expect(SwiftTestingEventsTriage.Schema(0) == .v0)
    #expect(SwiftTestingEventsTriage.Schema("6.3") == .v63)
    #expect(SwiftTestingEventsTriage.Schema("6.3.0") == .v63)
    #expect(SwiftTestingEventsTriage.Schema("6.4") == .v64)
    #expect(SwiftTestingEventsTriage.Schema(99) == .unknown("99"))
    #expect(SwiftTestingEventsTriage.Schema("99") == .unknown("'99'"))
    #expect(SwiftTestingEventsTriage.Schema(nil) == .unknown("none"))
  }

  @Test(
    "A known issue (version 0), a warning and a known issue (6.3) are not failures",
    arguments: [
      "swift-testing-v0-known-issue.jsonl", "swift-testing-v6.3-warning-known-issue.jsonl",
    ])
  func warningsAndKnownIssuesPass(file: String) throws {
    let input = triage(try sample(file))
    #expect(input.problems == [])
    #expect(input.counts.passed == 2)
    #expect(input.counts.failed == 0)
    #expect(input.verdict == .passed)
  }

  @Test("Version 0: an issue that is not known is a failure (no isFailure field to read)")
  func versionZeroFailure() throws {
    let input = triage(try sample("swift-testing-v0-failure.jsonl"))
    #expect(input.problems == [])
    #expect(input.counts.failed == 1)
    #expect(input.verdict == .failed)
  }

  @Test("6.4 iterations are attempts: the last decides, a pass after a failure is flaky")
  func iterations() throws {
    let input = triage(try sample("swift-testing-v6.4-iterations.jsonl"))
    #expect(input.problems == [])
    #expect(input.counts.passed == 1)
    #expect(input.counts.failed == 1)
    #expect(input.counts.flaky == 1)
    #expect(input.outcomes["AppTests.Suite/flaky()"] == .passed)
    #expect(input.outcomes["AppTests.Suite/regresses()"] == .failed)
    let failure = try #require(input.failures.first)
    #expect(failure.name == "regresses()")
    #expect(failure.firstStep == "Expectation failed: iteration 2")
    #expect(failure.reason.contains("2 iterations; the last one, 2, decides"))
    #expect(failure.tags == ["undo", "critical"])
    #expect(
      failure.bugs == [
        TriageBug(url: "https://example.com/issues/42", id: "42", title: "redo lost")
      ])
    let text = TriageReport(inputs: [input]).text()
    #expect(
      text.contains(
        "      tags: undo, critical; bugs: 42 \"redo lost\" https://example.com/issues/42"))
    #expect(TriageReport(inputs: [input]).json().contains("\"tags\" : ["))
  }

  @Test("An unknown version (the experimental 99) is read, said, and never green")
  func unknownVersionIsNotGreen() throws {
    let input = triage(try sample("swift-testing-v99.jsonl"))
    #expect(input.counts.passed == 1)
    #expect(
      input.problems == [
        "'\(input.path)':1: schema version 99 of Swift Testing's event stream is not one "
          + "stategate knows (0, '6.3', '6.4'); its records were read as far as their fields are "
          + "known, so the stream cannot pass"
      ])
    #expect(input.verdict == .malformed)
  }
}
