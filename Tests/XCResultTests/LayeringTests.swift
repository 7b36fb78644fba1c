import Foundation
import Testing
import Triage

/// The C libraries stay behind one Swift file each, and bundles are found in folders.
@Suite struct LayeringTests {
  /// Every Swift file under `Sources/`, with its text.
  func sources() throws -> [(path: String, text: String)] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    let walker = try #require(FileManager.default.enumerator(atPath: root.path))
    var files: [(String, String)] = []
    while let relative = walker.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      let text = try String(
        contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
      files.append((relative, text))
    }
    return files
  }

  @Test("Only XCResult/SQLite.swift imports CSQLite, only XCResult/Zstd.swift imports CZstd")
  func oneFileImportsEachCLibrary() throws {
    let files = try sources()
    #expect(files.count > 50)
    for (module, owner) in [("CSQLite", "XCResult/SQLite.swift"), ("CZstd", "XCResult/Zstd.swift")]
    {
      let importers = files.filter { file in
        file.text.split(separator: "\n").contains { line in
          let words = line.split(separator: " ")
          return words.last == Substring(module) && words.contains("import")
        }
      }.map(\.path)
      #expect(importers == [owner], "\(module)")
    }
  }

  @Test("A folder of bundles: each bundle is one input, nothing inside one is taken")
  func folderOfBundles() throws {
    let first = try copyOfFixture("Test.test_result.xcresult")
    let folder = (first as NSString).deletingLastPathComponent
    try FileManager.default.copyItem(
      atPath: try fixture("SwiftTesting.xcresult"), toPath: folder + "/SwiftTesting.xcresult")
    let report = ArchiveTriage.report(paths: [folder])
    #expect(report.inputs.map(\.kind) == [.xcresult, .xcresult])
    #expect(
      report.inputs.map { ($0.path as NSString).lastPathComponent }
        == ["SwiftTesting.xcresult", "Test.test_result.xcresult"])
    #expect(report.skipped.isEmpty)
    #expect(report.verdict == .failed)
  }
}
