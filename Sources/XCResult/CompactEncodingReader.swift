/// Parses Apple's compact typed encoding of the legacy result model, what an object of the
/// object store holds once decompressed:
/// `[T[K2:_nV23:ActionsInvocationRecord]K7:actions[T[K2:_nV5:Array][…][…]]…]`.
///
/// The grammar, as read from the bundles themselves (nothing here is Apple's documentation):
/// a value is `[`, a type, a body and `]`; a type is `T[K2:_nV<n>:<name>]` (with
/// `K2:_s` and the supertype's definition before its `]` when it has one) or `S<n>:<name>` for a
/// type already defined; the body is `K2:_vV<n>:<text>` for a scalar, values one after another
/// for an `Array`, else fields `K<n>:<key>` each followed by a value. Lengths count bytes.
///
/// Nesting deeper than ``depthLimit`` is refused, as is anything that does not parse to the end.
struct CompactEncodingReader {
  /// The deepest nesting read; real objects nest about 20 levels.
  static let depthLimit = 256

  private let bytes: [UInt8]
  private let path: String
  private var position = 0
  private var types: Set<String> = []

  /// Parses the whole of `bytes`, from the object `path`.
  ///
  /// - Throws: ``XCResultError`` naming the object and the byte offset when it does not parse.
  static func parse(_ bytes: [UInt8], path: String) throws(XCResultError) -> LegacyValue {
    var reader = CompactEncodingReader(bytes: bytes, path: path)
    let value = try reader.value(depth: 0)
    guard reader.position == bytes.count else {
      throw reader.failure("\(bytes.count - reader.position) bytes after the end of the object")
    }
    return value
  }

  private init(bytes: [UInt8], path: String) {
    self.bytes = bytes
    self.path = path
  }

  private func failure(_ reason: String) -> XCResultError {
    XCResultError(
      path: path,
      reason: "the object's encoding does not parse at byte \(position): \(reason)")
  }

  private var next: UInt8? { position < bytes.count ? bytes[position] : nil }

  private mutating func expect(_ byte: UInt8) throws(XCResultError) {
    guard next == byte else {
      let found = next.map { "'\(Character(Unicode.Scalar($0)))'" } ?? "the end"
      throw failure("expected '\(Character(Unicode.Scalar(byte)))', found \(found)")
    }
    position += 1
  }

  /// `<tag><n>:<n bytes>`.
  private mutating func text(tag: UInt8) throws(XCResultError) -> String {
    try expect(tag)
    var length = 0
    var digits = 0
    while let byte = next, byte >= 0x30, byte <= 0x39 {
      length = length * 10 + Int(byte - 0x30)
      digits += 1
      position += 1
      guard digits <= 10 else { throw failure("a length of more than 10 digits") }
    }
    guard digits > 0 else { throw failure("a length without digits") }
    try expect(UInt8(ascii: ":"))
    guard length <= bytes.count - position else {
      throw failure("a \(length)-byte string where \(bytes.count - position) bytes remain")
    }
    let value = String(decoding: bytes[position..<position + length], as: UTF8.self)
    position += length
    return value
  }

  private mutating func typeDefinition(depth: Int) throws(XCResultError) -> String {
    guard depth < Self.depthLimit else { throw failure("nested deeper than \(Self.depthLimit)") }
    try expect(UInt8(ascii: "["))
    guard try text(tag: UInt8(ascii: "K")) == "_n" else { throw failure("a type without _n") }
    let name = try text(tag: UInt8(ascii: "V"))
    if next == UInt8(ascii: "K") {
      guard try text(tag: UInt8(ascii: "K")) == "_s" else {
        throw failure("a type with a field other than _n and _s")
      }
      _ = try typeDefinition(depth: depth + 1)
    }
    try expect(UInt8(ascii: "]"))
    types.insert(name)
    return name
  }

  private mutating func value(depth: Int) throws(XCResultError) -> LegacyValue {
    guard depth < Self.depthLimit else { throw failure("nested deeper than \(Self.depthLimit)") }
    try expect(UInt8(ascii: "["))
    let type: String
    switch next {
    case UInt8(ascii: "T"):
      position += 1
      type = try typeDefinition(depth: depth + 1)
    case UInt8(ascii: "S"):
      type = try text(tag: UInt8(ascii: "S"))
      guard types.contains(type) else { throw failure("the type '\(type)' was never defined") }
    default:
      throw failure("a value without a type")
    }
    if type == "Array" {
      var elements: [LegacyValue] = []
      while next == UInt8(ascii: "[") {
        elements.append(try value(depth: depth + 1))
      }
      try expect(UInt8(ascii: "]"))
      return .array(elements)
    }
    var fields: [String: LegacyValue] = [:]
    while next == UInt8(ascii: "K") {
      let key = try text(tag: UInt8(ascii: "K"))
      if key == "_v" {
        let scalar = try text(tag: UInt8(ascii: "V"))
        try expect(UInt8(ascii: "]"))
        guard fields.isEmpty else { throw failure("a scalar with fields") }
        return .scalar(type: type, value: scalar)
      }
      fields[key] = try value(depth: depth + 1)
    }
    try expect(UInt8(ascii: "]"))
    return .object(type: type, fields: fields)
  }
}
