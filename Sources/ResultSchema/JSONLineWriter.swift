/// Writes step records as JSON bytes directly, byte for byte what `JSONEncoder` writes with sorted
/// keys and unescaped slashes, without building a value tree per record: steps are the one record
/// a run writes millions of.
///
/// Strings are escaped the way `JSONEncoder` escapes them: `\"`, `\\`, the short escapes `\b`,
/// `\t`, `\n`, `\f`, `\r`, and `\u00xx` (lowercase) for the other control characters; everything
/// else is written as UTF-8.
struct JSONLineWriter {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 1024) {
    bytes.reserveCapacity(capacity)
  }

  /// Bytes already written as JSON.
  mutating func append(_ json: [UInt8]) {
    bytes.append(contentsOf: json)
  }

  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          continue
        }
        bytes.append(contentsOf: utf8[start..<index])
        escape(byte)
        start = index + 1
      }
      bytes.append(contentsOf: utf8[start...])
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func escape(_ byte: UInt8) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    default:
      let hex: [UInt8] = Array("0123456789abcdef".utf8)
      bytes.append(contentsOf: [
        UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
      ])
    }
  }

  /// `value` in decimal, written digit by digit (no `String` per number).
  mutating func int(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
  }

  /// `"key":` — the key must need no escaping.
  mutating func key(_ name: StaticString, first: Bool = false) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    raw("\":")
  }

  /// An object of string values, `pairs` in the order given.
  mutating func object(_ pairs: [(key: String, value: String)]) {
    bytes.append(UInt8(ascii: "{"))
    for (index, pair) in pairs.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      string(pair.key)
      bytes.append(UInt8(ascii: ":"))
      string(pair.value)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  mutating func array<Element>(_ elements: [Element], _ write: (inout Self, Element) -> Void) {
    bytes.append(UInt8(ascii: "["))
    for (index, element) in elements.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      write(&self, element)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  mutating func value(_ value: EventRecord.Value) {
    bytes.append(UInt8(ascii: "{"))
    var first = true
    if let actual = value.actual {
      key("actual", first: first)
      string(actual)
      first = false
    }
    if let capture = value.capture {
      key("capture", first: first)
      string(capture)
      first = false
    }
    key("expected", first: first)
    string(value.expected)
    if let invariant = value.invariant {
      key("invariant")
      string(invariant)
    }
    key("key")
    string(value.key)
    if let relation = value.relation {
      key("relation")
      string(relation)
    }
    bytes.append(UInt8(ascii: "}"))
  }
}

extension EventRecord.Step {
  /// The record as one line of JSON without a newline: the same bytes as
  /// ``EventRecord/jsonLine()``, written without `JSONEncoder`.
  package func jsonBytes() -> [UInt8] {
    Self.jsonBytes(
      seq: seq, suite: suite, case: self.case, subject: subject, step: step, line: line,
      action: action, before: before.sorted { $0.key < $1.key },
      after: after.sorted { $0.key < $1.key }, expectations: expectations, captures: captures,
      mismatches: mismatches, verdict: verdict, notes: notes, kind: kind, version: version)
  }

  /// The bytes of the step record with these fields, as ``jsonBytes()`` writes them, for a
  /// writer that has the state as pairs already sorted by key with no key twice (a snapshot's
  /// fields), so no dictionary is built per step.
  package static func jsonBytes(
    seq: Int, suite: String, case caseID: String, subject: String, step: Int, line: Int,
    action: String, before: [(key: String, value: String)], after: [(key: String, value: String)],
    expectations: [EventRecord.Value], captures: [EventRecord.CapturedValue]?,
    mismatches: [EventRecord.Value], verdict: String, notes: [String], kind: String = "step",
    version: Int = EventRecord.currentVersion
  ) -> [UInt8] {
    jsonBytes(
      seq: seq, suite: suite, case: caseID, subject: subject, step: step, line: line,
      action: action, beforeObject: objectBytes(before), afterObject: objectBytes(after),
      expectations: expectations, captures: captures, mismatches: mismatches, verdict: verdict,
      notes: notes, kind: kind, version: version)
  }

  /// The JSON object of a state, as a step record writes it under `before` and `after`, from
  /// pairs sorted by key with no key twice.
  package static func objectBytes(_ pairs: [(key: String, value: String)]) -> [UInt8] {
    var writer = JSONLineWriter(capacity: 256)
    writer.object(pairs)
    return writer.bytes
  }

  /// The bytes of the step record with its states already written by ``objectBytes(_:)``, for a
  /// writer that reuses one step's `after` as the next step's `before`.
  package static func jsonBytes(
    seq: Int, suite: String, case caseID: String, subject: String, step: Int, line: Int,
    action: String, beforeObject: [UInt8], afterObject: [UInt8],
    expectations: [EventRecord.Value], captures: [EventRecord.CapturedValue]?,
    mismatches: [EventRecord.Value], verdict: String, notes: [String], kind: String = "step",
    version: Int = EventRecord.currentVersion
  ) -> [UInt8] {
    var writer = JSONLineWriter(capacity: 256 + beforeObject.count + afterObject.count)
    writer.raw("{")
    writer.key("action", first: true)
    writer.string(action)
    writer.key("after")
    writer.append(afterObject)
    writer.key("before")
    writer.append(beforeObject)
    if let captures {
      writer.key("captures")
      writer.array(captures) { writer, capture in
        writer.raw("{\"key\":")
        writer.string(capture.key)
        writer.raw(",\"name\":")
        writer.string(capture.name)
        writer.raw("}")
      }
    }
    writer.key("case")
    writer.string(caseID)
    writer.key("expectations")
    writer.array(expectations) { $0.value($1) }
    writer.key("kind")
    writer.string(kind)
    writer.key("line")
    writer.int(line)
    writer.key("mismatches")
    writer.array(mismatches) { $0.value($1) }
    writer.key("notes")
    writer.array(notes) { $0.string($1) }
    writer.key("seq")
    writer.int(seq)
    writer.key("step")
    writer.int(step)
    writer.key("subject")
    writer.string(subject)
    writer.key("suite")
    writer.string(suite)
    writer.key("verdict")
    writer.string(verdict)
    writer.key("version")
    writer.int(version)
    writer.raw("}")
    return writer.bytes
  }
}

/// JSON text for single values.
package enum JSONText {
  /// `text` as a JSON string, escaped the way `JSONEncoder` escapes it.
  package static func quoted(_ text: String) -> String {
    var writer = JSONLineWriter(capacity: text.utf8.count + 2)
    writer.string(text)
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}
