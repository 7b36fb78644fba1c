import Contracts
import Foundation
import Testing

/// The built-in suites are compiled in from `Sources/Contracts/Suites`, byte for byte.
@Suite("Built-in suites")
struct BuiltInSuitesTests {
  /// The folder the built-in suites are written in.
  private static let suitesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Sources/Contracts/Suites").standardized

  @Test("Every .suite file of Sources/Contracts/Suites is built in, and nothing else is")
  func everyFileIsBuiltIn() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.suitesFolder.path)
      .filter { $0.hasSuffix(".suite") }
    #expect(Set(files) == Set(BuiltInSuites.fileNames))
    #expect(BuiltInSuites.fileNames.count == files.count)
  }

  @Test("A built-in suite's text is its file's bytes", arguments: BuiltInSuites.fileNames)
  func textIsTheFile(name: String) throws {
    let bytes = try Data(contentsOf: Self.suitesFolder.appendingPathComponent(name))
    let text = try #require(BuiltInSuites.text(ofFile: name))
    #expect(Array(text.utf8) == Array(bytes))
  }

  @Test("A name that is not built in has no text")
  func unknownName() {
    #expect(BuiltInSuites.text(ofFile: "undo-history") == nil)
    #expect(BuiltInSuites.text(ofFile: "missing.suite") == nil)
  }

  @Test("The article suites run first, in the articles' order")
  func runOrder() {
    let first = BuiltInSuites.fileNames.prefix(2)
    #expect(first == ["undo-history.suite", "optimistic-updates.suite"])
  }

  @Test("Embedding keeps quotes, backslashes, tabs, trailing spaces, CR and non-ASCII exactly")
  func embeddingKeepsEveryByte() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Embedding/escapes.suite")
    let bytes = try Data(contentsOf: url)
    let embedded = try #require(embeddedSuiteFiles.first { $0.name == "escapes.suite" })
    #expect(Array(embedded.text.utf8) == Array(bytes))
    #expect(bytes.contains(UInt8(ascii: "\r")) && bytes.contains(UInt8(ascii: "\t")))
  }
}
