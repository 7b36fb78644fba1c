import Contracts
import Faults
import Foundation
import ResultFiles
import ResultSchema
import Runner
import Testing

@testable import StateGateCLI
@testable import StateGateTesting

/// One failure, one voice: every output a person reads phrases a case's first failure with the
/// same lines, as `FailureWriter` words them.
@MainActor
@Suite("Failure voice")
struct FailureVoiceTests {
  /// What each output made of a run's first failure, as lines with the output's escaping undone.
  struct Renderings {
    var console: [String]?
    var github: [String]?
    var junit: [String]?
    var summary: [String]?
    var triage: [String]?
    var report: [String]?
    var helper: [String]?

    /// Each output's lines by name, `nil` where the output had none.
    var all: [(String, [String]?)] {
      [
        ("console", console), ("GitHub annotation", github), ("junit.xml", junit),
        ("summary.md", summary), ("triage", triage), ("report", report),
        ("StateGateTesting issue", helper),
      ]
    }
  }

  /// Runs `subject` once (as on GitHub Actions, so the annotations are written too), triages and
  /// reports the result directory, and collects each output's rendering of the first failure.
  static func renderings(of subject: String, filter: [String] = []) throws -> Renderings {
    let output = freshOutput()
    defer { try? FileManager.default.removeItem(atPath: output) }
    let capture = CapturedIO()
    let environment = ["GITHUB_ACTIONS": "true", "CI": "true"]
    let status = StateGate.main(
      arguments: ["run", "--output", output, "--subject", subject]
        + filter.flatMap { ["--filter", $0] },
      io: capture.io(environment: environment))
    #expect(status == .contractFailures, "\(subject): \(capture.error)")
    let directory = try #require(runDirectories(in: output).first)
    let path = output + "/" + directory
    var renderings = Renderings()
    renderings.console = console(capture.output)
    renderings.github = github(capture.error)
    renderings.junit = try junit(path + "/junit.xml")
    renderings.helper = try helper(path + "/junit.xml", subject: subject)
    renderings.summary = summary(try String(contentsOfFile: path + "/summary.md", encoding: .utf8))
    renderings.triage = triage(runStateGate("triage", path).output)
    let page = output + "/report.html"
    let reported = runStateGate("report", path, "-o", page)
    #expect(reported.status == .success || reported.status == .contractFailures)
    renderings.report = report(try String(contentsOfFile: page, encoding: .utf8))
    return renderings
  }

  /// The console's lines: the headline under the first `FAIL` line, then its details.
  static func console(_ text: String) -> [String]? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let fail = lines.firstIndex(where: { $0.hasPrefix("  FAIL  ") }),
      let head = lines[(fail + 1)...].firstIndex(where: { $0.hasPrefix("        step ") })
    else { return nil }
    var found = [String(lines[head].dropFirst(8))]
    for line in lines[(head + 1)...] {
      guard line.hasPrefix("          ") else { break }
      found.append(String(line.dropFirst(10)))
    }
    return found
  }

  /// The first `::error` line's message: the class and headline, the reason, then the details.
  static func github(_ text: String) -> [String]? {
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("::error ") }),
      let separator = line.dropFirst(2).range(of: "::")
    else { return nil }
    let message = line[separator.upperBound...].replacingOccurrences(of: "%0A", with: "\n")
      .replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%25", with: "%")
    var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let first = lines.first, let colon = first.range(of: ": "), lines.count >= 2 else {
      return nil
    }
    lines.remove(at: 1)  // the classification's reason, which the other outputs show apart
    lines[0] = String(first[colon.upperBound...])
    return lines
  }

  /// The first failure's `message` attribute, checked against the body, which holds every line.
  static func junit(_ path: String) throws -> [String]? {
    var found: (message: String, body: String)?
    _ = try JUnitReader.read(path: path) { record in
      guard found == nil, record.outcome == .failed, let message = record.message else { return }
      found = (message, record.text ?? "")
    }
    guard var found else { return nil }
    // A verdict that is not confident says so after the headline: the format's own addition.
    if let marker = found.message.range(of: " (not confident: ") {
      found.message = String(found.message[..<marker.lowerBound])
    }
    let body = found.body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let head = body.firstIndex(of: found.message) else {
      return ["message: " + found.message]
    }
    var lines = [found.message]
    for line in body[(head + 1)...] {
      guard line.hasPrefix("  ") else { break }
      lines.append(String(line.dropFirst(2)))
    }
    return lines
  }

  /// The issue `StateGateTesting` records for the case that failed first in `junit.xml`, the
  /// case run again from a user's `@Test`: the headline after the `stategate[CLASS]` tag and the
  /// case's name (without the `(builtin:FILE:LINE)` a built-in suite's issue adds), then the
  /// indented details under it.
  static func helper(_ path: String, subject: String) throws -> [String]? {
    var failed: (suite: String, name: String)?
    _ = try JUnitReader.read(path: path) { record in
      guard failed == nil, record.outcome == .failed else { return }
      failed = (record.className, record.name)
    }
    guard let failed else { return nil }
    guard let suite = try BuiltInSuites.load().first(where: { $0.id == failed.suite }),
      let contractCase = suite.cases.first(where: {
        failed.name == $0.id || failed.name == "\($0.id) [\(subject)]"
      }),
      let entry = FaultCatalog.faults.first(where: { $0.subject.name == subject })?.subject
    else { return ["no built-in case \(failed.suite)/\(failed.name)"] }
    let deidentifier = Deidentifier()
    deidentifier.learn([suite])
    let result = ContractRunner(clock: { 0 }, deidentifier: deidentifier)
      .runCase(contractCase, of: suite, against: entry)
    guard case .failed(let text, _) = CaseVerdict.of(result, in: suite) else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let tag =
      "stategate[\(result.classification?.failureClass.rawValue ?? "unclassified")] "
      + "\(suite.id)/\(contractCase.id) [\(subject)]: "
    guard var headline = lines.first, headline.hasPrefix(tag) else { return ["issue: \(text)"] }
    headline.removeFirst(tag.count)
    if let builtin = headline.range(of: " (builtin:", options: .backwards) {
      headline = String(headline[..<builtin.lowerBound])
    }
    return [headline]
      + lines.dropFirst().prefix { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
  }

  /// The first row of `summary.md`'s failures table: its `first failure` cell, line by line.
  static func summary(_ text: String) -> [String]? {
    let lines = text.split(separator: "\n").map(String.init)
    guard let table = lines.firstIndex(of: "### Failures"), lines.count > table + 3 else {
      return nil
    }
    let cells = lines[table + 3].components(separatedBy: " | ")
    guard cells.count > 3 else { return nil }
    return cells[3].components(separatedBy: "<br>").map { cell in
      var text = Substring(cell)
      while text.hasPrefix("`") && text.hasSuffix("`") && text.count >= 2 {
        text = text.dropFirst().dropLast()
      }
      return text.replacingOccurrences(of: "\\|", with: "|")
    }
  }

  /// The first `first:` line of `triage`'s text and the detail lines under it.
  static func triage(_ text: String) -> [String]? {
    let lines = text.split(separator: "\n").map(String.init)
    let prefix = "      first: "
    guard let head = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { return nil }
    var found = [String(lines[head].dropFirst(prefix.count))]
    for line in lines[(head + 1)...] {
      guard line.hasPrefix(String(repeating: " ", count: 15)) else { break }
      found.append(String(line.dropFirst(15)))
    }
    return found.map { $0.replacingOccurrences(of: "\\\\", with: "\\") }
  }

  /// The first failing case's `<pre class="failure">` block of the HTML report, unescaped.
  static func report(_ page: String) -> [String]? {
    guard let start = page.range(of: "<pre class=\"failure\">"),
      let end = page.range(of: "</pre>", range: start.upperBound..<page.endIndex)
    else { return nil }
    let text = page[start.upperBound..<end.lowerBound].replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
      .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    return text.split(separator: "\n").enumerated().map {
      $0.offset == 0 ? String($0.element) : String($0.element.dropFirst(2))
    }
  }

  @Test(
    "Every output phrases each fault's first failure with the same lines",
    arguments: FaultCatalog.faults.map(\.subject.name))
  func everyOutputAgrees(subject: String) throws {
    let renderings = try Self.renderings(of: subject)
    let console = try #require(renderings.console, "\(subject): the console shows no failure")
    #expect(console.last?.hasPrefix("next: stategate explain ") == true, "\(console)")
    for (name, lines) in renderings.all {
      #expect(lines == console, "\(subject): \(name) differs from the console")
    }
  }

  @Test("The report's timeline and the JUnit trail show a captured value, its name as a note")
  func reportResolvesCaptures() throws {
    let output = freshOutput()
    defer { try? FileManager.default.removeItem(atPath: output) }
    _ = runStateGate("run", "--output", output, "--subject", "fault:drag-callback-groups")
    let directory = try #require(runDirectories(in: output).first)
    let page = output + "/report.html"
    _ = runStateGate("report", output + "/" + directory, "-o", page)
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(!html.contains("value=end"), "a capture's name where its value belongs")
    #expect(html.contains("value=20 (end)"))
    // The JUnit trail states the same expectations the same way.
    let junit = try String(contentsOfFile: output + "/" + directory + "/junit.xml", encoding: .utf8)
    #expect(!junit.contains("value=end"), "a capture's name where its value belongs")
    #expect(junit.contains("=&gt; value=20 (end)"))
  }

  @Test("The JUnit trail states an expectation as the suite does, in the subject's words")
  func trailSpellsAsTheSuite() throws {
    let output = freshOutput()
    defer { try? FileManager.default.removeItem(atPath: output) }
    _ = runStateGate(
      "run", "--output", output, "--subject", "fault:rollback-to-snapshot", "--filter",
      "rollback-to-current-confirmed")
    let directory = try #require(runDirectories(in: output).first)
    let junit = try String(contentsOfFile: output + "/" + directory + "/junit.xml", encoding: .utf8)
    // The suite says `a.displayed=on`; the trail said `a.displayed=yes` before.
    #expect(
      junit.contains("respond r1 rejected =&gt; a.displayed=on a.confirmed=on a.pending=none"))
  }

  @Test("A rollback failure reads once, with its invariant once and what else changed")
  func rollbackReadsOnce() throws {
    let renderings = try Self.renderings(
      of: "fault:rollback-to-snapshot", filter: ["rollback-to-current-confirmed"])
    let console = try #require(renderings.console)
    let text = console.joined(separator: "\n")
    #expect(
      text.components(separatedBy: "with nothing pending the row shows the confirmed value")
        .count == 2, "the invariant is shown exactly once: \(text)")
    #expect(text.components(separatedBy: "expected a.displayed=on, got off").count == 2, "\(text)")
    #expect(console.contains("next: stategate explain rollback"))
    for (name, lines) in renderings.all {
      #expect(lines == console, "\(name) differs from the console")
    }
  }
}
