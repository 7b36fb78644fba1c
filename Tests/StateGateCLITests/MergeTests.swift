import Foundation
import ResultBundle
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
