import Foundation
import ResultFiles
import ResultSchema
import StateGateCLI
import Testing

/// `stategate explore` end to end: the report, the corpus, the result directory, determinism,
/// and `run` picking the corpus up.
@MainActor
@Suite("stategate explore")
struct ExploreCommandTests {
  private func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-explore-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  private func explore(_ corpus: String, _ extra: [String] = []) -> (
    status: StateGateCLI.ExitStatus, output: String, error: String
  ) {
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: [
        "explore", "--seed", "4", "--cases", "300", "--corpus", corpus,
        "--subject", "editor", "--subject", "fault:old-ticket-accepted",
      ] + extra, io: capture.io())
    return (status, capture.output, capture.error)
  }

  @Test("A finding is printed, kept in the corpus and recorded in a result directory triage reads")
  func findingIsKeptAndRecorded() throws {
    let corpus = try temporaryDirectory()
    let result = explore(corpus)
    #expect(result.status == .contractFailures)
    #expect(result.output.contains("editor (undo history)\n  nothing found: 300 sequences"))
    #expect(result.output.contains("FAIL  found by sequence"))
    #expect(result.output.contains("stale-response: "))
    let files = try FileManager.default.contentsOfDirectory(atPath: corpus)
    #expect(files.count == 1)
    let file = try #require(files.first)
    #expect(file.hasPrefix("fault-old-ticket-accepted-") && file.hasSuffix(".suite"))
    let text = try String(contentsOfFile: "\(corpus)/\(file)", encoding: .utf8)
    #expect(text.contains("# Class stale-response: "))
    #expect(
      result.output.contains(text.split(separator: "\n").last(where: { $0.contains("=>") }) ?? "?"))
    // The failure is placed in the file the case is kept in, at a step of the case.
    let place = "at \(corpus)/\(file):"
    let placed = try #require(
      result.output.split(separator: "\n").first { $0.contains(place) }, "\(result.output)")
    let line = try #require(placed.components(separatedBy: place).last.flatMap { Int($0) })
    let fileLines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(line <= fileLines.count && fileLines[line - 1].hasPrefix("  "), "\(line): \(text)")

    let path = try #require(
      result.output.split(separator: "\n").last?.split(separator: " ").last.map(String.init))
    let manifest = try JSONDecoder().decode(
      Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: "\(path)/manifest.json")))
    let exploration = try #require(manifest.exploration)
    #expect(exploration.seed == 4)
    #expect(exploration.budget == "--cases 300")
    #expect(exploration.subjects.map(\.subject) == ["editor", "fault:old-ticket-accepted"])
    #expect(exploration.subjects.first?.steps == 300 * 40)
    #expect(exploration.subjects.last?.shrink?.shrunkSteps ?? 99 <= 7)
    #expect(manifest.counts.failed == 1 && manifest.counts.passed == 2)
    #expect(manifest.failuresByClass == ["stale-response": 1])

    #expect(exploration.subjects.last?.shrink?.keptIn == "\(corpus)/\(file)")
    let triage = runStateGate("triage", path)
    #expect(triage.status == .contractFailures)
    #expect(triage.output.contains("stale-response"))
    // Every output places the failure where the console did: in the kept file, not 'explore'.
    #expect(triage.output.contains("\(place)\(line)"), "\(triage.output)")
    let summary = try String(contentsOfFile: "\(path)/summary.md", encoding: .utf8)
    #expect(summary.contains("\(place)\(line)"), "\(summary)")
    let junit = try String(contentsOfFile: "\(path)/junit.xml", encoding: .utf8)
    #expect(junit.contains("file=\"\(corpus)/\(file)\" line=\"\(line)\""), "\(junit)")
    let replay = runStateGate("replay", path)
    #expect(replay.status == .contractFailures)
    #expect(replay.output.contains("reproduces exactly"))
  }

  @Test("The same seed and options print the same report and write the same corpus file")
  func sameSeedSameOutput() throws {
    let corpus = try temporaryDirectory()
    func contents() throws -> [String: Data] {
      var files: [String: Data] = [:]
      for file in try FileManager.default.contentsOfDirectory(atPath: corpus) {
        files[file] = FileManager.default.contents(atPath: "\(corpus)/\(file)")
      }
      try FileManager.default.removeItem(atPath: corpus)
      return files
    }
    let report = { (text: String) in text.split(separator: "\n").dropLast().joined(separator: "\n")
    }
    let one = explore(corpus)
    let first = try contents()
    let two = explore(corpus)
    #expect(report(one.output) == report(two.output))
    #expect(!report(one.output).isEmpty)
    #expect(first == (try contents()))
    #expect(first.count == 1)
    let withoutPath = { (text: String) in
      text.split(separator: "\n").filter { !$0.contains("resultDirectory") }
    }
    let json = explore(corpus, ["--format", "json"])
    _ = try contents()
    let again = explore(corpus, ["--format", "json"])
    #expect(withoutPath(json.output) == withoutPath(again.output))
  }

  @Test(
    "Bad budgets and seeds are usage errors",
    arguments: [
      ["--cases", "5", "--time", "1s"], ["--time", "forever"], ["--seed", "-1"],
      ["--max-steps", "0"], ["--shard", "3/2"],
    ])
  func usageErrors(arguments: [String]) {
    let capture = CapturedIO()
    let status = StateGate.main(arguments: ["explore"] + arguments, io: capture.io())
    #expect(status == .usage)
    #expect(capture.error.hasPrefix("error: "))
  }

  @Test("run includes the regression corpus of the current directory")
  func runIncludesTheCorpus() throws {
    let directory = try temporaryDirectory()
    let corpus = "\(directory)/stategate-regressions"
    #expect(explore(corpus).status == .contractFailures)
    let executable = try stategateExecutable()
    func run() throws -> Int32 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = [
        "run", "--subject", "fault:old-ticket-accepted", "--filter", "found-", "--output",
        "\(directory)/out",
      ]
      process.currentDirectoryURL = URL(fileURLWithPath: directory)
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }
    #expect(try run() == 1)
    try FileManager.default.removeItem(atPath: corpus)
    #expect(try run() == 69)
  }

  @Test("A subject declaring queue-latest is explored, named or matched by a pattern")
  func queueLatestIsExplored() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let named = runStateGate(
      "explore", "--no-isolation", "--seed", "1", "--cases", "5", "--subject",
      "favorites-queue-latest", "--output", directory, "--corpus", directory)
    #expect(named.status == .success, "\(named.error)")
    #expect(named.output.contains("favorites-queue-latest ("), "\(named.output)")
    let matched = runStateGate(
      "explore", "--no-isolation", "--seed", "1", "--cases", "5", "--subject", "favorites-*",
      "--output", directory, "--corpus", directory)
    #expect(!matched.error.contains("note: leaving out"), "\(matched.error)")
    #expect(matched.output.contains("favorites-queue-latest ("), "\(matched.output)")
  }
}
