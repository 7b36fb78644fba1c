import ResultFiles

/// The readers option values share: whole numbers, durations, shards, paths and formats.
///
/// Each returns a parser for ``Option/init(_:short:placeholder:repeated:help:parse:)``; the
/// option's name in an error is the one the option is declared with.
enum OptionValueReader {
  /// What a duration stands for, which decides the values it accepts and the example it offers.
  enum DurationUse {
    /// A time limit (`--step-timeout`, `--case-timeout`): 0 or more seconds, 0 for no limit.
    case limit
    /// A time budget (`explore --time`): more than 0 seconds, at most a day.
    case budget
  }

  /// Reads a whole number in `range`.
  static func integer<Number: FixedWidthInteger & Sendable>(in range: ClosedRange<Number>)
    -> @Sendable (String, String) throws(ArgumentError) -> Number
  {
    { text, option throws(ArgumentError) in
      guard let number = Number(text), range.contains(number) else {
        throw .invalidValue(
          option: option, value: text,
          expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      return number
    }
  }

  /// Reads a duration in seconds: `10s`, `500ms`, `2m`, or a number of seconds.
  static func duration(_ use: DurationUse)
    -> @Sendable (String, String) throws(ArgumentError)
    -> Double
  {
    { text, option throws(ArgumentError) in try duration(text, option: option, use: use) }
  }

  /// Reads `text` as a duration in seconds for `use`.
  ///
  /// - Throws: ``ArgumentError/invalidValue(option:value:expected:)`` naming `option`.
  static func duration(_ text: String, option: String, use: DurationUse) throws(ArgumentError)
    -> Double
  {
    let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
    var number = Substring(text)
    var scale = 1.0
    for unit in units where text.hasSuffix(unit.suffix) {
      number = number.dropLast(unit.suffix.count)
      scale = unit.seconds
      break
    }
    let value = Double(number)
    switch use {
    case .limit:
      guard let value, value >= 0, value.isFinite else {
        throw .invalidValue(
          option: option, value: text,
          expected: "a duration such as 10s, 500ms or 2m (0: no limit)")
      }
      return value * scale
    case .budget:
      guard let value, value.isFinite, value > 0, value * scale <= 86_400 else {
        throw .invalidValue(
          option: option, value: text, expected: "a duration such as 30s, 2m or 500ms")
      }
      return value * scale
    }
  }

  /// Reads `I/N` with 1 ≤ I ≤ N.
  static func shard(_ text: String, option: String) throws(ArgumentError) -> ShardChoice {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else {
      throw .invalidValue(
        option: option, value: text, expected: "I/N with 1 <= I <= N, such as 2/4")
    }
    return ShardChoice(index: index, count: count)
  }

  /// Reads a path or pattern that must not be empty; `expected` says what it is (`a file path`).
  static func nonEmpty(expected: String)
    -> @Sendable (String, String) throws(ArgumentError) -> String
  {
    { text, option throws(ArgumentError) in
      guard !text.isEmpty else {
        throw .invalidValue(option: option, value: text, expected: expected)
      }
      return text
    }
  }

  /// Reads the start of a result directory's name; `expected` describes the names it accepts.
  static func resultPrefix(expected: String)
    -> @Sendable (String, String) throws(ArgumentError)
    -> String
  {
    { text, option throws(ArgumentError) in
      guard ResultDirectoryLayout.isValidPrefix(text) else {
        throw .invalidValue(option: option, value: text, expected: expected)
      }
      return text
    }
  }

  /// Reads one of `Choice`'s raw values, offering them all, in declaration order.
  static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ type: Choice.Type = Choice.self
  ) -> @Sendable (String, String) throws(ArgumentError) -> Choice where Choice.RawValue == String {
    let choices = Choice.allCases.map { ($0.rawValue, $0) }
    let words = choices.map(\.0)
    let expected =
      words.count < 2
      ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
    return { text, option throws(ArgumentError) in
      guard let choice = choices.first(where: { $0.0 == text })?.1 else {
        throw .invalidValue(option: option, value: text, expected: expected)
      }
      return choice
    }
  }
}

/// One shard of a plan or a seed space: the `I` and `N` of `--shard I/N`.
struct ShardChoice: Equatable, Sendable {
  /// Which shard, from 1.
  var index: Int
  /// How many shards.
  var count: Int
}
