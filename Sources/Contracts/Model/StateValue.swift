/// One observed or expected piece of state: a number, a yes/no, a name or a list of names.
public enum StateValue: Hashable, Sendable, CustomStringConvertible {
  /// A whole number, such as a position or a count.
  case int(Int)
  /// A yes/no value, written `yes`/`no` (suites also accept `on`/`off` and `true`/`false`).
  case bool(Bool)
  /// A name, such as a request name, or `none`.
  case text(String)
  /// An ordered list of names, written comma-separated; the empty list is written `none`.
  case list([String])

  /// The value as suites write it.
  public var description: String {
    switch self {
    case .int(let number): String(number)
    case .bool(let flag): flag ? "yes" : "no"
    case .text(let text): text
    case .list(let items): items.isEmpty ? "none" : items.joined(separator: ",")
    }
  }
}

extension StateValue {
  /// An optimistic record's value as observed and expected: `on` and `off` as yes/no values (as
  /// before values beyond them existed), any other value as its name.
  ///
  /// - Parameter value: The record's value.
  public init(_ value: OptimisticValue) {
    switch value {
    case .on: self = .bool(true)
    case .off: self = .bool(false)
    default: self = .text(value.name)
    }
  }

  /// The record value this state value stands for: the inverse of ``init(_:)``.
  public var optimisticValue: OptimisticValue? {
    switch self {
    case .bool(let flag): OptimisticValue(flag)
    case .text(let name): OptimisticValue(name)
    case .int, .list: nil
    }
  }
}

extension StateValue {
  /// The value as suites and messages write it under `key`: an optimistic record's value
  /// (`ID.confirmed`, `ID.displayed`, `ID.model`) as `on`/`off`, anything else as
  /// ``description``.
  ///
  /// - Parameter key: The state key the value is under.
  /// - Returns: The text, such as `on`, `yes`, `20` or `close-friends`.
  public func spelled(for key: String) -> String {
    guard case .bool(let flag) = self, StateKeys.holdsRecordValue(key) else { return description }
    return flag ? "on" : "off"
  }
}
