import Contracts
import Foundation
import ResultFiles
import ResultSchema
import ResultWriting
import RunModel

/// Writes a run as Swift Testing's event stream (`--event-stream-output-path`), schema `"6.3"`,
/// one JSON Lines record as each event happens.
///
/// Every suite is a `suite` test record and every case, once per subject, a `function` test record
/// whose id is `SUITE/CASE@SUBJECT/FILE:LINE:1` and whose name is `CASE@SUBJECT`, so that
/// `stategate triage` gives each case the identity junit.xml and the result directory give it.
/// A case that ran gets `testStarted`, `testCaseStarted`, an `issueRecorded` when it failed (at
/// the suite file's failing step, with junit.xml's failure message behind a `stategate[CLASS]`
/// tag), `testCaseEnded` and `testEnded`; a skipped case gets `testSkipped` with the reason; a case
/// the run was interrupted in started and never ended, as the result directory says. The stream
/// ends with `runEnded`: a stream without it is a run that did not finish.
///
/// The path is opened before the run starts (``open(_:)``): a FIFO, as an IDE creates to read the
/// stream from, waits there for its reader; a regular file is replaced, as Swift Testing's own
/// option replaces it. A write that fails later is a warning, once, and the run goes on.
@MainActor
final class EventStreamOutput: RunOutput {
  /// The schema version written on every record.
  static let schemaVersion = "6.3"

  private let path: String
  private var handle: FileHandle?
  private let io: CommandIO
  private let junit: JUnitOptions
  /// Each planned case's test record id and source location, by case key.
  private var tests: [String: (id: String, location: [String: Any])] = [:]
  /// How many plan entries of each suite have not finished yet (its `testEnded` waits for 0).
  private var openEntries: [String: Int] = [:]
  /// The suites whose `testStarted` is written.
  private var startedSuites: Set<String> = []
  /// The cases whose `testStarted` is written (at their first step, so a skip never starts).
  private var startedCases: Set<String> = []

  /// Wanted when the command line gives `--event-stream-output-path`, which opened the path.
  init?(_ request: OutputRequest) {
    guard let stream = request.eventStream else { return nil }
    path = stream.path
    handle = stream.handle
    io = request.io
    junit =
      request.junit ?? JUnitOptions(workingDirectory: FileManager.default.currentDirectoryPath)
  }

  /// Opens `path` for the stream: creates a new file, replaces a regular one, or opens a FIFO
  /// (waiting for its reader) or a character device for writing.
  ///
  /// - Returns: The path and the open file.
  /// - Throws: ``StateGateError/cannotWrite(path:reason:)`` for a path that cannot be opened for
  ///   writing, a directory, a socket or a block device.
  static func open(_ path: String) throws(StateGateError) -> (path: String, handle: FileHandle) {
    let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY, 0o644)
    guard descriptor >= 0 else {
      throw .cannotWrite(
        path: path,
        reason: String(cString: strerror(errno))
          + "; --event-stream-output-path takes a file, a FIFO or a new path in a writable folder")
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      guard ftruncate(descriptor, 0) == 0 else {
        throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
      }
    case S_IFIFO, S_IFCHR:
      break
    default:
      throw .cannotWrite(
        path: path,
        reason:
          "it is not a regular file, a FIFO or a character device; --event-stream-output-path "
          + "takes one of those or a new path")
    }
    return (path, handle)
  }

  func record(_ event: RunEvent) {
    switch event {
    case .runStarted(let plan):
      declare(plan)
      write(event: "runStarted", messages: [("default", "stategate \(StateGate.version) run")])
    case .suiteStarted(let entry):
      if startedSuites.insert(entry.suite.id).inserted {
        write(event: "testStarted", testID: entry.suite.id)
      }
    case .caseStarted:
      break
    case .stepFinished(let suiteID, let caseID, let subject, _),
      .stepEncoded(let suiteID, let caseID, let subject, _):
      start(key(suiteID, caseID, subject))
    case .caseFinished(let result):
      finish(result)
    case .suiteFinished(let suite):
      openEntries[suite.suiteID, default: 1] -= 1
      if openEntries[suite.suiteID] == 0 {
        write(event: "testEnded", testID: suite.suiteID)
      }
    case .runFinished(let report):
      let counts = report.counts
      let summary =
        "\(counts.total) \(plural(counts.total, "case")): \(counts.passed) passed, "
        + "\(counts.failed) failed, \(counts.skipped) skipped"
      if report.wasInterrupted {
        write(
          event: "runEnded",
          messages: [("default", "the run was interrupted (\(summary), \(report.notRun) not run)")])
      } else {
        write(event: "runEnded", messages: [(counts.failed > 0 ? "fail" : "pass", summary)])
      }
    }
  }

  func finish(_ run: FinishedRun) {
    try? handle?.close()
    handle = nil
  }

  /// Writes the test records of every suite and case of `plan`, before any event.
  private func declare(_ plan: RunPlan) {
    for entry in plan.entries {
      let suite = entry.suite
      openEntries[suite.id, default: 0] += 1
      let builtIn = suite.source.hasPrefix("builtin:")
      // A built-in suite has no file of the user's: its place is spelt as junit.xml spells it.
      let file = builtIn ? junit.suiteFile(suite.source) : junit.absolute(suite.source)
      let fileName = PathText.lastComponent(file)
      func location(_ line: Int) -> [String: Any] {
        ["fileID": junit.suiteFile(suite.source), "filePath": file, "line": line, "column": 1]
      }
      if openEntries[suite.id] == 1 {
        write(
          "test",
          [
            "kind": "suite", "id": suite.id, "name": suite.id, "displayName": suite.title,
            "sourceLocation": location(1),
          ])
      }
      for contractCase in entry.cases {
        let name = "\(contractCase.id)@\(entry.subject.name)"
        let id = "\(suite.id)/\(name)/\(fileName):\(contractCase.line):1"
        tests[key(suite.id, contractCase.id, entry.subject.name)] = (
          id, location(contractCase.line)
        )
        write(
          "test",
          [
            "kind": "function", "id": id, "name": name,
            "displayName": "\(contractCase.title) [\(entry.subject.name)]",
            "sourceLocation": location(contractCase.line), "isParameterized": false,
          ])
      }
    }
  }

  /// Writes `testStarted` and `testCaseStarted` for the case `key`, once.
  private func start(_ key: String) {
    guard let test = tests[key], startedCases.insert(key).inserted else { return }
    write(event: "testStarted", testID: test.id)
    write(event: "testCaseStarted", testID: test.id)
  }

  /// Writes how `result` ended.
  private func finish(_ result: CaseResult) {
    let key = key(result.suiteID, result.caseID, result.subject)
    guard let test = tests[key] else { return }
    let shown = "\(result.caseID) [\(result.subject)]"
    switch result.outcome {
    case .skipped(let reason):
      if startedCases.contains(key) {
        write(event: "testCaseEnded", testID: test.id)
        write(event: "testEnded", testID: test.id, messages: [("skip", reason)])
      } else {
        write(event: "testSkipped", testID: test.id, messages: [("skip", reason)])
      }
    case .interrupted:
      // Stopped before its last step: it started and never ended, as the result directory says.
      start(key)
    case .passed:
      start(key)
      write(event: "testCaseEnded", testID: test.id)
      write(
        event: "testEnded", testID: test.id,
        messages: [("pass", "\(shown) passed after \(seconds(result.durationSeconds))")])
    case .failed:
      start(key)
      let junitCase = JUnitCaseBuilder.testCase(result)
      var text = "failed"
      var failureClass = (result.classification?.failureClass ?? .unclassified).rawValue
      if case .failure(let type, let message, _) = junitCase.result {
        text = message
        failureClass = type
      }
      var location = test.location
      if let line = result.firstFailure?.line {
        location["line"] = line
      }
      let issue: [String: Any] = [
        "isKnown": false, "severity": "error", "isFailure": true, "sourceLocation": location,
      ]
      write(
        event: "issueRecorded", testID: test.id,
        messages: [("fail", "stategate[\(failureClass)] \(text)")],
        extra: ["issue": issue, "sourceLocation": location])
      write(event: "testCaseEnded", testID: test.id)
      write(
        event: "testEnded", testID: test.id,
        messages: [("fail", "\(shown) failed after \(seconds(result.durationSeconds))")])
    }
  }

  private func key(_ suite: String, _ caseID: String, _ subject: String) -> String {
    "\(suite)\u{0}\(caseID)\u{0}\(subject)"
  }

  /// Writes one event record.
  private func write(
    event kind: String, testID: String? = nil, messages: [(symbol: String, text: String)] = [],
    extra: [String: Any] = [:]
  ) {
    var payload: [String: Any] = [
      "kind": kind,
      "instant": ["absolute": io.clock(), "since1970": Date().timeIntervalSince1970],
      "messages": messages.map { ["symbol": $0.symbol, "text": $0.text] },
    ]
    if let testID { payload["testID"] = testID }
    payload.merge(extra) { _, new in new }
    write("event", payload)
  }

  /// Writes one record as one line; the first failure is a warning and ends the stream.
  private func write(_ kind: String, _ payload: [String: Any]) {
    guard let handle else { return }
    let record: [String: Any] = ["version": Self.schemaVersion, "kind": kind, "payload": payload]
    guard
      var data = try? JSONSerialization.data(
        withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes])
    else {
      preconditionFailure("an event stream record is not JSON: \(record)")
    }
    do {
      data.append(0x0A)
      try Self.writeAll(data, to: handle.fileDescriptor)
    } catch {
      io.writeError(
        "warning: cannot write the event stream '\(path)': \(error.reason); the run goes on "
          + "without it\n")
      try? handle.close()
      self.handle = nil
    }
  }

  /// Why a record was not written.
  private struct WriteFailure: Error {
    var reason: String
  }

  /// Writes all of `data` to `descriptor` (a pipe may take it in parts).
  private static func writeAll(_ data: Data, to descriptor: Int32) throws(WriteFailure) {
    var failure: Int32 = 0
    data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    guard failure == 0 else { throw WriteFailure(reason: String(cString: strerror(failure))) }
  }
}
