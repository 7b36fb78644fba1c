import Foundation
import ResultSchema

/// A finished result directory read back: its manifest and its event records.
public struct RecordedRun: Sendable {
  /// The directory's path as given.
  public var path: String
  /// The manifest.
  public var manifest: Manifest
  /// The event records of kinds this reader knows, in file order.
  public var events: [EventRecord]

  /// Reads the finished result directory at `path`.
  ///
  /// A directory still under its temporary name (`.<name>.partial`, left by a killed run) or
  /// without `manifest.json` is not a finished run and is refused.
  ///
  /// - Throws: ``ResultDirectoryError/missing(path:)``,
  ///   ``ResultDirectoryError/unfinished(path:reason:)`` or
  ///   ``ResultDirectoryError/malformed(path:line:reason:)``.
  public static func read(_ path: String) throws(ResultDirectoryError) -> RecordedRun {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .missing(path: path)
    }
    guard isDirectory.boolValue else {
      throw .unfinished(path: path, reason: "it is a file, not a result directory")
    }
    let name = PathText.lastComponent(path)
    if ResultDirectory.isPartial(name) {
      throw .unfinished(
        path: path,
        reason: "it is still under its temporary name; the run was killed or is still going")
    }
    let manifestPath = PathText.join(path, "manifest.json")
    guard let manifestData = FileManager.default.contents(atPath: manifestPath) else {
      throw .unfinished(path: path, reason: "it has no manifest.json")
    }
    let manifest: Manifest
    do {
      manifest = try JSONDecoder().decode(Manifest.self, from: manifestData)
    } catch {
      throw .malformed(
        path: manifestPath, line: 0, reason: "not a stategate manifest (\(describe(error)))")
    }
    guard manifest.schemaVersion <= Manifest.currentSchemaVersion else {
      throw .malformed(
        path: manifestPath, line: 0,
        reason: "schemaVersion \(manifest.schemaVersion) is newer than this stategate reads")
    }
    let eventsPath = PathText.join(path, "events.jsonl")
    let events = try readEvents(eventsPath)
    try checkConsistency(events, manifest: manifest, path: eventsPath)
    return RecordedRun(path: path, manifest: manifest, events: events)
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
    for case .caseFinished(let record) in events {
      outcomes[record.outcome, default: 0] += 1
    }
    let counts = manifest.counts
    let expected = [
      "passed": counts.passed, "failed": counts.failed, "skipped": counts.skipped,
      "interrupted": counts.interrupted,
    ]
    for (outcome, count) in expected where outcomes[outcome, default: 0] != count {
      throw .malformed(
        path: path, line: 0,
        reason:
          "the log records \(outcomes[outcome, default: 0]) \(outcome) cases but the manifest "
          + "counts \(count)")
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
  public static func readEvents(_ path: String) throws(ResultDirectoryError) -> [EventRecord] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path)
    else {
      throw .unfinished(path: path, reason: "events.jsonl is missing or not a file")
    }
    var events: [EventRecord] = []
    let lines = String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() where !line.isEmpty {
      do {
        if let event = try EventRecord.parse(line) {
          events.append(event)
        }
      } catch {
        throw .malformed(path: path, line: index + 1, reason: "not an event record")
      }
    }
    return events
  }
}
