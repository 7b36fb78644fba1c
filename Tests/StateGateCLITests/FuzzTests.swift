import Foundation
import Testing

@testable import StateGateCLI

/// A small deterministic random number generator (SplitMix64), so the fuzz inputs are the same on
/// every run.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

/// The real samples of other runners' reports, read from the triage tests' folder.
func sampleBytes(_ name: String) throws -> [UInt8] {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../TriageTests/Samples/\(name)").standardized
  return Array(try Data(contentsOf: url))
}

/// Mutated, truncated and re-encoded copies of real reports, event streams and result
/// directories: none that is broken, truncated or holds a failure may pass the gate.
@MainActor
@Suite("Fuzz: damaged evidence never passes")
struct FuzzTests {
  /// One way to damage a file's bytes.
  enum Mutation: CaseIterable {
    case truncate, flipByte, deleteLine, duplicateLine, swapLines, controlCharacter, junk, utf16
  }

  static func mutate(_ bytes: [UInt8], _ mutation: Mutation, _ random: inout SeededGenerator)
    -> [UInt8]
  {
    guard !bytes.isEmpty else { return bytes }
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map(Array.init)
    func joined() -> [UInt8] { Array(lines.joined(separator: [UInt8(ascii: "\n")])) }
    switch mutation {
    case .truncate:
      return Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
    case .flipByte:
      var copy = bytes
      let index = Int.random(in: 0..<copy.count, using: &random)
      copy[index] = copy[index] == 0x58 ? 0x59 : 0x58
      return copy
    case .deleteLine:
      lines.remove(at: Int.random(in: 0..<lines.count, using: &random))
      return joined()
    case .duplicateLine:
      let index = Int.random(in: 0..<lines.count, using: &random)
      lines.insert(lines[index], at: index)
      return joined()
    case .swapLines:
      let first = Int.random(in: 0..<lines.count, using: &random)
      let second = Int.random(in: 0..<lines.count, using: &random)
      lines.swapAt(first, second)
      return joined()
    case .controlCharacter:
      var copy = bytes
      copy.insert(
        [0x1B, 0x00, 0x07, 0x0C].randomElement(using: &random) ?? 0x1B,
        at: Int.random(in: 0...copy.count, using: &random))
      return copy
    case .junk:
      var copy = bytes
      let junk = (0..<Int.random(in: 1...8, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      copy.insert(contentsOf: junk, at: Int.random(in: 0...copy.count, using: &random))
      return copy
    case .utf16:
      let text = String(decoding: bytes, as: UTF8.self)
      return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }
  }

  /// Writes `bytes` as `name` in a fresh folder and returns the file's path.
  private func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let directory = freshOutput()
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = (directory as NSString).appendingPathComponent(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(
    "A few hundred mutated reports, streams and result directories: no crash, no hang, never exit 0",
    // A hang's bound, not a speed target: about 5 s alone, over 2 minutes beside the whole suite
    // on two cores, and over 12 when that machine also builds beside it.
    .timeLimit(.minutes(20)))
  func mutatedEvidenceNeverPasses() throws {
    var random = SeededGenerator(seed: 0x5747_4754)
    let seeds = [
      "swift-test-xctest.xml", "swift-test-swift-testing.xml", "pytest-default.xml",
      "pytest-reruns.xml", "portable-testsuites.xml", "portable-surefire.xml",
      "swift-testing-event-stream-v6.3.jsonl",
    ]
    var tried = 0
    var passedWrongly: [String] = []
    for seed in seeds {
      let bytes = try sampleBytes(seed)
      for round in 0..<32 {
        let mutation = Mutation.allCases[round % Mutation.allCases.count]
        let mutated = Self.mutate(bytes, mutation, &random)
        let name = (seed as NSString).pathExtension == "jsonl" ? "events.jsonl" : "report.xml"
        let path = try write(name, mutated)
        tried += 1
        for form in [path, (path as NSString).deletingLastPathComponent] {
          let result = runStateGate("triage", form)
          if result.status == .success {
            passedWrongly.append("\(seed) \(mutation) round \(round) via \(form)")
          }
        }
      }
    }
    // A stategate result directory with failures: every file of it damaged in turn.
    let output = freshOutput()
    _ = runStateGate(
      "run", "--output", output, "--subject", "fault:command-split", "--filter", "button-tap",
      "--filter", "grouped-drag")
    let original = (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
    for round in 0..<64 {
      let file = ["events.jsonl", "manifest.json", "junit.xml"][round % 3]
      let mutation = Mutation.allCases[(round / 3) % Mutation.allCases.count]
      let copy = freshOutput() + "/run-\(round)"
      try FileManager.default.createDirectory(
        atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: original, toPath: copy)
      let target = (copy as NSString).appendingPathComponent(file)
      // Whether the records of the log changed: then the run is broken, and even diff, which
      // passes failures that are not new, must not pass it.
      var broken = file != "junit.xml"
      if round % 16 == 15 {
        try FileManager.default.removeItem(atPath: target)
      } else {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: target)))
        let mutated = Self.mutate(bytes, mutation, &random)
        try Data(mutated).write(to: URL(fileURLWithPath: target))
        func records(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
          bytes.split(separator: UInt8(ascii: "\n"))
        }
        broken =
          file == "events.jsonl" && records(mutated) != records(bytes)
          && [.truncate, .deleteLine, .duplicateLine, .swapLines].contains(mutation)
      }
      tried += 1
      let result = runStateGate("triage", copy)
      if result.status == .success {
        passedWrongly.append("result directory: \(file) \(mutation) round \(round)")
      }
      let diff = runStateGate("diff", original, copy)
      if diff.status == .success && broken {
        passedWrongly.append("diff against result directory: \(file) \(mutation) round \(round)")
      }
    }
    #expect(tried >= 280)
    #expect(passedWrongly.isEmpty, "\(passedWrongly.joined(separator: "\n"))")
  }

  @Test("Truncating a passing report anywhere inside its content never passes it")
  func truncatedPassingReports() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites tests="3" failures="0">
        <testsuite name="EditorTests" tests="3" failures="0" errors="0" skipped="0">
          <testcase classname="EditorTests" name="testA" time="0.001"/>
          <testcase classname="EditorTests" name="testB" time="0.001"/>
          <testcase classname="EditorTests" name="testC" time="0.001"/>
          <system-out>log \u{1B}[31mred\u{1B}[0m</system-out>
        </testsuite>
      </testsuites>

      """
    let bytes = Array(xml.utf8)
    #expect(runStateGate("triage", try write("passing.xml", bytes)).status == .success)
    let end = try #require(bytes.lastIndex(of: UInt8(ascii: ">")))
    var random = SeededGenerator(seed: 7)
    for _ in 0..<40 {
      let cut = Int.random(in: 0...end, using: &random)
      let result = runStateGate("triage", try write("cut.xml", Array(bytes.prefix(cut))))
      #expect(result.status != .success, "cut at \(cut)")
    }
  }
}
