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

  /// Where each key is in ``fields``, so reading a key costs the same however many records a
  /// list holds.
  private var positions: [String: Int] = [:]

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
    positions[key].map { fields[$0].value }
  }

  /// Appends or replaces the value of `key`.
  public mutating func set(_ key: String, _ value: StateValue) {
    if let index = positions[key] {
      fields[index].value = value
    } else {
      positions[key] = fields.count
      fields.append(Field(key: key, value: value))
    }
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
