import Contracts
import Foundation
import ResultSchema
import RunModel
import Runner
import Testing

@testable import ResultFiles
@testable import ResultWriting

/// Recording a run costs work in proportion to its cases: counted lookups, never wall time.
@Suite("Recording cost")
@MainActor
struct RecordingCostTests {
  /// Records a run of `count` two-step cases in one suite file (of `planned` cases, by default
  /// all of them) that ended with `status`, and returns the recorder and the run's directory.
  private func record(
    cases count: Int, planned: Int? = nil, status: Manifest.Status = .complete,
    output: String? = nil
  ) throws -> (recorder: ResultDirectoryWriter, path: String) {
    let cases = (0..<count).map { index in
      ContractCase(
        id: "case-\(index)", title: "case \(index)",
        steps: [
          ContractStep(action: .undoHistory(.adjust(10)), expectations: [], line: 3 * index + 3),
          ContractStep(action: .undoHistory(.undo), expectations: [], line: 3 * index + 4),
        ])
    }
    let suite = ContractSuite(
      id: "big", family: .undoHistory, title: "Big", source: "big.suite", cases: cases)
    let subject = SubjectEntry.undoHistory("never-made", summary: "not made by the recorder") {
      fatalError("the recorder never makes a subject")
    }
    let plan = RunPlan(suites: [suite], subjects: [subject])
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-recording-cost-\(UUID().uuidString)").path
    let output = output ?? temporary
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    let recorder = ResultDirectoryWriter(
      directory: try ResultDirectory.create(in: output, prefix: "big"),
      context: ResultDirectoryWriter.Context(
        toolVersion: "stategate test", commandLine: ["stategate", "run"], filter: [],
        hostname: "test", startDate: Date(), ci: nil, suites: [suite]))
    recorder.record(.runStarted(plan))
    recorder.record(.suiteStarted(plan.entries[0]))
    var results: [CaseResult] = []
    for contractCase in cases {
      recorder.record(.caseStarted(suiteID: "big", caseID: contractCase.id, subject: subject.name))
      for (index, step) in contractCase.steps.enumerated() {
        let record = StepRecord(
          number: index + 1, line: step.line, action: step.action, before: StateSnapshot(),
          after: StateSnapshot(), expectations: [], mismatches: [])
        recorder.record(
          .stepFinished(
            suiteID: "big", caseID: contractCase.id, subject: subject.name, step: record))
      }
      let result = CaseResult(
        suiteID: "big", caseID: contractCase.id, title: contractCase.title, subject: subject.name,
        outcome: .passed, steps: [], stepCount: 2, classification: nil, durationSeconds: 0)
      recorder.record(.caseFinished(result))
      results.append(result)
    }
    let suiteResult = SuiteResult(
      suiteID: "big", title: "Big", family: .undoHistory, subject: subject.name, cases: results,
      durationSeconds: 0)
    recorder.record(.suiteFinished(suiteResult))
    let report = RunReport(
      suites: [suiteResult], durationSeconds: 0, wasInterrupted: status == .interrupted,
      plannedCases: planned ?? count)
    recorder.record(.runFinished(report))
    let path = try recorder.finish(report: report, status: status, endDate: Date())
    return (recorder, path)
  }

  @Test("Each case is looked up twice, at 1,000 cases as at 4,000: once to start, once in JUnit")
  func lookupsPerCaseAreConstant() throws {
    for count in [1_000, 4_000] {
      #expect(try record(cases: count).recorder.caseLookups == 2 * count)
    }
  }

  @Test("An interrupted run's junit.xml says so in a case of its own, even between two cases")
  func interruptedRunIsAnErrorInJUnit() throws {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-interrupted-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let interrupted = try record(cases: 3, planned: 10, status: .interrupted, output: output).path
    let junit = try String(contentsOfFile: interrupted + "/junit.xml", encoding: .utf8)
    #expect(
      junit.contains(
        "<error type=\"interrupted\" message=\"the run was interrupted: 7 of its 10 planned cases "
          + "did not run\""))
    var failing = 0
    try JUnitReader.read(path: interrupted + "/junit.xml") { record in
      if record.outcome != .passed { failing += 1 }
    }
    #expect(failing == 1, "a reader of junit.xml alone sees the run fail")
    let complete = try record(cases: 3, output: output).path
    #expect(
      !(try String(contentsOfFile: complete + "/junit.xml", encoding: .utf8)).contains("<error"))
  }
}
