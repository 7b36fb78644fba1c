/// A value of Apple's legacy result model (`ActionsInvocationRecord`, `ActionTestSummary`, ...),
/// as the object store's compact encoding and `xcresulttool get --legacy --format json` both
/// carry it: a typed object with fields, an array, or a typed scalar.
package indirect enum LegacyValue: Equatable, Sendable {
  /// An object of a named type, with its fields.
  case object(type: String, fields: [String: LegacyValue])
  /// An array of values.
  case array([LegacyValue])
  /// A scalar of a named type (`String`, `Int`, `Double`, `Bool`, `Date`), as text.
  case scalar(type: String, value: String)

  /// The type's name (`Array` for arrays).
  package var typeName: String {
    switch self {
    case .object(let type, _), .scalar(let type, _): type
    case .array: "Array"
    }
  }

  /// The field `key` of an object.
  package subscript(key: String) -> LegacyValue? {
    if case .object(_, let fields) = self { return fields[key] }
    return nil
  }

  /// The text of the scalar field `key`.
  package func string(_ key: String) -> String? {
    if case .scalar(_, let value)? = self[key] { return value }
    return nil
  }

  /// The elements of the array field `key` (none when absent).
  package func array(_ key: String) -> [LegacyValue] {
    if case .array(let values)? = self[key] { return values }
    return []
  }
}
