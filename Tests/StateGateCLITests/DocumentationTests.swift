import Contracts
import Faults
import Foundation
import RunModel
import Runner
import Testing

@testable import StateGateCLI

/// The README's and docs/' generated parts and tables match what the tool generates now.
@MainActor
@Suite("Documentation")
struct DocumentationTests {
  private func text(of file: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../\(file)").standardized
    return try String(contentsOf: url, encoding: .utf8)
  }

  @Test("A filter that selects no case is exit 69 and writes nothing, as the README says")
  func filterSelectingNothingWritesNothing() throws {
    let output = freshOutput()
    let run = runStateGate("run", "--output", output, "--filter", "no-such-case-anywhere")
    #expect(run.status == .nothingMatched)
    #expect(run.error.contains("matches --filter 'no-such-case-anywhere'"), "\(run.error)")
    #expect(runDirectories(in: output).isEmpty)
    #expect(try text(of: "README.md").contains("selected no case (nothing is written)"))
  }

  @Test("docs/faults.md's detection matrix is the one 'stategate faults --format markdown' prints")
  func faultMatrixIsCurrent() throws {
    let text = try text(of: "docs/faults.md")
    let begin = try #require(
      text.range(
        of: "-->\n", range: text.range(of: "<!-- faults:begin")!.upperBound..<text.endIndex))
    let end = try #require(text.range(of: "<!-- faults:end -->"))
    let documented = String(text[begin.upperBound..<end.lowerBound])
    let matrix = DetectionMatrix(
      suites: try BuiltInSuites.load(), faults: FaultCatalog.faults, clock: { 0 })
    #expect(
      documented == FaultsCommand.renderMarkdown(matrix),
      "regenerate with 'stategate faults --format markdown'")
  }

  @Test("The README names every command; docs/failure-classes.md defines every failure class")
  func everythingIsNamed() throws {
    let readme = try text(of: "README.md")
    for command in StateGate.subcommands {
      #expect(readme.contains("\n| `\(command.name)` | "), "\(command.name)")
    }
    let classes = try text(of: "docs/failure-classes.md")
    for failureClass in FailureClass.allCases {
      let families = failureClass.families.map(\.displayName).joined(separator: ", ")
      #expect(
        classes.contains(
          "| `\(failureClass.rawValue)` | \(families) | \(failureClass.definition) |"),
        "docs/failure-classes.md's row for \(failureClass) is not its current definition")
    }
    #expect(readme.hasPrefix("# stategate"))
    #expect(readme.contains("make run") && readme.contains("make test"))
  }

  @Test("The README is a front door: at most 300 lines, quick start near the top")
  func readmeIsShort() throws {
    let lines = try text(of: "README.md").split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 301, "README.md has \(lines.count - 1) lines")
    let top = lines.prefix(40).joined(separator: "\n")
    #expect(top.contains("make run") && top.contains("make test"))
  }

  @Test("The README's first own model is FirstModel.swift, and it passes the undo-history suite")
  func firstModelIsRealAndPasses() throws {
    let source = try text(of: "Tests/StateGateCLITests/FirstModel.swift")
    let code = try #require(source.range(of: "\n\n")).upperBound
    let shown = String(source[code...]).trimmingCharacters(in: .newlines)
    #expect(try text(of: "README.md").contains("```swift\n\(shown)\n```"))
    let subject = SubjectEntry.undoHistory("position", summary: "the README's first model") {
      PositionEditor()
    }
    let report = ContractRunner(clock: { 0 }).run(
      RunPlan(suites: try BuiltInSuites.load(), subjects: [subject]))
    let cases = report.suites.flatMap(\.cases)
    let failed = cases.filter { $0.outcome == .failed }.map(\.caseID)
    let passed = cases.filter { $0.outcome == .passed }.count
    #expect(failed.isEmpty, "\(failed)")
    #expect(passed >= 16, "only \(passed) cases passed")
  }

  @Test("The reference models hold no fault, and every fault file reads on one screen")
  func referenceModelsReadAsTheContract() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources").standardized
    let files = FileManager.default
    let reference = sources.appendingPathComponent("ReferenceModels")
    for name in try files.contentsOfDirectory(atPath: reference.path) {
      let text = try String(
        contentsOf: reference.appendingPathComponent(name), encoding: .utf8)
      let mentions = text.split(separator: "\n").filter {
        $0.lowercased().contains("fault") && !$0.contains("NotificationCenter.default")
      }
      #expect(mentions.isEmpty, "\(name): \(mentions)")
    }
    var faultFiles = 0
    for family in ["Editor", "Favorites", "Follows"] {
      let folder = sources.appendingPathComponent("Faults/\(family)")
      for name in try files.contentsOfDirectory(atPath: folder.path) {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        #expect(
          text.split(separator: "\n", omittingEmptySubsequences: false).count <= 60, "\(name)")
        faultFiles += 1
      }
    }
    #expect(faultFiles == FaultCatalog.faults.count)
  }
}
