import Foundation
import ResultFiles
import ResultSchema
import Testing

/// A crashed or timed-out case names the step its worker did not finish, in every output.
@Suite("Unfinished steps", .serialized)
struct UnfinishedStepTests {
  @Test(
    "A crashed or timed-out case carries the step it died in: events, JSON report and JUnit",
    arguments: [
      ("fault:traps", "crashed", "crashed: the worker ended with signal SIGILL"),
      ("fault:hangs", "timed-out", "did not finish within 0.5s: the subject hung"),
    ])
  func unfinishedStep(subject: String, failureClass: String, ending: String) throws {
    let output = freshOutput()
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = try ToolProcess.run(
      try stategateExecutable(),
      [
        "run", "--output", output, "--subject", subject, "--filter", "button-tap-one-group",
        "--step-timeout", "0.5s", "--jobs", "1", "--format", "json",
      ])
    #expect(result.status == 1)
    let names = runDirectories(in: output)
    try #require(names.count == 1)
    let directory = PathText.join(output, names[0])
    let recorded = try RecordedRun.read(directory)
    var completed = 0
    var finished: EventRecord.CaseFinished?
    for event in recorded.events {
      switch event {
      case .step: completed += 1
      case .caseFinished(let record): finished = record
      default: continue
      }
    }
    let record = try #require(finished)
    #expect(record.failureClass == failureClass)
    #expect(record.firstFailureStep == completed + 1)

    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let suites = try #require(report["suites"] as? [[String: Any]])
    let cases = try #require(suites.first?["cases"] as? [[String: Any]])
    let failure = try #require(cases.first?["firstFailure"] as? [String: Any])
    #expect(failure["step"] as? Int == completed + 1)
    #expect(failure["notes"] as? [String] == [ending])
    let line = try #require(failure["line"] as? Int)
    let action = try #require(failure["action"] as? String)

    let junit = try String(
      contentsOfFile: PathText.join(directory, "junit.xml"), encoding: .utf8)
    #expect(junit.contains("line=\"\(line)\">"))
    #expect(
      junit.contains(
        "<failure type=\"\(failureClass)\" message=\"step \(completed + 1) '\(action)' \(ending)\">"
      ))
    #expect(junit.contains("FAIL \(completed + 1). \(action)"))
  }
}
