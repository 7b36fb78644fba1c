import Foundation
import ResultFiles
import Testing

@testable import StateGateCLI

/// `run --shard` and `merge`: shard directories combine into one equal to an unsharded run.
@MainActor
@Suite("Shards and merge")
struct MergeTests {
  private func run(_ output: String, sha: String, _ arguments: String...) -> StateGateCLI.ExitStatus
  {
    StateGate.main(
      arguments: ["run", "--output", output] + arguments,
      io: CapturedIO().io(environment: ["GITHUB_SHA": sha]))
  }

  @Test("Three shards merged equal the unsharded run: counts, failures and classes")
  func shardsMergeIntoTheWhole() throws {
    let whole = freshOutput()
    _ = run(whole, sha: "abc", "--subject", "fault:command-split", "--subject", "favorites")
    let shards = freshOutput()
    for index in 1...3 {
      _ = run(
        shards, sha: "abc", "--subject", "fault:command-split", "--subject", "favorites", "--shard",
        "\(index)/3")
    }
    let shardDirectories = runDirectories(in: shards).map {
      (shards as NSString).appendingPathComponent($0)
    }
    #expect(shardDirectories.count == 3)
    let merged = freshOutput()
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["merge", "--output", merged, "--print-path"] + shardDirectories, io: capture.io())
    #expect(status == .success)
    let mergedPath = capture.output.trimmingCharacters(in: .newlines)
    let mergedRun = try RecordedRun.read(mergedPath)
    let wholeRun = try RecordedRun.read(
      (whole as NSString).appendingPathComponent(try #require(runDirectories(in: whole).first)))
    #expect(mergedRun.manifest.counts == wholeRun.manifest.counts)
    #expect(mergedRun.manifest.failuresByClass == wholeRun.manifest.failuresByClass)
    #expect(mergedRun.manifest.mergedFrom?.count == 3)
    #expect(mergedRun.events.first?.kind == "runStarted")
    #expect(mergedRun.events.last?.kind == "runFinished")
    let sequence = try String(contentsOfFile: mergedPath + "/events.jsonl", encoding: .utf8)
      .split(separator: "\n").count
    #expect(sequence == mergedRun.events.count)
    let wholeTriage = runStateGate("triage", wholeRun.path, "--format", "json").output
    let mergedTriage = runStateGate("triage", mergedPath, "--format", "json").output
    func failures(_ json: String) throws -> [String] {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      let inputs = try #require(object["inputs"] as? [[String: Any]])
      return (inputs.first?["failures"] as? [[String: Any]] ?? []).map {
        "\($0["suite"] ?? "")/\($0["name"] ?? "") \($0["failureClass"] ?? "")"
      }.sorted()
    }
    #expect(try failures(mergedTriage) == failures(wholeTriage))
    #expect(!(try failures(mergedTriage)).isEmpty)
  }

  @Test(
    "Shards' conformance profiles merge into the unsharded run's: every rule's verdict and cases",
    arguments: [["fault:rollback-to-snapshot", "fault:command-split"], ["fault:second-tap-sends"]])
  func mergeKeepsTheConformanceProfile(subjects: [String]) throws {
    let named = subjects.flatMap { ["--subject", $0] }
    let whole = freshOutput()
    _ = StateGate.main(
      arguments: ["run", "--output", whole] + named,
      io: CapturedIO().io(environment: ["GITHUB_SHA": "abc"]))
    let shards = freshOutput()
    for index in 1...3 {
      _ = StateGate.main(
        arguments: ["run", "--output", shards, "--shard", "\(index)/3"] + named,
        io: CapturedIO().io(environment: ["GITHUB_SHA": "abc"]))
    }
    let capture = CapturedIO()
    _ = StateGate.main(
      arguments: ["merge", "--output", freshOutput(), "--print-path"]
        + runDirectories(in: shards).map { (shards as NSString).appendingPathComponent($0) },
      io: capture.io())
    let merged = try RecordedRun.read(capture.output.trimmingCharacters(in: .newlines))
    let wholeRun = try RecordedRun.read(
      (whole as NSString).appendingPathComponent(try #require(runDirectories(in: whole).first)))
    func profile(_ run: RecordedRun) -> [String] {
      (run.manifest.conformance ?? []).flatMap { profile in
        profile.rules.map { "\(profile.subject) \($0.rule) \($0.verdict) \($0.cases.sorted())" }
          + (profile.fits ?? []).map { "\(profile.subject) fits \($0)" }
      }
    }
    let expected = profile(wholeRun)
    #expect(expected.contains { $0.contains(" broke ") }, "\(expected)")
    #expect(profile(merged) == expected)
    let summary = try String(contentsOfFile: merged.path + "/summary.md", encoding: .utf8)
    #expect(summary.contains("### Conformance profile"))
  }

  @Test("Merged explorations place each found case in its own corpus file, in every output")
  func mergeKeepsWhereFoundCasesAreKept() throws {
    let runs = freshOutput()
    let corpus = freshOutput()
    for fault in ["fault:command-split", "fault:drag-callback-groups"] {
      _ = StateGate.main(
        arguments: [
          "explore", "--subject", fault, "--seed", "1", "--cases", "200", "--output", runs,
          "--corpus", corpus,
        ], io: CapturedIO().io())
    }
    let kept = try FileManager.default.contentsOfDirectory(atPath: corpus).sorted()
    #expect(kept.count == 2)
    let capture = CapturedIO()
    _ = StateGate.main(
      arguments: ["merge", "--output", freshOutput(), "--print-path"]
        + runDirectories(in: runs).map { (runs as NSString).appendingPathComponent($0) },
      io: capture.io())
    let merged = capture.output.trimmingCharacters(in: .newlines)
    #expect(try RecordedRun.read(merged).manifest.exploration?.subjects.count == 2)
    let junit = try String(contentsOfFile: merged + "/junit.xml", encoding: .utf8)
    let triage = runStateGate("triage", merged).output
    for file in kept {
      #expect(junit.contains("file=\"\(corpus)/\(file)\""), "\(junit)")
      #expect(triage.contains("at \(corpus)/\(file):"), "\(triage)")
    }
  }

  @Test("Shards of one exploration that found the same bug merge without --force, listing it once")
  func shardsThatFoundOneBugMerge() throws {
    let runs = freshOutput()
    for shard in ["1/2", "2/2"] {
      let status = StateGate.main(
        arguments: [
          "explore", "--subject", "fault:command-split", "--seed", "7", "--cases", "200",
          "--shard", shard, "--output", runs, "--corpus", freshOutput(),
        ], io: CapturedIO().io())
      #expect(status == .contractFailures)
    }
    let inputs = runDirectories(in: runs).map { (runs as NSString).appendingPathComponent($0) }
    let found = try inputs.map { path in
      try RecordedRun.read(path).events.compactMap { event -> String? in
        guard case .caseFinished(let finished) = event, finished.outcome == "failed" else {
          return nil
        }
        return finished.case
      }
    }
    // Both shards shrank the bug to the same steps, so they name one case alike.
    #expect(found.count == 2 && found[0] == found[1] && found[0].count == 1)
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["merge", "--output", freshOutput(), "--print-path"] + inputs, io: capture.io())
    #expect(status == .success, "\(capture.error)")
    let merged = try RecordedRun.read(capture.output.trimmingCharacters(in: .newlines))
    #expect(merged.manifest.counts.failed == 1)
    #expect(merged.manifest.failuresByClass == ["group-boundary": 1])
    let started = merged.events.filter {
      if case .caseStarted(let record) = $0 { return record.case == found[0].first }
      return false
    }
    #expect(started.count == 1)
    let junit = try String(contentsOfFile: merged.path + "/junit.xml", encoding: .utf8)
    #expect(junit.components(separatedBy: "<failure").count == 2)
  }

  @Test("A required case one shard skipped stays unmet in the merged run, and in its triage")
  func mergeKeepsUnmetRequirements() throws {
    let shards = freshOutput()
    let required = "optimistic-updates/pessimistic-cancel"
    let statuses = (1...2).map { index in
      run(
        shards, sha: "abc", "--subject", "favorites", "--require", required, "--shard", "\(index)/2"
      )
    }
    // The case is planned in one shard only; that shard fails, the other judges nothing of it.
    #expect(statuses.sorted { $0.rawValue < $1.rawValue } == [.success, .contractFailures])
    let directories = runDirectories(in: shards).map {
      (shards as NSString).appendingPathComponent($0)
    }
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["merge", "--output", freshOutput(), "--print-path"] + directories,
      io: capture.io())
    #expect(status == .success, "\(capture.error)")
    let merged = capture.output.trimmingCharacters(in: .newlines)
    let entries = try RecordedRun.read(merged).manifest.requiredCases ?? []
    #expect(entries.map(\.case) == [required] && entries.allSatisfy { !$0.ran }, "\(entries)")
    let junit = try String(contentsOfFile: merged + "/junit.xml", encoding: .utf8)
    #expect(junit.contains("required \(required)@favorites"))
    let summary = try String(contentsOfFile: merged + "/summary.md", encoding: .utf8)
    #expect(summary.contains("**Not passed: 1 required case did not run**"))
    let triage = runStateGate("triage", merged)
    #expect(triage.status == .contractFailures, "\(triage.output)\(triage.error)")
  }

  @Test("Shards whose required cases all ran merge into a run that says so")
  func mergeKeepsMetRequirements() throws {
    let shards = freshOutput()
    let required = [
      "optimistic-updates/rollback-after-rejection", "optimistic-updates/old-session",
    ]
    for index in 1...2 {
      _ = run(
        shards, sha: "abc", "--subject", "favorites", "--require", required[0], "--require",
        required[1], "--shard", "\(index)/2")
    }
    let directories = runDirectories(in: shards).map {
      (shards as NSString).appendingPathComponent($0)
    }
    let capture = CapturedIO()
    _ = StateGate.main(
      arguments: ["merge", "--output", freshOutput(), "--print-path"] + directories,
      io: capture.io())
    let merged = capture.output.trimmingCharacters(in: .newlines)
    let entries = try RecordedRun.read(merged).manifest.requiredCases ?? []
    // A pattern names every case it matches: `old-session` also names `old-session-sync`.
    let named = Set(required + ["optimistic-updates/old-session-sync"])
    #expect(Set(entries.map(\.case)) == named && entries.allSatisfy(\.ran), "\(entries)")
    let summary = try String(contentsOfFile: merged + "/summary.md", encoding: .utf8)
    #expect(summary.contains("Every one of the 3 required case runs ran"))
    #expect(runStateGate("triage", merged).status == .success)
  }

  @Test("Runs of different commits are refused unless forced; --shard is validated")
  func refusals() throws {
    let shards = freshOutput()
    _ = run(shards, sha: "aaa", "--filter", "grouped-drag")
    _ = run(shards, sha: "bbb", "--filter", "button-tap")
    let directories = runDirectories(in: shards).map {
      (shards as NSString).appendingPathComponent($0)
    }
    let capture = CapturedIO()
    let refused = StateGate.main(
      arguments: ["merge", "--output", freshOutput()] + directories, io: capture.io())
    #expect(refused == .malformedInput)
    #expect(capture.error.contains("refusing to merge:") && capture.error.contains("pass --force"))
    let forced = StateGate.main(
      arguments: ["merge", "--force", "--output", freshOutput()] + directories,
      io: CapturedIO().io())
    #expect(forced == .success)
    #expect(runStateGate("run", "--shard", "4/3").status == .usage)
    #expect(runStateGate("run", "--shard", "x").status == .usage)
    #expect(runStateGate("merge", directories[0]).status == .usage)
  }
}
