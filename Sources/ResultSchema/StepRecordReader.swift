extension EventRecord.Step {
  /// Reads a step record as ``jsonBytes()`` writes it, without `JSONDecoder`: what a run does
  /// with the records its workers send when a case fails.
  ///
  /// It reads JSON objects, arrays, strings and whole numbers, nested a few levels deep, and
  /// ignores keys it does not know, as `JSONDecoder` does; anything else — another record kind,
  /// a missing field, `true`, `null`, a fraction, broken JSON — gives `nil`, and the caller decodes
  /// with ``EventRecord/parse(_:)``.
  ///
  /// - Parameter jsonBytes: One record, without its newline.
  package init?(jsonBytes: [UInt8]) {
    let parsed = jsonBytes.withUnsafeBufferPointer { buffer -> JSONValue? in
      var reader = JSONValueReader(bytes: buffer)
      guard let value = reader.value(depth: 0), reader.isAtEnd else { return nil }
      return value
    }
    guard case .object(let fields)? = parsed else { return nil }
    let record = FieldsByKey(fields)
    guard record.text("kind") == "step", let version = record.number("version"),
      let seq = record.number("seq"), let suite = record.text("suite"),
      let caseID = record.text("case"), let subject = record.text("subject"),
      let step = record.number("step"), let line = record.number("line"),
      let action = record.text("action"), let before = record.textObject("before"),
      let after = record.textObject("after"), let expectations = record.values("expectations"),
      let mismatches = record.values("mismatches"), let verdict = record.text("verdict"),
      let notes = record.texts("notes")
    else { return nil }
    var captures: [EventRecord.CapturedValue]?
    if record.has("captures") {
      guard let list = record.list("captures") else { return nil }
      var read: [EventRecord.CapturedValue] = []
      for item in list {
        guard case .object(let fields) = item else { return nil }
        let capture = FieldsByKey(fields)
        guard let key = capture.text("key"), let name = capture.text("name") else { return nil }
        read.append(EventRecord.CapturedValue(key: key, name: name))
      }
      captures = read
    }
    self.init(
      seq: seq, suite: suite, case: caseID, subject: subject, step: step, line: line,
      action: action, before: before, after: after, expectations: expectations,
      captures: captures, mismatches: mismatches, verdict: verdict, notes: notes)
    self.version = version
  }
}

/// A JSON value as step records hold them.
private enum JSONValue {
  case text(String)
  case number(Int)
  case list([JSONValue])
  case object([(key: String, value: JSONValue)])
}

/// An object's fields looked up by key; the last of a repeated key wins, as in `JSONDecoder`.
private struct FieldsByKey {
  private var fields: [String: JSONValue] = [:]

  init(_ pairs: [(key: String, value: JSONValue)]) {
    for pair in pairs {
      fields[pair.key] = pair.value
    }
  }

  func has(_ key: String) -> Bool {
    fields[key] != nil
  }

  func text(_ key: String) -> String? {
    guard case .text(let text)? = fields[key] else { return nil }
    return text
  }

  func number(_ key: String) -> Int? {
    guard case .number(let number)? = fields[key] else { return nil }
    return number
  }

  func list(_ key: String) -> [JSONValue]? {
    guard case .list(let items)? = fields[key] else { return nil }
    return items
  }

  func texts(_ key: String) -> [String]? {
    guard let items = list(key) else { return nil }
    var texts: [String] = []
    for item in items {
      guard case .text(let text) = item else { return nil }
      texts.append(text)
    }
    return texts
  }

  func textObject(_ key: String) -> [String: String]? {
    guard case .object(let pairs)? = fields[key] else { return nil }
    var object: [String: String] = [:]
    for pair in pairs {
      guard case .text(let text) = pair.value else { return nil }
      object[pair.key] = text
    }
    return object
  }

  /// A list of expectation or mismatch values.
  func values(_ key: String) -> [EventRecord.Value]? {
    guard let items = list(key) else { return nil }
    var values: [EventRecord.Value] = []
    for item in items {
      guard case .object(let pairs) = item else { return nil }
      let value = FieldsByKey(pairs)
      guard let name = value.text("key"), let expected = value.text("expected") else {
        return nil
      }
      for optional in ["relation", "capture", "actual", "invariant"]
      where value.has(optional) && value.text(optional) == nil {
        return nil
      }
      values.append(
        EventRecord.Value(
          key: name, relation: value.text("relation"), expected: expected,
          capture: value.text("capture"), actual: value.text("actual"),
          invariant: value.text("invariant")))
    }
    return values
  }
}

/// Reads JSON values from bytes; `nil` for anything a step record does not hold.
private struct JSONValueReader {
  /// Step records nest three levels (record, list, value): a little more is allowed.
  static let depthLimit = 6

  let bytes: UnsafeBufferPointer<UInt8>
  private var offset = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Whether only white space is left.
  var isAtEnd: Bool {
    mutating get {
      skipSpace()
      return offset == bytes.count
    }
  }

  mutating func value(depth: Int) -> JSONValue? {
    guard depth <= Self.depthLimit else { return nil }
    skipSpace()
    guard offset < bytes.count else { return nil }
    switch bytes[offset] {
    case UInt8(ascii: "\""): return string().map(JSONValue.text)
    case UInt8(ascii: "{"): return object(depth: depth)
    case UInt8(ascii: "["): return list(depth: depth)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
    default: return nil
    }
  }

  private mutating func skipSpace() {
    while offset < bytes.count,
      [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(
        bytes[offset])
    {
      offset += 1
    }
  }

  /// Consumes `byte` after optional white space.
  private mutating func expect(_ byte: UInt8) -> Bool {
    skipSpace()
    guard offset < bytes.count, bytes[offset] == byte else { return false }
    offset += 1
    return true
  }

  private mutating func object(depth: Int) -> JSONValue? {
    offset += 1
    var pairs: [(key: String, value: JSONValue)] = []
    if expect(UInt8(ascii: "}")) { return .object(pairs) }
    repeat {
      skipSpace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\""), let key = string(),
        expect(UInt8(ascii: ":")), let value = value(depth: depth + 1)
      else { return nil }
      pairs.append((key, value))
    } while expect(UInt8(ascii: ","))
    return expect(UInt8(ascii: "}")) ? .object(pairs) : nil
  }

  private mutating func list(depth: Int) -> JSONValue? {
    offset += 1
    var items: [JSONValue] = []
    if expect(UInt8(ascii: "]")) { return .list(items) }
    repeat {
      guard let item = value(depth: depth + 1) else { return nil }
      items.append(item)
    } while expect(UInt8(ascii: ","))
    return expect(UInt8(ascii: "]")) ? .list(items) : nil
  }

  /// A whole number that fits an `Int`; a fraction or an exponent is not one.
  private mutating func number() -> JSONValue? {
    let negative = bytes[offset] == UInt8(ascii: "-")
    if negative { offset += 1 }
    let start = offset
    var magnitude: UInt = 0
    while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
      let (times, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflowSum) = times.addingReportingOverflow(UInt(bytes[offset] - 48))
      guard !overflowTimes, !overflowSum else { return nil }
      magnitude = sum
      offset += 1
    }
    let digits = offset - start
    guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
    if offset < bytes.count,
      [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[offset])
    {
      return nil
    }
    if negative {
      guard magnitude <= UInt(Int.max) + 1 else { return nil }
      return .number(magnitude == UInt(Int.max) + 1 ? Int.min : -Int(magnitude))
    }
    guard magnitude <= UInt(Int.max) else { return nil }
    return .number(Int(magnitude))
  }

  /// A string, its escapes resolved; `nil` if it is not well formed JSON or not UTF-8.
  private mutating func string() -> String? {
    offset += 1
    var start = offset
    var text: [UInt8] = []
    while offset < bytes.count {
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        text.append(contentsOf: bytes[start..<offset])
        offset += 1
        return String(validating: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        text.append(contentsOf: bytes[start..<offset])
        offset += 1
        guard escape(into: &text) else { return nil }
        start = offset
      case 0..<0x20:
        return nil
      default:
        offset += 1
      }
    }
    return nil
  }

  /// Resolves the escape after a backslash into `text`.
  private mutating func escape(into text: inout [UInt8]) -> Bool {
    guard offset < bytes.count else { return false }
    let letter = bytes[offset]
    offset += 1
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(letter)
    case UInt8(ascii: "b"): text.append(0x08)
    case UInt8(ascii: "f"): text.append(0x0C)
    case UInt8(ascii: "n"): text.append(0x0A)
    case UInt8(ascii: "r"): text.append(0x0D)
    case UInt8(ascii: "t"): text.append(0x09)
    case UInt8(ascii: "u"):
      guard var scalar = hexQuad() else { return false }
      if (0xD800..<0xDC00).contains(scalar) {
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
          bytes[offset + 1] == UInt8(ascii: "u")
        else { return false }
        offset += 2
        guard let low = hexQuad(), (0xDC00..<0xE000).contains(low) else { return false }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let unicode = Unicode.Scalar(scalar) else { return false }
      text.append(contentsOf: Array(String(Character(unicode)).utf8))
    default:
      return false
    }
    return true
  }

  /// Four hex digits.
  private mutating func hexQuad() -> UInt32? {
    guard offset + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }
}
