/// One option that takes values, declared once: its row in the option table and how a value reads.
///
/// A command declares each option as a `static let` and builds both its table (``spec``) and its
/// typed options struct from it, so the name is written once and a typo does not compile.
public struct Option<Value>: Sendable {
  /// The option's row in the table that drives the scanner and `--help`.
  public var spec: OptionSpec
  /// Reads one given value; `option` is the name to quote in an error, such as `--jobs`.
  let parse: @Sendable (_ text: String, _ option: String) throws(ArgumentError) -> Value

  /// Creates an option that takes one value (or, with `repeated`, any number of values).
  ///
  /// - Parameters:
  ///   - long: The long name, without `--`.
  ///   - short: The one-letter short name, if any.
  ///   - placeholder: What help shows for the value, such as `DIR`.
  ///   - repeated: Whether the option may be given more than once.
  ///   - help: One line of help.
  ///   - parse: Reads one value; throws ``ArgumentError`` naming the option for one it rejects.
  public init(
    _ long: String, short: Character? = nil, placeholder: String, repeated: Bool = false,
    help: String,
    parse: @escaping @Sendable (_ text: String, _ option: String) throws(ArgumentError) -> Value
  ) {
    spec = OptionSpec(
      long, short: short,
      kind: repeated ? .repeated(placeholder: placeholder) : .value(placeholder: placeholder),
      help: help)
    self.parse = parse
  }

  /// The name errors quote, such as `--jobs`.
  public var display: String { "--\(spec.long)" }
}

extension Option where Value == String {
  /// Creates an option whose value is taken as written.
  public init(
    _ long: String, short: Character? = nil, placeholder: String, repeated: Bool = false,
    help: String
  ) {
    self.init(
      long, short: short, placeholder: placeholder, repeated: repeated, help: help,
      parse: { text, _ in text })
  }
}

/// One switch without a value, declared once: its row in the option table.
public struct Flag: Sendable {
  /// The flag's row in the table that drives the scanner and `--help`.
  public var spec: OptionSpec

  /// Creates a flag.
  public init(_ long: String, short: Character? = nil, help: String) {
    spec = OptionSpec(long, short: short, help: help)
  }

  /// The name errors quote, such as `--no-isolation`.
  public var display: String { "--\(spec.long)" }
}

extension ParsedArguments {
  /// Whether `flag` was given.
  public subscript(flag: Flag) -> Bool { flags.contains(flag.spec.long) }

  /// Whether `option` was given at least once.
  public func isGiven<Value>(_ option: Option<Value>) -> Bool {
    isGiven(option.spec)
  }

  /// Whether the option `spec` declares was given (at least once, for one that takes values).
  public func isGiven(_ spec: OptionSpec) -> Bool {
    flags.contains(spec.long) || values[spec.long] != nil
  }

  /// The value of `option` (the last one given), read by its parser; `nil` when not given.
  ///
  /// - Throws: ``ArgumentError`` when the parser rejects the value.
  public func value<Value>(of option: Option<Value>) throws(ArgumentError) -> Value? {
    guard let text = values[option.spec.long]?.last else { return nil }
    return try option.parse(text, option.display)
  }

  /// Every value of `option`, in command-line order, each read by its parser.
  ///
  /// - Throws: ``ArgumentError`` for the first value the parser rejects.
  public func values<Value>(of option: Option<Value>) throws(ArgumentError) -> [Value] {
    var result: [Value] = []
    for text in values[option.spec.long] ?? [] {
      result.append(try option.parse(text, option.display))
    }
    return result
  }
}
