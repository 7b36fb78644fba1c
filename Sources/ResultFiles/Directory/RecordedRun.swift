import Foundation
import ResultSchema

/// A finished result directory read back: its manifest and its event records.
package struct RecordedRun: Sendable {
  /// The directory's path as given.
  package var path: String
  /// The manifest.
  package var manifest: Manifest
  /// The event records of kinds this reader knows, in file order.
  package var events: [EventRecord]

  /// Reads the finished result directory at `path`.
  ///
  /// A directory whose real name (every link, `.` and `..` resolved) is still a temporary name
  /// (`.<name>.partial`, left by a killed run), or without `manifest.json`, is not a finished run
  /// and is refused.
  ///
  /// - Throws: ``ResultDirectoryError/missing(path:)``,
  ///   ``ResultDirectoryError/unfinished(path:reason:)`` or
  ///   ``ResultDirectoryError/malformed(path:line:reason:)``.
  package static func read(_ path: String) throws(ResultDirectoryError) -> RecordedRun {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .missing(path: path)
    }
    guard isDirectory.boolValue else {
      throw .unfinished(path: path, reason: "it is a file, not a result directory")
    }
    if ResultDirectoryLayout.isPartial(path: path) {
      throw .unfinished(
        path: path,
        reason: "it is still under its temporary name; the run was killed or is still going")
    }
    let manifestPath = PathText.join(path, "manifest.json")
    let manifestData: Data
    do {
      let file = try InputFile(path: manifestPath)
      manifestData = Data(file.bytes(at: 0, count: 16 * 1_048_576))
    } catch {
      throw .unfinished(
        path: path,
        reason: error.kind == .missing
          ? "it has no manifest.json" : "its manifest.json is \(error.message)")
    }
    let manifest: Manifest
    do {
      manifest = try JSONDecoder().decode(Manifest.self, from: manifestData)
    } catch {
      throw .malformed(
        path: manifestPath, line: 0, reason: "not a stategate manifest (\(describe(error)))")
    }
    guard Manifest.readableSchemaVersions.contains(manifest.schemaVersion) else {
      let known = Manifest.readableSchemaVersions
      throw .malformed(
        path: manifestPath, line: 0,
        reason: "schemaVersion \(manifest.schemaVersion) is "
          + (manifest.schemaVersion > known.upperBound
            ? "newer than this stategate reads" : "not a version stategate ever wrote")
          + " (it reads \(known.lowerBound == known.upperBound ? "\(known.lowerBound)" : "\(known)"))"
      )
    }
    let eventsPath = PathText.join(path, "events.jsonl")
    let events = try readEvents(eventsPath)
    try checkConsistency(events, manifest: manifest, path: eventsPath)
    try checkJUnit(PathText.join(path, "junit.xml"), manifest: manifest, events: events)
    return RecordedRun(path: path, manifest: manifest, events: events)
  }

  /// Checks that `junit.xml` — the file CI test reports publish — is there, reads to its end,
  /// counts what the manifest counts, lists each case once, and gives each failing case the class
  /// the log records for it: a directory whose `junit.xml` is missing, cut short or different
  /// (a case repeated, a `type` that is not the class the run found) is never taken for a clean
  /// run, even when its log and manifest agree.
  ///
  /// A crashed run has none (its handler writes only the manifest). A run that did not complete
  /// may carry one more failing case saying so, and each required case that did not run
  /// (`run --require`, listed in the manifest) is one more erring case.
  private static func checkJUnit(_ junitPath: String, manifest: Manifest, events: [EventRecord])
    throws(ResultDirectoryError)
  {
    guard manifest.status != .crashed else { return }
    var failedClasses: [String: String] = [:]
    for case .caseFinished(let record) in events where record.outcome == "failed" {
      failedClasses[caseKey(record.suite, record.case, record.subject)] =
        record.failureClass ?? "unclassified"
    }
    var tests = 0
    var failing = 0
    var skipped = 0
    var wrongClass: (line: Int, reason: String)?
    let summary: JUnitReader.Summary
    do {
      summary = try JUnitReader.read(path: junitPath) { record in
        tests += 1
        switch record.outcome {
        case .passed: break
        case .failed, .error: failing += 1
        case .skipped: skipped += 1
        }
        guard record.outcome == .failed, wrongClass == nil else { return }
        let logged = failedClasses[caseKey(record.className, record.name, record.subject ?? "")]
        if logged != record.type {
          let name = "'\(record.className)/\(record.name)'"
          wrongClass = (
            record.line,
            logged.map {
              "the case \(name) fails with type '\(record.type ?? "")' but events.jsonl records "
                + "class '\($0)'"
            } ?? "the case \(name) fails here but events.jsonl records no failure of it"
          )
        }
      }
    } catch {
      throw .malformed(
        path: junitPath, line: error.line,
        reason: error.kind == .missing
          ? "it is missing; CI test reports read it" : error.message)
    }
    if let problem = summary.problems.first {
      throw .malformed(path: junitPath, line: problem.line, reason: problem.message)
    }
    if let wrongClass {
      throw .malformed(path: junitPath, line: wrongClass.line, reason: wrongClass.reason)
    }
    let counts = manifest.counts
    let unmet = (manifest.requiredCases ?? []).filter { !$0.ran }.count
    let ran = counts.passed + counts.failed + counts.skipped + counts.interrupted + unmet
    let notice = manifest.status == .complete ? 0 : 1
    let failed = counts.failed + counts.interrupted + unmet
    guard
      (tests == ran && failing == failed) || (tests == ran + notice && failing == failed + notice),
      skipped == counts.skipped
    else {
      throw .malformed(
        path: junitPath, line: 0,
        reason: "it lists \(tests) test cases, \(failing) failing and \(skipped) skipped, but the "
          + "manifest counts \(ran) cases, \(failed) failing and \(counts.skipped) skipped")
    }
  }

  /// One case's key: suite, case and subject.
  private static func caseKey(_ suite: String, _ name: String, _ subject: String) -> String {
    "\(suite)\u{0}\(name)\u{0}\(subject)"
  }

  /// Checks that the event log and the manifest tell the same story.
  ///
  /// A damaged log is never taken for a clean run: a finished run's log ends with `runFinished`,
  /// and its case records add up to the manifest's counts. A crashed run's log is only a prefix.
  private static func checkConsistency(_ events: [EventRecord], manifest: Manifest, path: String)
    throws(ResultDirectoryError)
  {
    guard manifest.status != .crashed else { return }
    guard case .runFinished? = events.last else {
      throw .malformed(
        path: path, line: 0,
        reason: "the log does not end with runFinished although the manifest says "
          + "\(manifest.status.rawValue)")
    }
    var outcomes: [String: Int] = [:]
    var classes: [String: Int] = [:]
    var started = 0
    var planned = 0
    for event in events {
      switch event {
      case .caseFinished(let record):
        outcomes[record.outcome, default: 0] += 1
        if record.outcome == "failed" {
          classes[record.failureClass ?? "unclassified", default: 0] += 1
        }
      case .caseStarted: started += 1
      case .runStarted(let record):
        planned += record.plannedCases
        guard record.runID == manifest.runID else {
          throw .malformed(
            path: path, line: 0,
            reason: "the log belongs to run \(record.runID) but the manifest to \(manifest.runID)")
        }
      default: continue
      }
    }
    if case .runFinished(let record)? = events.last, record.status != manifest.status.rawValue {
      throw .malformed(
        path: path, line: 0,
        reason: "the log ends \(record.status) but the manifest says \(manifest.status.rawValue)")
    }
    if classes != manifest.failuresByClass.filter({ $0.value != 0 }) {
      throw .malformed(
        path: path, line: 0,
        reason: "the failure classes in the log differ from the manifest's failuresByClass")
    }
    let counts = manifest.counts
    let expected = [
      "passed": counts.passed, "failed": counts.failed, "skipped": counts.skipped,
      "interrupted": counts.interrupted,
    ]
    for (outcome, count) in expected.sorted(by: { $0.key < $1.key })
    where outcomes[outcome, default: 0] != count {
      throw .malformed(
        path: path, line: 0,
        reason:
          "the log records \(outcomes[outcome, default: 0]) \(outcome) cases but the manifest "
          + "counts \(count)")
    }
    let finished = outcomes.values.reduce(0, +)
    if finished != started {
      throw .malformed(
        path: path, line: 0,
        reason: "the log starts \(started) cases but finishes \(finished)")
    }
    if case .runFinished(let record)? = events.last, record.counts != counts {
      throw .malformed(
        path: path, line: 0,
        reason: "the log's runFinished counts differ from the manifest's")
    }
    let accounted =
      counts.passed + counts.failed + counts.skipped + counts.interrupted + counts.notRun
    if accounted != planned {
      throw .malformed(
        path: path, line: 0,
        reason: "the run planned \(planned) cases but the manifest accounts for \(accounted) "
          + "(passed, failed, skipped, interrupted and not run)")
    }
    if manifest.status == .complete && counts.interrupted + counts.notRun > 0 {
      throw .malformed(
        path: path, line: 0,
        reason: "the manifest says complete but \(counts.interrupted + counts.notRun) planned "
          + "cases did not run to the end")
    }
  }

  /// A decoding error as a short phrase naming the field, without Swift's internals.
  private static func describe(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .keyNotFound(let key, _)?: "missing field '\(key.stringValue)'"
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
      "wrong type for '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
    case .dataCorrupted?: "not valid JSON"
    default: "unreadable"
    }
  }

  /// Reads `events.jsonl`, skipping records of unknown kinds.
  ///
  /// - Throws: ``ResultDirectoryError/malformed(path:line:reason:)`` naming the bad line.
  package static func readEvents(_ path: String) throws(ResultDirectoryError) -> [EventRecord] {
    var events: [EventRecord] = []
    do {
      try forEachRecord(in: path) { number, record, _ in
        switch record {
        case .success(let event): events.append(event)
        case .failure(let error):
          throw ResultDirectoryError.malformed(path: path, line: number, reason: error.reason)
        }
      }
    } catch let error as ResultDirectoryError {
      throw error
    } catch let error as InputFileError {
      throw error.kind == .missing
        ? .unfinished(path: path, reason: "events.jsonl is missing")
        : .malformed(path: path, line: error.line, reason: error.message)
    } catch {
      throw .malformed(path: path, line: 0, reason: "\(error)")
    }
    return events
  }

  /// Why a line of an event log is not the record it should be.
  package struct RecordProblem: Error, Equatable, Sendable {
    /// What is wrong, as a phrase.
    package var reason: String
  }

  /// Calls `body` with each record of a known kind in an event log, or the reason a line is not
  /// one: not a record, or a `seq` that is not its position (records missing, repeated or moved).
  ///
  /// - Parameters:
  ///   - path: The log.
  ///   - body: Receives the line number, the record or its problem, and whether a line break
  ///     ended the line (false for a last line cut off).
  /// - Throws: ``InputFileError`` when the file cannot be read; anything `body` throws.
  package static func forEachRecord(
    in path: String,
    _ body: (_ line: Int, _ record: Result<EventRecord, RecordProblem>, _ terminated: Bool) throws
      -> Void
  ) throws {
    let file = try InputFile(path: path)
    var position = 0
    try file.forEachLine { number, bytes, terminated in
      guard !bytes.isEmpty else { return }
      position += 1
      let parsed: EventRecord?
      do {
        parsed = try EventRecord.parse(String(decoding: bytes, as: UTF8.self))
      } catch {
        try body(number, .failure(RecordProblem(reason: "not an event record")), terminated)
        return
      }
      guard let event = parsed else { return }
      guard event.sequenceNumber == position else {
        let reason =
          "record \(position) says seq \(event.sequenceNumber): records are missing, "
          + "repeated or out of order"
        try body(number, .failure(RecordProblem(reason: reason)), terminated)
        return
      }
      try body(number, .success(event), terminated)
    }
  }
}

extension EventRecord {
  /// The record's `seq`: its position in the file, from 1.
  package var sequenceNumber: Int {
    switch self {
    case .runStarted(let record): record.seq
    case .caseStarted(let record): record.seq
    case .step(let record): record.seq
    case .caseFinished(let record): record.seq
    case .runFinished(let record): record.seq
    }
  }
}
