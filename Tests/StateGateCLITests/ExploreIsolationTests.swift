import Foundation
import Testing

/// `stategate explore` in worker processes: a subject that traps, exits, crashes or hangs is a
/// finding with its step and class, the exploration ends within its limits, signals end it
/// interrupted, and no worker is left behind.
@Suite("Exploration isolated", .serialized)
struct ExploreIsolationTests {
  private func directory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "stategate-explore-isolated-\(UUID().uuidString)"
    ).path
  }

  /// The report block of `subject` in `output`, up to the next subject's heading.
  private func block(of subject: String, in output: String) -> String {
    guard let start = output.range(of: "\n\(subject) (") else { return "" }
    let rest = output[start.upperBound...]
    let end = rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }

  @Test("Subjects that break their process are findings with their step; the others go on")
  func processBreakingSubjectsAreFindings() throws {
    let output = directory()
    let explore = try StateGateProcess([
      "explore", "--seed", "1", "--cases", "40", "--step-timeout", "0.5s",
      "--subject", "fault:traps", "--subject", "fault:exits", "--subject", "fault:segfault",
      "--subject", "fault:hangs", "--subject", "editor", "--output", output,
      "--corpus", directory(),
    ])
    let ended = explore.finish()
    #expect(ended.status == 1, "\(ended.error)")
    #expect(explore.survivors().isEmpty)
    let expected = [
      ("fault:traps", "crashed: ", "signal SIGILL"),
      ("fault:exits", "crashed: ", "exit status 3"),
      ("fault:segfault", "crashed: ", "signal SIGSEGV"),
      ("fault:hangs", "timed-out: ", "did not finish within 0.5s"),
    ]
    for (subject, label, detail) in expected {
      let found = block(of: subject, in: ended.output)
      #expect(found.contains("FAIL  found by sequence"), "\(subject): \(found)")
      #expect(found.contains(label) && found.contains(detail), "\(subject): \(found)")
      #expect(found.contains("'undo' (step "), "\(subject): \(found)")
    }
    #expect(block(of: "editor", in: ended.output).contains("nothing found: 40 sequences"))
    let runs = try FileManager.default.contentsOfDirectory(atPath: output)
    #expect(runs.count == 1 && runs[0].hasPrefix("explore-") && !runs[0].hasSuffix(".partial"))
  }

  @Test("A crash is shrunk to the steps it needs, and the case fails the same way under run")
  func crashIsShrunkAndReplays() throws {
    let corpus = directory()
    let explore = try StateGateProcess([
      "explore", "--seed", "7", "--cases", "20", "--subject", "fault:traps",
      "--output", directory(), "--corpus", corpus,
    ])
    let ended = explore.finish()
    #expect(ended.status == 1, "\(ended.error)")
    let files = try FileManager.default.contentsOfDirectory(atPath: corpus)
    try #require(files.count == 1, "\(files)")
    let text = try String(contentsOfFile: corpus + "/" + files[0], encoding: .utf8)
    #expect(text.contains("# Class crashed: "))
    let steps = text.split(separator: "\n").filter { $0.hasPrefix("  ") }
    #expect(steps.last == "  undo", "\(text)")
    let run = try StateGateProcess([
      "run", "--suite", corpus, "--subject", "fault:traps", "--output", directory(),
    ])
    let replayed = run.finish()
    #expect(replayed.status == 1)
    #expect(replayed.output.contains("crashed: "), "\(replayed.output)")
  }

  @Test("Exploring a hanging subject ends within its time budget")
  func hangEndsWithinTheBudget() throws {
    let started = ProcessInfo.processInfo.systemUptime
    let explore = try StateGateProcess([
      "explore", "--seed", "1", "--time", "5s", "--subject", "fault:hangs",
      "--output", directory(), "--corpus", directory(),
    ])
    let ended = explore.finish()
    let seconds = ProcessInfo.processInfo.systemUptime - started
    #expect(ended.status == 1, "\(ended.error)")
    #expect(ended.output.contains("timed-out: "))
    // The hang is found within a fifth of the budget; recording its steps and classifying the
    // case each cost one more step limit. Without isolation this ran until killed.
    #expect(seconds < 12, "took \(seconds) s")
    #expect(explore.survivors().isEmpty)
  }

  @Test("SIGTERM while a worker hangs ends the exploration interrupted, with no worker left")
  func signalWhileHanging() throws {
    let explore = try StateGateProcess([
      "explore", "--seed", "1", "--cases", "100", "--step-timeout", "60s",
      "--subject", "fault:hangs", "--output", directory(), "--corpus", directory(),
    ])
    // The worker is the event to wait for: it exists once the exploration has started it.
    let deadline = ProcessInfo.processInfo.systemUptime + 30
    while explore.survivors().isEmpty && ProcessInfo.processInfo.systemUptime < deadline {
      sched_yield()
    }
    try #require(!explore.survivors().isEmpty)
    let ended = explore.finish(sending: SIGTERM)
    #expect(ended.status == 130, "\(ended.error)")
    #expect(ended.error.contains("interrupted"))
    #expect(explore.survivors().isEmpty)
  }

  @Test("A subject that floods its output and works is not failed")
  func floodingSubjectPasses() throws {
    let explore = try StateGateProcess([
      "explore", "--seed", "1", "--cases", "1", "--subject", "fault:floods-stderr",
      "--output", directory(), "--corpus", directory(),
    ])
    let ended = explore.finish()
    #expect(ended.status == 0, "\(ended.output)\(ended.error)")
    #expect(ended.output.contains("nothing found: 1 sequence"))
  }

  @Test("--no-isolation leaves out subjects that break their process, and refuses one named")
  func noIsolationLeavesOutBreakingSubjects() throws {
    let matched = try StateGateProcess([
      "explore", "--no-isolation", "--seed", "1", "--cases", "5", "--subject", "fault:*",
      "--output", directory(), "--corpus", directory(),
    ])
    let ended = matched.finish()
    #expect(ended.status == 1)
    #expect(ended.error.contains("note: leaving out fault:traps"))
    #expect(!ended.output.contains("fault:traps ("))
    let named = try StateGateProcess([
      "explore", "--no-isolation", "--cases", "5", "--subject", "fault:hangs",
      "--output", directory(), "--corpus", directory(),
    ])
    #expect(named.finish().status == 64)
  }
}
