import Foundation
import Testing

@testable import XCResult

/// Edits a copied bundle's objects the way a person with a text editor would: decompressed,
/// changed as values, written back in the compact encoding as an uncompressed Zstandard frame.
enum ObjectEditing {
  /// The compact encoding of `value`, every type written out in full.
  static func encode(_ value: LegacyValue) -> String {
    func type(_ name: String) -> String { "T[K2:_nV\(name.utf8.count):\(name)]" }
    switch value {
    case .scalar(let name, let text):
      return "[\(type(name))K2:_vV\(text.utf8.count):\(text)]"
    case .array(let elements):
      return "[\(type("Array"))" + elements.map(encode).joined() + "]"
    case .object(let name, let fields):
      let body = fields.keys.sorted().map { key in
        "K\(key.utf8.count):\(key)" + encode(fields[key] ?? .array([]))
      }
      return "[\(type(name))" + body.joined() + "]"
    }
  }

  /// One Zstandard frame holding `bytes` in raw blocks (no compression, no checksum).
  static func frame(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0xA0]
    let size = UInt32(bytes.count)
    out += [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: size >> $0) }
    var start = 0
    repeat {
      let count = min(100_000, bytes.count - start)
      let last: UInt32 = start + count == bytes.count ? 1 : 0
      let header = last | (UInt32(count) << 3)
      out += [0, 8, 16].map { UInt8(truncatingIfNeeded: header >> $0) }
      out += bytes[start..<start + count]
      start += count
    } while start < bytes.count
    return out
  }

  /// The decompressed, parsed object at `path`.
  static func read(_ path: String) throws -> LegacyValue {
    let compressed = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let bytes = try Zstd.decompress(compressed, limit: 1 << 28, path: path)
    return try CompactEncodingReader.parse(bytes, path: path)
  }

  /// Rewrites every object of `bundle` whose type is `type` with `change`.
  ///
  /// - Returns: How many objects were rewritten.
  @discardableResult
  static func edit(
    _ bundle: String, type: String, _ change: (LegacyValue) -> LegacyValue
  ) throws -> Int {
    var edited = 0
    for path in try dataObjects(bundle) {
      guard let value = try? read(path), value.typeName == type else { continue }
      let changed = change(value)
      try Data(frame(Array(encode(changed).utf8))).write(to: URL(fileURLWithPath: path))
      edited += 1
    }
    return edited
  }

  /// `value` with `change` applied to every field, everywhere: `change` returns the new value
  /// of field `key`, `nil` to drop it, or the value unchanged.
  static func rewrite(
    _ value: LegacyValue, _ change: (_ key: String, _ value: LegacyValue) -> LegacyValue?
  ) -> LegacyValue {
    switch value {
    case .scalar:
      return value
    case .array(let elements):
      return .array(elements.map { rewrite($0, change) })
    case .object(let name, let fields):
      var out: [String: LegacyValue] = [:]
      for (key, field) in fields {
        if let kept = change(key, rewrite(field, change)) { out[key] = kept }
      }
      return .object(type: name, fields: out)
    }
  }

  /// Every `testStatus` that reads `from` set to `to`.
  static func statuses(_ from: String, to: String) -> (LegacyValue) -> LegacyValue {
    { value in
      rewrite(value) { key, field in
        guard key == "testStatus", case .scalar(let type, from) = field else { return field }
        return .scalar(type: type, value: to)
      }
    }
  }

  /// Every field named `name` removed.
  static func removing(_ name: String) -> (LegacyValue) -> LegacyValue {
    { value in rewrite(value) { key, field in key == name ? nil : field } }
  }

  /// Every failure count (`testsFailedCount`) set to 0.
  static func noFailedCount(_ value: LegacyValue) -> LegacyValue {
    rewrite(value) { key, field in
      guard key == "testsFailedCount", case .scalar(let type, _) = field else { return field }
      return .scalar(type: type, value: "0")
    }
  }
}
