import Foundation
import Testing

/// What a user gets speaks of the product's own world: no path outside the repository, and the
/// source articles cited by their titles, never by the team's word for them.
@Suite("User-facing wording")
struct UserFacingWordingTests {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized

  /// Tool output quoted in the docs that still says "seed" for an article, allowed only while the
  /// file that prints it still does (it is not this test's to change; when it changes, update the
  /// docs and drop the entry).
  private static let quotedOutput: [(quote: String, printedBy: String)] = [
    ("seed-favorites", "ci/bench-explore.sh")
  ]

  /// Returns the repository-relative paths of the files below `folder`, build trees left out.
  private static func files(under folder: String) -> [String] {
    let base = root.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
    var found: [String] = []
    while let path = walker.nextObject() as? String {
      if path.split(separator: "/").contains(".build") { continue }
      var isFolder: ObjCBool = false
      let full = base.appendingPathComponent(path).path
      if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
        found.append("\(folder)/\(path)")
      }
    }
    return found.sorted()
  }

  private static func text(of file: String) -> String? {
    try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
  }

  private static var documentation: [String] {
    ["README.md", "CHANGELOG.md"] + files(under: "docs").filter { $0.hasSuffix(".md") }
  }

  /// Returns each place `seed` is used for a source article: not `--seed`, `seed 7`, a random,
  /// fixed or same seed, the seed space, nor a longer word (`SeedCompatibilityTests`).
  static func articleSeeds(in text: String) -> [String] {
    let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let lower = Array(flat.lowercased())
    let original = Array(flat)
    var found: [String] = []
    var index = 0
    while index + 4 <= lower.count {
      defer { index += 1 }
      guard String(lower[index..<index + 4]) == "seed" else { continue }
      if index > 0, lower[index - 1].isLetter || lower[index - 1].isNumber { continue }
      var end = index + 4
      if end < lower.count, lower[end] == "s" { end += 1 }
      if end < lower.count, lower[end].isLetter || lower[end].isNumber { continue }
      let before = String(lower[max(0, index - 7)..<index])
      let after = String(lower[end..<min(lower.count, end + 6)])
      if before.hasSuffix("--") || before.hasSuffix("random ") || before.hasSuffix("fixed ")
        || before.hasSuffix("same ") || after.hasPrefix(" space")
        || (after.first == " " && after.dropFirst().first?.isNumber == true)
      {
        continue
      }
      let context = String(original[max(0, index - 40)..<min(original.count, end + 40)])
      if quotedOutput.contains(where: { context.contains($0.quote) }) { continue }
      found.append(context)
    }
    return found
  }

  @Test(
    "The random seed is not an article",
    arguments: [
      ("stategate explore --seed 1", 0), ("(seed 20261130, release)", 0),
      ("explores every N-th sequence of the seed space", 0), ("with the same\nseed)", 0),
      ("a random seed", 0), ("(fixed seed)", 0), ("`Tests/SeedCompatibilityTests`", 0),
      ("the seed's test", 1), ("(seed branching test 1)", 1), ("the seeds' models", 1),
      ("shared/seeds", 1),
    ])
  func randomSeedIsAllowed(text: String, articleUses: Int) {
    #expect(Self.articleSeeds(in: text).count == articleUses)
  }

  @Test("No file a user gets names a path outside the repository")
  func noOutsidePaths() throws {
    let userFiles =
      Self.documentation + Self.files(under: "Sources") + Self.files(under: "Templates")
    #expect(userFiles.count > 50)
    for file in userFiles {
      guard let text = Self.text(of: file) else { continue }
      for outside in ["shared/seeds", "shared/reference", "../shared", "/work/"] {
        #expect(!text.contains(outside), "\(file) names '\(outside)'")
      }
    }
  }

  @Test("README, CHANGELOG, docs, the built-in suites and Templates cite the articles by title")
  func articlesAreCitedByTitle() throws {
    let suites = Self.files(under: "Sources/Contracts/Suites").filter { $0.hasSuffix(".suite") }
    #expect(!suites.isEmpty)
    for file in Self.documentation + suites + Self.files(under: "Templates") {
      guard let text = Self.text(of: file) else { continue }
      let uses = Self.articleSeeds(in: text)
      #expect(uses.isEmpty, "\(file): 'seed' for an article: \(uses)")
    }
    for (quote, printedBy) in Self.quotedOutput {
      #expect(
        Self.text(of: printedBy)?.contains(quote) == true,
        "\(printedBy) no longer prints '\(quote)': update the docs and drop it from quotedOutput")
    }
  }

  @Test("docs/sources.md names both articles by their titles")
  func sourcesPageNamesTheArticles() throws {
    let sources = try #require(Self.text(of: "docs/sources.md"))
    #expect(sources.contains("Test iOS undo and redo with explicit action groups"))
    #expect(sources.contains("Test iOS optimistic updates and stale responses on a cloud Mac"))
  }
}
