import Foundation
import Testing

/// Every relative link in README.md, CHANGELOG.md and docs/ leads somewhere: to a file or folder of
/// the repository and, for `#anchor`, to a heading of that file under GitHub's anchor rules.
@Suite("Documentation links")
struct DocumentationLinkTests {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized

  /// The Markdown files a reader of the repository or the release archive gets.
  static func documentationFiles() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("docs").path
    ).filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    return ["README.md", "CHANGELOG.md"] + docs + translatedFiles
  }

  /// The translated pages: a quick start and the failure classes in each language but English.
  static let translatedFiles = ["ja", "zh-Hant", "ko"].flatMap { language in
    ["quick-start.md", "failure-classes.md"].map { "docs/\(language)/\($0)" }
  }

  /// Returns the text outside fenced code blocks and inline code spans, line by line.
  static func prose(of text: String) -> [String] {
    var lines: [String] = []
    var fenced = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        fenced.toggle()
        lines.append("")
        continue
      }
      lines.append(fenced ? "" : withoutCodeSpans(String(line)))
    }
    return lines
  }

  /// Removes inline code spans: a run of backticks up to the next run of the same length.
  static func withoutCodeSpans(_ line: String) -> String {
    let characters = Array(line)
    var kept = ""
    var index = 0
    while index < characters.count {
      guard characters[index] == "`" else {
        kept.append(characters[index])
        index += 1
        continue
      }
      var run = 0
      while index + run < characters.count, characters[index + run] == "`" { run += 1 }
      var close = index + run
      var found = false
      while close < characters.count {
        var length = 0
        while close + length < characters.count, characters[close + length] == "`" { length += 1 }
        if length == run {
          found = true
          break
        }
        close += max(length, 1)
      }
      index = found ? close + run : characters.count
    }
    return kept
  }

  /// Returns the target of every inline link `[text](target)` in `line`, without a title.
  static func linkTargets(in line: String) -> [String] {
    var targets: [String] = []
    var rest = line[...]
    while let open = rest.range(of: "](") {
      let after = rest[open.upperBound...]
      guard let close = after.firstIndex(of: ")") else { break }
      let target = after[..<close].split(separator: " ").first.map(String.init) ?? ""
      targets.append(target)
      rest = after[close...]
    }
    return targets
  }

  /// Returns GitHub's anchor for a heading: lowercased, spaces to hyphens, punctuation dropped.
  static func anchor(of heading: String) -> String {
    var slug = ""
    for character in heading.lowercased() {
      if character == " " {
        slug.append("-")
      } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
        slug.append(character)
      }
    }
    return slug
  }

  /// Returns the anchors of every heading in a Markdown text; a repeated one gets `-1`, `-2`, ...
  static func anchors(in text: String) -> Set<String> {
    var seen: [String: Int] = [:]
    var anchors: Set<String> = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    where isHeading(line) {
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      let base = anchor(of: title)
      let count = seen[base, default: 0]
      seen[base] = count + 1
      anchors.insert(count == 0 ? base : "\(base)-\(count)")
    }
    return anchors
  }

  private static func isHeading(_ line: String) -> Bool {
    let hashes = line.prefix { $0 == "#" }.count
    return (1...6).contains(hashes) && line.dropFirst(hashes).first == " "
  }

  @Test(
    "GitHub's anchor rules",
    arguments: [
      (
        "Exploration: the bugs nobody wrote a case for",
        "exploration-the-bugs-nobody-wrote-a-case-for"
      ),
      ("`junit.xml`", "junitxml"),
      (
        "Coming from 0.2: what changed for an adapter",
        "coming-from-02-what-changed-for-an-adapter"
      ),
      ("Where UndoKit differs from Apple, and why", "where-undokit-differs-from-apple-and-why"),
      ("`events.jsonl` (record `version` 1)", "eventsjsonl-record-version-1"),
    ])
  func anchorRules(heading: String, anchor: String) {
    #expect(Self.anchor(of: heading) == anchor)
  }

  @Test("Headings inside code blocks are not headings, and repeated headings are numbered")
  func anchorsSkipCodeAndNumberRepeats() {
    let text = "# Title\n\n```\n# a comment\n```\n\n## Notes\n\n## Notes\n"
    let found = Self.anchors(in: Self.prose(of: text).joined(separator: "\n"))
    #expect(found == ["title", "notes", "notes-1"])
  }

  @Test("Links in code spans and code blocks are not links")
  func codeIsNotLinks() {
    let text = "see [a](a.md) and `[b](b.md)`\n```\n[c](c.md)\n```\n[d](d.md#x \"title\")"
    let targets = Self.prose(of: text).flatMap { Self.linkTargets(in: $0) }
    #expect(targets == ["a.md", "d.md#x"])
  }

  @Test("Every relative link leads to an existing file, and every anchor to a heading in it")
  func relativeLinksResolve() throws {
    var checked = 0
    for file in try Self.documentationFiles() {
      let url = Self.root.appendingPathComponent(file)
      let text = try String(contentsOf: url, encoding: .utf8)
      for (number, line) in Self.prose(of: text).enumerated() {
        for target in Self.linkTargets(in: line)
        where !target.contains("://") && !target.hasPrefix("mailto:") {
          checked += 1
          let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
          let path = String(parts[0])
          let destination =
            path.isEmpty
            ? url : url.deletingLastPathComponent().appendingPathComponent(path).standardized
          let place = "\(file):\(number + 1): '\(target)'"
          guard FileManager.default.fileExists(atPath: destination.path) else {
            Issue.record("\(place) leads to no file")
            continue
          }
          guard parts.count == 2 else { continue }
          let headings = Self.prose(of: try String(contentsOf: destination, encoding: .utf8))
            .joined(separator: "\n")
          #expect(
            Self.anchors(in: headings).contains(String(parts[1])),
            "\(place): no heading with that anchor in \(destination.lastPathComponent)")
        }
      }
    }
    #expect(checked > 20)
  }
}
