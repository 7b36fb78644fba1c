import Contracts
import Faults
import Foundation
import Runner
import Testing

@testable import StateGateCLI

/// The README's generated parts match what the tool generates now.
@MainActor
@Suite("Documentation")
struct DocumentationTests {
  private func readme() throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../README.md").standardized
    return try String(contentsOf: url, encoding: .utf8)
  }

  @Test("The README's detection matrix is the one 'stategate faults --format markdown' prints")
  func faultMatrixIsCurrent() throws {
    let text = try readme()
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

  @Test("The README names every command and every failure class")
  func everythingIsNamed() throws {
    let text = try readme()
    for command in StateGate.subcommands {
      #expect(text.contains("  \(command.name) "), "\(command.name)")
    }
    for failureClass in FailureClass.allCases {
      let families = failureClass.families.map(\.displayName).joined(separator: ", ")
      #expect(
        text.contains("| `\(failureClass.rawValue)` | \(families) | \(failureClass.definition) |"),
        "the README's row for \(failureClass) is not its current definition")
    }
    #expect(text.hasPrefix("# stategate"))
    #expect(text.contains("make run") && text.contains("make test"))
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
    for family in ["Editor", "Favorites"] {
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
