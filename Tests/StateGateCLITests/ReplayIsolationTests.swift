import Foundation
import ResultSchema
import Testing

/// `replay` of cases whose worker died: replayed in a worker, with the recorded limits, never
/// "passes".
@Suite("Replay of crashed and timed-out cases", .serialized)
struct ReplayIsolationTests {
  @Test(
    "A case recorded crashed or timed-out replays isolated and reproduces its class (exit 1)",
    arguments: [
      ("fault:traps", "crashed: the worker ended with signal SIGILL; class crashed"),
      ("fault:hangs", "did not finish within 0.5s: the subject hung; class timed-out"),
    ])
  func replaysIsolated(subject: String, ending: String) throws {
    let output = freshOutput()
    defer { try? FileManager.default.removeItem(atPath: output) }
    let executable = try stategateExecutable()
    let run = try ToolProcess.run(
      executable,
      [
        "run", "--output", output, "--subject", subject, "--filter", "button-tap-one-group",
        "--step-timeout", "0.5s", "--jobs", "1",
      ])
    #expect(run.status == 1)
    let names = runDirectories(in: output)
    try #require(names.count == 1)
    let replay = try ToolProcess.run(executable, ["replay", PathText.join(output, names[0])])
    #expect(replay.status == 1, "\(replay.output)\(replay.error)")
    #expect(!replay.output.contains("passes"))
    #expect(
      replay.output.contains(
        "undo-history/button-tap-one-group on \(subject): reproduces: step 2 'undo' \(ending)"))
  }
}
