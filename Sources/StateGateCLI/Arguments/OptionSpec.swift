/// One option a subcommand accepts; the same table drives the scanner and `--help`.
public struct OptionSpec: Sendable, Equatable {
  /// How an option takes values.
  public enum Kind: Sendable, Equatable {
    /// A switch without a value.
    case flag
    /// An option that takes one value, named by the placeholder in help.
    case value(placeholder: String)
    /// An option that may be given several times, each with a value.
    case repeated(placeholder: String)
  }

  /// The long name, without the leading `--`.
  public var long: String
  /// The one-letter short name, without the leading `-`.
  public var short: Character?
  /// Whether the option is a flag or takes values.
  public var kind: Kind
  /// One line of help.
  public var help: String

  /// Creates an option.
  public init(_ long: String, short: Character? = nil, kind: Kind = .flag, help: String) {
    self.long = long
    self.short = short
    self.kind = kind
    self.help = help
  }

  /// The option as help shows it, such as `-o, --output DIR`.
  var synopsis: String {
    var text = short.map { "-\($0), " } ?? "    "
    text += "--\(long)"
    switch kind {
    case .flag: break
    case .value(let placeholder), .repeated(let placeholder): text += " \(placeholder)"
    }
    return text
  }
}
