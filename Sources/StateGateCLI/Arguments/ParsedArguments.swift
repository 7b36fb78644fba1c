/// The options and positional arguments found on a command line, keyed by long option name.
public struct ParsedArguments: Sendable, Equatable {
  /// The flags that were given.
  public var flags: Set<String> = []
  /// The values of value and repeated options, in command-line order.
  public var values: [String: [String]] = [:]
  /// The arguments that are not options, in order (everything after `--` included).
  public var positionals: [String] = []
  /// The words scanned, as given.
  public var words: [String] = []

  /// Creates an empty result.
  public init() {}

  /// Whether the flag `long` was given.
  public func has(_ long: String) -> Bool { flags.contains(long) }

  /// The value of the single-value option `long`, if given.
  public func value(_ long: String) -> String? { values[long]?.last }

  /// The value of `long` as a whole number in `range`, or `defaultValue` when not given.
  ///
  /// - Throws: ``ArgumentError/invalidValue(option:value:expected:)`` for anything else.
  public func integer(_ long: String, in range: ClosedRange<Int>, default defaultValue: Int)
    throws(ArgumentError) -> Int
  {
    guard let text = value(long) else { return defaultValue }
    guard let number = Int(text), range.contains(number) else {
      throw .invalidValue(
        option: "--\(long)", value: text,
        expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }
}
