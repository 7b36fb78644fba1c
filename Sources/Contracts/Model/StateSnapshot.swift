/// The state a subject shows after a step, as named values in a stable order.
public struct StateSnapshot: Hashable, Sendable, CustomStringConvertible {
  /// The values, keyed by expectation key, in the family's order.
  public private(set) var fields: [Field]

  /// One named value.
  public struct Field: Hashable, Sendable {
    /// The expectation key, such as `value` or `a.displayed`.
    public var key: String
    /// The observed value.
    public var value: StateValue

    /// Creates a field.
    public init(key: String, value: StateValue) {
      self.key = key
      self.value = value
    }
  }

  /// Where each key is in ``fields``, kept once a snapshot holds more than ``scanLimit`` fields,
  /// so reading a key costs the same however many records a list holds; a small snapshot is
  /// searched in order, which is cheaper than hashing.
  private var positions: [String: Int]?

  /// The most fields a snapshot searches in order.
  private static let scanLimit = 16

  /// Creates a snapshot from fields in display order; a key given twice keeps its last value.
  public init(_ fields: [Field] = []) {
    self.fields = []
    self.fields.reserveCapacity(fields.count)
    for field in fields {
      set(field.key, field.value)
    }
  }

  /// The value of `key`, if observed.
  public subscript(key: String) -> StateValue? {
    position(of: key).map { fields[$0].value }
  }

  /// Appends or replaces the value of `key`.
  public mutating func set(_ key: String, _ value: StateValue) {
    if let index = position(of: key) {
      fields[index].value = value
      return
    }
    fields.append(Field(key: key, value: value))
    if positions != nil {
      positions?[key] = fields.count - 1
    } else if fields.count > Self.scanLimit {
      positions = Dictionary(
        fields.indices.map { (fields[$0].key, $0) }, uniquingKeysWith: { first, _ in first })
    }
  }

  private func position(of key: String) -> Int? {
    if let positions { return positions[key] }
    return fields.firstIndex { $0.key == key }
  }

  public static func == (left: StateSnapshot, right: StateSnapshot) -> Bool {
    left.fields == right.fields
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(fields)
  }

  /// The snapshot as `key=value` pairs separated by spaces.
  public var description: String {
    fields.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
  }
}
