import Contracts
import Faults
import Foundation
import ReferenceModels
import RunModel
import Runner
import Testing

@testable import StateGateTesting

/// The `@Test` path: contract suites and exploration run from a test, their failures recorded as
/// Swift Testing issues with the class in the text, skips never counted as passes.
@Suite("Contracts from swift test")
@MainActor
struct ContractTestsTests {
  /// A scratch folder for suite files and result directories.
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-testing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// The reference editor (the first reference subject).
  nonisolated static let editor = SubjectEntry.reference[0]

  /// Writes `text` as `NAME.suite` in the scratch folder and returns its path.
  func suiteFile(_ name: String, _ text: String) throws -> String {
    let path = folder.appendingPathComponent("\(name).suite").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test("The reference editor passes the built-in suites, and the run is a result directory")
  func referencePasses() throws {
    let report = try ContractTests.check(Self.editor, resultsIn: folder.path)
    #expect(report.failed == 0)
    #expect(report.passed > 0)
    let directory = try #require(report.resultDirectory)
    for file in ["manifest.json", "events.jsonl", "junit.xml", "summary.md"] {
      #expect(FileManager.default.fileExists(atPath: directory + "/" + file), "\(file)")
    }
  }

  @Test("A faulty subject records one issue per failing case, tagged with its class")
  func faultFailsWithItsClass() throws {
    let fault = Fault.redoSurvivesEdits
    var report: ContractTestReport?
    try withKnownIssue {
      report = try ContractTests.check(fault.subject, resultsIn: folder.path)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("stategate[\(fault.expectedClass.rawValue)] undo-history/")
          && $0.rawValue.contains("(builtin:undo-history.suite:")
      }
    }
    let failed = try #require(report).failed
    #expect(failed > 0)
  }

  @Test("A failing case of a suite file points at the failing step's line")
  func failureAtTheSuiteLine() throws {
    let path = try suiteFile(
      "own",
      """
      suite own family undo "A wrong expectation"

      case wrong "Undo of nothing"
        drag began
        drag moved 10
        drag ended           => canUndo=no
      """)
    let suite = try SuiteReader.read(contentsOf: path)
    let plan = RunPlan(suites: [suite], subjects: [Self.editor])
    let result = ContractRunner(clock: { 0 }).run(plan).suites[0].cases[0]
    guard case .failed(let text, let place) = CaseVerdict.of(result, in: suite) else {
      Issue.record("expected a failure, got \(result.outcome)")
      return
    }
    #expect(place?.filePath == path)
    #expect(place?.line == 6)
    #expect(place?.fileID == "\(folder.lastPathComponent)/own.suite")
    #expect(text.hasPrefix("stategate[unclassified] own/wrong [editor]: step 3 'drag ended'"))
    #expect(!text.contains("builtin:"))
  }

  @Test("A case the subject lacks a capability for is a skip, never a pass")
  func skipIsNotAPass() throws {
    let path = try suiteFile(
      "needs",
      """
      suite needs family undo "Needs a capability the editor lacks"

      case needs-selection "Selection"
        requires selection
        drag began
      """)
    let suite = try SuiteReader.read(contentsOf: path)
    let result = ContractRunner(clock: { 0 }).run(RunPlan(suites: [suite], subjects: [Self.editor]))
      .suites[0].cases[0]
    guard case .skipped(let reason) = CaseVerdict.of(result, in: suite) else {
      Issue.record("expected a skip, got \(result.outcome)")
      return
    }
    #expect(reason.contains("selection"))
    try withKnownIssue {
      let report = try ContractTests.check(Self.editor, suites: [path], resultsIn: folder.path)
      #expect(report.passed == 0)
      #expect(report.skipped == 1)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("stategate: nothing was tested") }
    }
  }

  @Test("Relative suite paths start from the test file's folder")
  func relativePaths() throws {
    _ = try suiteFile("relative", "suite relative family undo \"One\"\ncase one \"One\"\n  undo\n")
    let suites = try SuiteWords.resolve(
      ["relative.suite"], relativeTo: folder.appendingPathComponent("SomeTests.swift").path)
    #expect(suites.map(\.id) == ["relative"])
    #expect(throws: SuiteReadError.self) {
      try SuiteWords.resolve(["undo-histroy"], relativeTo: #filePath)
    }
  }

  @Test("Cases listed together write one result directory per full round of them")
  func oneDirectoryPerRound() throws {
    let output = folder.appendingPathComponent("rounds").path
    let cases = try ContractCases.suites(
      ["undo-history"], for: Self.editor, filter: ["grouped-drag", "ten-callback-drag"],
      resultsIn: output)
    try #require(cases.count == 2)
    let batch = cases[0].batch
    let runner = ContractRunner(clock: { 0 })
    for contractCase in cases + cases {
      let result = runner.runCase(
        contractCase.contractCase, of: contractCase.suite, against: contractCase.subject)
      #expect(batch.finish(contractCase.id, result: result, events: []) == nil)
    }
    let written = try FileManager.default.contentsOfDirectory(atPath: output)
    #expect(written.count == 2, "\(written)")
  }

  @Test("Exploring a subject with a planted bug fails with the shrunk case's text")
  func explorationFinds() {
    withKnownIssue {
      let found = ContractTests.explore([Fault.redoSurvivesEdits.subject], budget: .cases(300))
      #expect(found.count == 1)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("stategate[redo-availability] exploring")
          && $0.rawValue.contains("\ncase found-")
      }
    }
  }

  @Test("Exploring the reference editor finds nothing")
  func explorationFindsNothing() {
    #expect(ContractTests.explore([Self.editor], budget: .cases(200)).isEmpty)
  }
}

/// One `@Test` case per contract case; the last to run writes the result directory.
@Suite("Contract cases as arguments")
struct ContractCaseArgumentTests {
  static let output = FileManager.default.temporaryDirectory
    .appendingPathComponent("stategate-testing-cases-\(UUID().uuidString)").path

  @Test(
    "The reference editor passes every built-in case",
    arguments: try ContractCases.builtIn(for: ContractTestsTests.editor, resultsIn: output))
  @MainActor
  func builtInCase(_ contractCase: ContractTestCase) throws {
    try contractCase.check()
  }

  @Test("Cases are named SUITE/CASE, with the subject when several are listed")
  func names() throws {
    let one = try ContractCases.builtIn(for: ContractTestsTests.editor)
    #expect(one.first?.testDescription == "undo-history/grouped-drag")
    let two = try ContractCases.suites(
      ["undo-history"], for: SubjectEntry.reference.filter { $0.family == .undoHistory })
    #expect(two.first?.testDescription == "undo-history/grouped-drag [editor]")
    #expect(Set(two.map(\.id)).count == two.count)
  }
}
