import Foundation
import ResultFiles
import ResultSchema
import StateGateCLI
import Testing
import Triage

/// `run --event-stream-output-path`: Swift Testing's event stream of a run, read back by triage
/// as the run's own directory and junit.xml are read.
@Suite("Event stream output", .serialized)
struct EventStreamTests {
  /// A run of a passing, a failing, a skipping and a crashing subject, with its stream.
  struct Recorded {
    var output: String
    var directory: String
    var stream: String
  }

  /// Runs the stategate binary (isolated, so the crashing subject can crash its worker).
  static func record(subjects: [String]) throws -> Recorded {
    let output = freshOutput()
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    let stream = PathText.join(output, "stream.jsonl")
    let result = try ToolProcess.run(
      try stategateExecutable(),
      ["run", "--suite", "undo-history", "--output", PathText.join(output, "runs"), "--jobs", "2"]
        + ["grouped-drag", "ten-callback-drag", "typing-one-group"].flatMap { ["--filter", $0] }
        + subjects.flatMap { ["--subject", $0] } + ["--event-stream-output-path", stream])
    #expect(result.status == 1, "\(result.error)")
    let names = runDirectories(in: PathText.join(output, "runs"))
    try #require(names.count == 1)
    return Recorded(
      output: output, directory: PathText.join(PathText.join(output, "runs"), names[0]),
      stream: stream)
  }

  /// `editor` passes two cases and skips the one needing a typing window; a fault fails in
  /// group-boundary; `fault:traps` crashes its worker.
  static let subjects = ["editor", "fault:drag-callback-groups", "fault:traps"]

  /// What `triage --format json` says of one input: its counts, classes and failures.
  @MainActor
  static func triageJSON(_ path: String) throws -> (
    counts: [String: Int], classes: [String: Int], failures: [String: [String]]
  ) {
    let capture = CapturedIO()
    let status = StateGate.main(arguments: ["triage", "--format", "json", path], io: capture.io())
    #expect(status == .contractFailures, "\(path): \(capture.error)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(capture.output.utf8)) as? [String: Any])
    let inputs = try #require(report["inputs"] as? [[String: Any]])
    try #require(inputs.count == 1)
    let input = inputs[0]
    #expect(input["problems"] as? [String] == [], "\(path)")
    let counts = try #require(input["counts"] as? [String: Int])
    let classes = try #require(input["failuresByClass"] as? [String: Int])
    var failures: [String: [String]] = [:]
    for failure in try #require(input["failures"] as? [[String: Any]]) {
      let suite = try #require(failure["suite"] as? String)
      let name = try #require(failure["name"] as? String)
      let identity = CaseIdentity.of(
        suite: suite, name: name, subject: failure["subject"] as? String)
      failures[identity] = [
        failure["outcome"] as? String ?? "", failure["failureClass"] as? String ?? "",
        "\(failure["isExact"] as? Bool ?? false)",
      ]
    }
    return (counts, classes, failures)
  }

  @Test("Triage of the stream gives the counts, classes and cases of the directory and junit.xml")
  @MainActor
  func streamMatchesDirectoryAndJUnit() throws {
    let run = try Self.record(subjects: Self.subjects)
    defer { try? FileManager.default.removeItem(atPath: run.output) }
    let junit = PathText.join(run.directory, "junit.xml")
    let stream = try Self.triageJSON(run.stream)
    let directory = try Self.triageJSON(run.directory)
    let report = try Self.triageJSON(junit)
    #expect(stream.counts == directory.counts)
    #expect(stream.classes == directory.classes)
    #expect(stream.failures == directory.failures)
    #expect(stream.failures == report.failures)
    for key in ["passed", "failed", "skipped"] {
      #expect(stream.counts[key] == report.counts[key], "\(key)")
      #expect((stream.counts[key] ?? 0) > 0, "the run has \(key) cases")
    }
    #expect(stream.classes["crashed"] == 2, "fault:traps crashes both cases it runs")
    #expect(stream.classes.keys.contains { $0 != "crashed" && $0 != "unclassified" })

    // Case for case, passing and skipped ones too: the same identities with the same outcomes.
    let outcomes = try [run.stream, run.directory, junit].map { path in
      let inputs = ArchiveTriage.triage(paths: [path], collectOutcomes: true)
      try #require(inputs.count == 1)
      return inputs[0].outcomes
    }
    #expect(!outcomes[0].isEmpty)
    #expect(outcomes[0] == outcomes[1])
    #expect(outcomes[0] == outcomes[2])
  }

  /// The event kinds of schema 6.3.
  static let eventKinds: Set<String> = [
    "runStarted", "testStarted", "testCaseStarted", "issueRecorded", "testCaseEnded",
    "testEnded", "testSkipped", "runEnded", "valueAttached", "testCancelled", "testCaseCancelled",
  ]

  /// Checks a source location's documented fields.
  static func checkLocation(_ value: Any?, line number: Int) throws {
    let location = try #require(value as? [String: Any], "line \(number): a source location")
    #expect(location["filePath"] is String, "line \(number)")
    #expect(location["line"] is Int, "line \(number)")
    #expect(location["column"] is Int, "line \(number)")
  }

  @Test("Every line is one record of the documented shape, the test records before any event")
  @MainActor
  func everyLineIsARecord() throws {
    let run = try Self.record(subjects: Self.subjects)
    defer { try? FileManager.default.removeItem(atPath: run.output) }
    let text = try String(contentsOfFile: run.stream, encoding: .utf8)
    #expect(text.hasSuffix("\n"))
    var declared: Set<String> = []
    var sawEvent = false
    var kinds: [String] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast().enumerated()
    {
      let number = index + 1
      let record = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        "line \(number) is a JSON object")
      #expect(record["version"] as? String == "6.3", "line \(number)")
      let payload = try #require(record["payload"] as? [String: Any], "line \(number)")
      switch record["kind"] as? String {
      case "test":
        #expect(!sawEvent, "line \(number): a test record after an event")
        let id = try #require(payload["id"] as? String, "line \(number)")
        declared.insert(id)
        #expect(payload["name"] is String, "line \(number)")
        try Self.checkLocation(payload["sourceLocation"], line: number)
        switch payload["kind"] as? String {
        case "suite": break
        case "function": #expect(payload["isParameterized"] as? Bool == false, "line \(number)")
        default: Issue.record("line \(number): test kind \(payload["kind"] ?? "none")")
        }
      case "event":
        sawEvent = true
        let kind = try #require(payload["kind"] as? String, "line \(number)")
        #expect(Self.eventKinds.contains(kind), "line \(number): \(kind)")
        kinds.append(kind)
        let instant = try #require(payload["instant"] as? [String: Any], "line \(number)")
        #expect(instant["absolute"] is Double, "line \(number)")
        #expect(instant["since1970"] is Double, "line \(number)")
        let messages = try #require(payload["messages"] as? [[String: Any]], "line \(number)")
        for message in messages {
          #expect(message["symbol"] is String && message["text"] is String, "line \(number)")
        }
        if let testID = payload["testID"] {
          #expect(declared.contains(testID as? String ?? ""), "line \(number): undeclared test")
        }
        if kind == "issueRecorded" {
          let issue = try #require(payload["issue"] as? [String: Any], "line \(number)")
          #expect(issue["isKnown"] as? Bool == false, "line \(number)")
          #expect(issue["severity"] as? String == "error", "line \(number)")
          #expect(issue["isFailure"] as? Bool == true, "line \(number)")
          try Self.checkLocation(issue["sourceLocation"], line: number)
          let text = messages.first?["text"] as? String ?? ""
          #expect(text.hasPrefix("stategate["), "line \(number): \(text)")
          #expect(text.contains("] step "), "line \(number): \(text)")
        }
      default:
        Issue.record("line \(number): record kind \(record["kind"] ?? "none")")
      }
    }
    #expect(kinds.first == "runStarted")
    #expect(kinds.last == "runEnded")
    for kind in ["testSkipped", "issueRecorded", "testCaseStarted", "testEnded"] {
      #expect(kinds.contains(kind), "\(kind)")
    }
  }

  @Test(
    "A path that cannot be written stops the run before it starts, with one line and status 74",
    arguments: ["missing-folder/stream.jsonl", "."])
  @MainActor
  func unwritablePath(relative: String) throws {
    let output = freshOutput()
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: output) }
    let path = PathText.join(output, relative)
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: [
        "run", "--no-isolation", "--output", PathText.join(output, "runs"),
        "--event-stream-output-path", path,
      ], io: capture.io())
    #expect(status == .ioError)
    #expect(capture.error.hasPrefix("error: cannot write '\(path)': "))
    #expect(capture.error.split(separator: "\n").count == 1, "\(capture.error)")
    #expect(!FileManager.default.fileExists(atPath: PathText.join(output, "runs")))
  }

  @Test("An existing file is replaced, as Swift Testing's option replaces it")
  @MainActor
  func replacesAFile() throws {
    let output = freshOutput()
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: output) }
    let path = PathText.join(output, "stream.jsonl")
    try Data(String(repeating: "old line\n", count: 10_000).utf8).write(
      to: URL(fileURLWithPath: path))
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: [
        "run", "--no-isolation", "--output", PathText.join(output, "runs"), "--filter",
        "undo-history/", "--event-stream-output-path", path,
      ], io: capture.io())
    #expect(status == .success, "\(capture.error)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains("old line"))
    #expect(text.split(separator: "\n").last?.contains("\"runEnded\"") == true)
  }

  @Test("A FIFO gets the stream as it is written, as an IDE reads it")
  @MainActor
  func writesToAFIFO() throws {
    let output = freshOutput()
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: output) }
    let path = PathText.join(output, "stream.fifo")
    try #require(mkfifo(path, 0o600) == 0)
    // The reader opens its end on another thread; the run's open waits for it.
    let reader = ReadToEnd()
    Thread.detachNewThread {
      reader.finish(FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data())
    }
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: [
        "run", "--no-isolation", "--output", PathText.join(output, "runs"), "--filter",
        "undo-history/", "--event-stream-output-path", path,
      ], io: capture.io())
    #expect(status == .success, "\(capture.error)")
    let lines = reader.wait().split(separator: "\n")
    #expect(lines.first?.contains("\"kind\":\"test\"") == true)
    #expect(lines.last?.contains("\"runEnded\"") == true)
    #expect(lines.count > 3)
  }
}
