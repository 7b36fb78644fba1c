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

  /// Creates a snapshot from fields in display order.
  public init(_ fields: [Field] = []) {
    self.fields = fields
  }

  /// The value of `key`, if observed.
  public subscript(key: String) -> StateValue? {
    fields.first { $0.key == key }?.value
  }

  /// Appends or replaces the value of `key`.
  public mutating func set(_ key: String, _ value: StateValue) {
    if let index = fields.firstIndex(where: { $0.key == key }) {
      fields[index].value = value
    } else {
      fields.append(Field(key: key, value: value))
    }
  }

  /// The snapshot as `key=value` pairs separated by spaces.
  public var description: String {
    fields.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
  }
}
