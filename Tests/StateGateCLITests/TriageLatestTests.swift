import Foundation
import Testing

@testable import StateGateCLI

/// `triage --latest` (issue 30): an archive folder gates on each case's newest run, ordered by
/// recorded start times, and fails closed when the order cannot be known.
@MainActor
@Suite("triage --latest")
struct TriageLatestTests {
  private static let failingID = "SampleTests.SampleSwiftTesting/fails()"

  private func sampleLines() throws -> [String] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../TriageTests/Samples/swift-testing-event-stream-v6.3.jsonl")
      .standardized.path
    return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
      .map(String.init)
  }

  /// The sample run (`fails()` fails), started `shift` seconds later than recorded.
  private func failing(shift: Int = 0) throws -> [String] {
    try sampleLines().map { shifted($0, by: shift) }
  }

  /// The sample run with `fails()` passing, started `shift` seconds later.
  private func passing(shift: Int) throws -> [String] {
    try sampleLines().filter { !$0.contains("issueRecorded") }.map {
      shifted(
        $0.replacingOccurrences(of: "\"symbol\":\"fail\"", with: "\"symbol\":\"pass\""), by: shift)
    }
  }

  /// The sample run with `fails()` cancelled before its end, started `shift` seconds later.
  private func cancelled(shift: Int) throws -> [String] {
    var lines = try passing(shift: shift)
    let started = try #require(
      lines.firstIndex { $0.contains("testStarted") && $0.contains("fails()") })
    lines.insert(
      lines[started].replacingOccurrences(of: "testStarted", with: "testCancelled"),
      at: started + 1)
    return lines
  }

  private func shifted(_ line: String, by seconds: Int) -> String {
    line.replacingOccurrences(
      of: "\"since1970\":1796011806.", with: "\"since1970\":\(1_796_011_806 + seconds).")
  }

  private func folder(_ streams: [String: [String]]) throws -> String {
    let path = freshOutput()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (name, lines) in streams {
      try Data((lines.joined(separator: "\n") + "\n").utf8)
        .write(to: URL(fileURLWithPath: (path as NSString).appendingPathComponent(name)))
    }
    return path
  }

  @Test("An old failure a later run passed does not fail the gate, and is shown superseded")
  func laterPassSupersedes() throws {
    let archive = try folder(["a-old.jsonl": try failing(), "b-new.jsonl": try passing(shift: 600)])
    // Without --latest every old failure fails the folder.
    #expect(runStateGate("triage", archive).status == .contractFailures)
    let result = runStateGate("triage", archive, "--latest")
    #expect(result.status == .success, "\(result.output)\(result.error)")
    #expect(result.output.contains("SUPERSEDED  \(Self.failingID)"))
    #expect(result.output.contains("superseded: passed in its newest run, '"))
    #expect(result.output.contains("verdict: passed: the newest run of every case passed"))
    let json = runStateGate("triage", archive, "--latest", "--format", "json")
    #expect(json.output.contains("\"superseded\" : ["))
  }

  @Test("A case whose newest run failed or was cancelled still fails, whatever passed before")
  func newestFailureFails() throws {
    let failed = try folder(["a.jsonl": try passing(shift: 0), "b.jsonl": try failing(shift: 600)])
    let result = runStateGate("triage", failed, "--latest")
    #expect(result.status == .contractFailures)
    #expect(result.output.contains("1 case(s) failing in their newest run"))
    let stopped = try folder([
      "a.jsonl": try failing(shift: 0), "b.jsonl": try cancelled(shift: 600),
    ])
    let cancelledResult = runStateGate("triage", stopped, "--latest")
    #expect(cancelledResult.status == .contractFailures)
    #expect(cancelledResult.output.contains("verdict: incomplete"))
    #expect(cancelledResult.output.contains("CANCELLED  \(Self.failingID)"))
  }

  @Test("Runs of one case started at the same time, or at an unknown time, are refused")
  func unknownOrderFailsClosed() throws {
    let tie = try folder(["a.jsonl": try failing(), "b.jsonl": try passing(shift: 0)])
    let tied = runStateGate("triage", tie, "--latest")
    #expect(tied.status == .contractFailures)
    #expect(tied.output.contains("order unknown: \(Self.failingID): two of its runs started at"))
    let unknown = try folder([
      "a.jsonl": try failing(),
      "b.jsonl": try passing(shift: 600).filter { !$0.contains("runStarted") },
    ])
    let untimed = runStateGate("triage", unknown, "--latest")
    #expect(untimed.status == .contractFailures)
    #expect(untimed.output.contains("not all of them record when they started"))
  }

  @Test("Result directories are ordered by their manifests' start times, never by file times")
  func resultDirectoriesByManifest() throws {
    let output = freshOutput()
    _ = runStateGate("run", "--output", output, "--filter", "grouped-drag")
    _ = runStateGate("run", "--output", output, "--filter", "grouped-drag")
    let runs = runDirectories(in: output)
    try #require(runs.count == 2)
    func setStart(_ run: String, _ time: String) throws {
      let path = (output as NSString).appendingPathComponent(run + "/manifest.json")
      var manifest = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
          as? [String: Any])
      manifest["startTime"] = time
      try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
        .write(to: URL(fileURLWithPath: path))
    }
    try setStart(runs[0], "2026-12-01T10:00:00Z")
    try setStart(runs[1], "2026-12-01T11:00:00Z")
    #expect(runStateGate("triage", output, "--latest").status == .success)
    try setStart(runs[1], "2026-12-01T10:00:00Z")
    let tied = runStateGate("triage", output, "--latest")
    #expect(tied.status == .contractFailures)
    #expect(tied.output.contains("order unknown"))
  }

  @Test("A crashed run is superseded by a finished later one, and fails the gate when newest")
  func crashedRuns() throws {
    let crashed = try failing().filter { !$0.contains("\"testEnded\"") && !$0.contains("runEnded") }
    let later = try folder(["a.jsonl": crashed, "b.jsonl": try passing(shift: 600)])
    let superseded = runStateGate("triage", later, "--latest")
    #expect(superseded.status == .success, "\(superseded.output)")
    #expect(superseded.output.contains("SUPERSEDED  SampleTests.SampleSwiftTesting/passes()"))
    let newest = try folder([
      "a.jsonl": try passing(shift: 0),
      "b.jsonl": try failing(shift: 600).filter {
        !$0.contains("\"testEnded\"") && !$0.contains("runEnded")
      },
    ])
    let result = runStateGate("triage", newest, "--latest")
    #expect(result.status == .contractFailures)
    #expect(result.output.contains("verdict: incomplete"))
    #expect(result.output.contains("no finished run started after it"))
  }

  @Test("--latest's pass counts the cases every run skipped as not verified")
  func skippedEverywhereIsNotVerified() throws {
    let output = freshOutput()
    // editor skips drag-back-one-group (another unchanged-drag rule) and runs grouped-drag.
    _ = runStateGate(
      "run", "--subject", "editor", "--filter", "undo-history/drag-back-one-group",
      "--filter", "undo-history/grouped-drag", "--output", output)
    let result = runStateGate("triage", output, "--latest")
    #expect(result.status == .success, "\(result.output)\(result.error)")
    #expect(
      result.output.contains(
        "verdict: passed: the newest run of every case that ran passed; 1 of 2 cases skipped in "
          + "every run, not verified"), "\(result.output)")
  }

  @Test("--help lists --latest")
  func helpListsLatest() {
    #expect(runStateGate("triage", "--help").output.contains("--latest"))
  }
}
