import Foundation
import Testing

@testable import StateGateCLI

/// `replay --case` of a case the run skipped on some subject: the run recorded no steps of it,
/// so it replays from its suite or is reported not replayed, never as an unreadable file.
@MainActor
@Suite("Replaying a skipped case")
struct ReplaySkippedCaseTests {
  @Test("A case skipped on its subject is not replayed there (69), not a malformed file (65)")
  func skippedOnItsSubject() throws {
    let output = freshOutput()
    _ = runStateGate(
      "run", "--subject", "editor", "--filter", "undo-history/drag-back-one-group", "--output",
      output)
    let directory = (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
    let replayed = runStateGate("replay", directory, "--case", "undo-history/drag-back-one-group")
    #expect(replayed.status == .nothingMatched, "\(replayed.error)")
    #expect(replayed.error.isEmpty, "\(replayed.error)")
    #expect(replayed.output.contains("on editor: not replayed: is for the unchanged-drag rule"))
  }

  @Test("Replayed on a subject it applies to, a case skipped in the run is new, not a reproduction")
  func skippedCaseOnAnotherSubject() throws {
    let output = freshOutput()
    let caseName = "optimistic-updates/timeout-withdraws-write"
    // The fault declares no write timeout, so the run skips the case on it.
    _ = runStateGate(
      "run", "--subject", "fault:shared-settles-tapped-row", "--filter", caseName, "--output",
      output)
    let directory = (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
    let passing = runStateGate("replay", directory, "--case", caseName, "--subject", "favorites")
    #expect(passing.status == .success, "\(passing.error)")
    #expect(passing.output.contains("passes now; the run recorded it skipped, with no steps"))
    let failing = runStateGate(
      "replay", directory, "--case", caseName, "--subject", "fault:cancel-as-rejection")
    #expect(failing.status == .contractFailures, "\(failing.error)")
    #expect(failing.output.contains("fails now: step 4 'wait 1ms'"))
    #expect(failing.output.contains("class unknown-outcome; the run recorded it skipped"))
    #expect(!failing.output.contains("reproduces"))
  }
}
