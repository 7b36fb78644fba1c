import Foundation
import StateGateRecorder

/// Writes a recording's text from its header fields and its events, as the recorder would: sorted
/// keys, consecutive sequence numbers from the dropped count plus one, and a trailer whose count
/// and FNV-1a checksum match, so a test can build any session line by line.
enum RecordingText {
  /// The text of a recording.
  ///
  /// - Parameters:
  ///   - header: Header fields beyond `kind`, `format`, `version`, `capabilities` and `dropped`
  ///     (which default to a version-1 header with nothing declared or dropped).
  ///   - events: Each event's or shown state's fields; `kind` defaults to `event`, and `seq` and
  ///     `version` are added.
  ///   - firstSequence: The first line's sequence number; by default the dropped count plus one.
  /// - Returns: The file's bytes.
  static func make(
    header: [String: Any] = [:], events: [[String: Any]], firstSequence: Int? = nil
  ) -> Data {
    var fields: [String: Any] = [
      "kind": "header", "format": RecordingFormat.name, "version": 1, "capabilities": [String](),
      "dropped": 0, "family": "optimistic",
    ]
    fields.merge(header) { $1 }
    var lines = [line(fields)]
    var sequence = firstSequence ?? ((fields["dropped"] as? Int ?? 0) + 1)
    for event in events {
      var event = event
      if event["kind"] == nil { event["kind"] = "event" }
      event["seq"] = sequence
      event["version"] = 1
      sequence += 1
      lines.append(line(event))
    }
    var body = Data(lines.map { $0 + "\n" }.joined().utf8)
    var hash = RecordingFormat.hashBasis
    body.withUnsafeBytes { RecordingFormat.hash($0, into: &hash) }
    let trailer: [String: Any] = [
      "kind": "trailer", "lines": lines.count, "fnv1a64": RecordingFormat.hex(hash), "version": 1,
    ]
    body.append(Data((line(trailer) + "\n").utf8))
    return body
  }

  /// One JSON line with sorted keys.
  static func line(_ fields: [String: Any]) -> String {
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])
    else { preconditionFailure("a test's recording line is not JSON: \(fields)") }
    return String(decoding: data, as: UTF8.self)
  }

  /// The four events of a session whose app recorded its own read after a timeout with
  /// `syncStarted`: load, tap, `respond r1 unknown`, `sync a as s1`.
  static var miswiredTimeout: [[String: Any]] {
    [
      ["action": "load", "records": ["a=off", "b=off"]],
      ["action": "tap", "record": "a", "request": "r1"],
      ["action": "respond", "request": "r1", "outcome": "unknown"],
      ["action": "sync", "record": "a", "request": "s1"],
    ]
  }
}
