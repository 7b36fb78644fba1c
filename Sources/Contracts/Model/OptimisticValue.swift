/// One value an optimistic-update record holds: `on` or `off` for a favourite, or a value the
/// subject declares beyond them, such as a follow button's `requested`, a reaction picker's
/// `like` or a stepper's `3`.
///
/// Suites write a value as a word: letters, digits, `-` and `_`. `on` is also written `yes` or
/// `true`, and `off` is also written `no` or `false`. The words a suite uses for
/// outcomes and names (``reservedWords``) cannot be values.
public struct OptimisticValue: Hashable, Sendable, CustomStringConvertible, Codable,
  ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
  /// The value's name, as suites write it.
  public let name: String

  /// Creates a value from its name; `yes`/`true` read as `on`, `no`/`false` as `off`.
  ///
  /// - Parameter name: The value's name; a suite can only say it if ``spellingProblem(_:)``
  ///   finds none.
  public init(_ name: String) {
    switch name {
    case "yes", "true": self.name = "on"
    case "no", "false": self.name = "off"
    default: self.name = name
    }
  }

  /// Creates `on` for `true` and `off` for `false`: the value of a two-valued record.
  public init(_ isOn: Bool) {
    name = isOn ? "on" : "off"
  }

  /// Creates a value from a string literal, such as `"requested"`.
  public init(stringLiteral name: String) {
    self.init(name)
  }

  /// Creates `on` from `true` and `off` from `false`.
  public init(booleanLiteral isOn: Bool) {
    self.init(isOn)
  }

  /// A two-valued record's set value: a favourite, a star, a pin.
  public static let on = OptimisticValue(true)
  /// A two-valued record's unset value; also the value a tap returns to from any other.
  public static let off = OptimisticValue(false)

  /// Whether the value is `on`: what a two-valued adapter stores as its Boolean.
  public var isOn: Bool { name == "on" }

  /// The value as suites write it.
  public var description: String { name }

  /// Words the suite language gives another meaning where values are written, so no value can
  /// be named by them.
  public static let reservedWords: Set<String> = [
    "as", "none", "saved", "rejected", "unknown", "read", "failed", "list", "each",
  ]

  /// What keeps `name` from being written as a value in a suite, or `nil` when nothing does.
  ///
  /// - Parameter name: A value's name.
  /// - Returns: A sentence such as "'none' is a word of the suite language", or `nil`.
  public static func spellingProblem(_ name: String) -> String? {
    guard !name.isEmpty,
      name.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "-" || $0 == "_"
      })
    else {
      return "'\(name)' is not a value word (ASCII letters, digits, '-' and '_')"
    }
    if reservedWords.contains(name) {
      return "'\(name)' is a word of the suite language, not a value"
    }
    return nil
  }
}

extension OptimisticValue {
  /// The value a tap asks for on a record showing `shown`, given a subject's choices: the
  /// second choice on the first (`on` on `off`), the first on any other value.
  ///
  /// - Parameters:
  ///   - shown: The value the row shows.
  ///   - choices: The subject's choices, the resting one first.
  /// - Returns: The value the tap's write carries.
  public static func valueAfterTap(showing shown: OptimisticValue, choices: [OptimisticValue])
    -> OptimisticValue
  {
    let resting = choices.first ?? .off
    let next = choices.count > 1 ? choices[1] : .on
    return shown == resting ? next : resting
  }
}

extension OptimisticValue {
  /// Reads a value from its name, a single string.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Writes the value as its name, a single string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}
