import Foundation
import Testing

@testable import StateGateCLI

/// A verdict the run was not confident of reads as one everywhere it is shown again: `triage`
/// (text, JSON, Markdown), `summary.md` and `replay` keep the surviving classes, as the console
/// does.
@MainActor
@Suite("Verdicts that are not confident")
struct NotConfidentVerdictTests {
  @Test(
    "triage, summary.md and replay keep a verdict's surviving classes, as the console shows them")
  func rankedClassesSurvive() throws {
    let output = freshOutput()
    let run = runStateGate(
      "run", "--subject", "fault:timeout-keeps-provisional", "--filter",
      "optimistic-updates/timeout-withdraws-write", "--output", output)
    #expect(run.status == .contractFailures)
    #expect(run.output.contains("unknown-outcome or ui-binding: not confident"), "\(run.output)")
    let directory = (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
    let text = runStateGate("triage", directory).output
    #expect(
      text.contains("class unknown-outcome or ui-binding: not confident, 2 explanations"),
      "\(text)")
    #expect(text.contains("        2. ui-binding: "))
    let json = runStateGate("triage", directory, "--format", "json").output
    let decoded = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let inputs = try #require(decoded["inputs"] as? [[String: Any]])
    let failures = try #require(inputs.first?["failures"] as? [[String: Any]])
    let alternatives = try #require(failures.first?["alternatives"] as? [[String: Any]])
    #expect(alternatives.map { $0["failureClass"] as? String } == ["ui-binding"])
    let markdown = runStateGate("triage", directory, "--format", "markdown").output
    #expect(markdown.contains("unknown-outcome or ui-binding (not confident)"), "\(markdown)")
    let summary = try String(contentsOfFile: directory + "/summary.md", encoding: .utf8)
    #expect(summary.contains("not confident: unknown-outcome or ui-binding"), "\(summary)")
    let replayed = runStateGate("replay", directory).output
    #expect(
      replayed.contains("class unknown-outcome or ui-binding (not confident)"), "\(replayed)")
  }
}
