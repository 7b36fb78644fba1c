import Foundation
import StateGateCLI
import Testing

/// The version is defined once, and the changelog, the README and docs/ follow it.
@Suite("Release documentation")
struct ReleaseDocumentationTests {
  private func text(of file: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../\(file)").standardized
    return try String(contentsOf: url, encoding: .utf8)
  }

  @Test("The version is semantic: MAJOR.MINOR.PATCH")
  func versionIsSemantic() {
    let parts = StateGate.version.split(separator: ".", omittingEmptySubsequences: false)
    #expect(parts.count == 3)
    #expect(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil })
  }

  @Test("CHANGELOG.md has a section for this version, and it is the newest")
  func changelogHasTheVersion() throws {
    let headings = try text(of: "CHANGELOG.md").split(separator: "\n")
      .filter { $0.hasPrefix("## [") }
    #expect(headings.first?.hasPrefix("## [\(StateGate.version)] - ") == true)
  }

  @Test("Every version the README and docs/ show in sample output is this version")
  func documentationShowsThisVersion() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../docs").standardized
    let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path)
      .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }
    var shown: [Substring] = []
    for file in ["README.md"] + pages {
      for line in try text(of: file).split(separator: "\n")
      where line.hasPrefix("stategate ") && line.dropFirst(10).first?.isNumber == true {
        shown.append(line.split(separator: " ")[1])
      }
    }
    #expect(!shown.isEmpty)
    #expect(shown.allSatisfy { $0 == StateGate.version }, "\(shown)")
  }
}
