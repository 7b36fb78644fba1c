import Contracts

/// A command line that stategate cannot act on; every case names the word that caused it.
public enum ArgumentError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No subcommand of that name.
  case unknownCommand(String, suggestion: String?)
  /// No option of that name for the subcommand.
  case unknownOption(String, suggestion: String?)
  /// An option that takes a value came last, or before `--`.
  case missingValue(option: String)
  /// A flag was given a value with `--flag=value`.
  case unexpectedValue(option: String)
  /// A single-value option was given twice.
  case duplicateOption(String)
  /// A value the option does not accept.
  case invalidValue(option: String, value: String, expected: String)
  /// A positional argument the subcommand does not take.
  case unexpectedArgument(String)
  /// A required positional argument is missing.
  case missingArgument(String)
  /// A required option is missing.
  case missingOption(String)
  /// Two options that cannot be given together.
  case conflict(String, String)
  /// A name of something stategate has (a subject, suite, class, CI platform) that it does not
  /// have: `kind` is what was named, `closest` the nearest names, `total` how many there are,
  /// and `listing` the command that shows them all.
  case unknownName(
    kind: String, option: String, value: String, closest: [String], total: Int, listing: String)

  /// The diagnostic, in Swift's voice: lowercase, names quoted, a fix offered where possible.
  public var description: String {
    switch self {
    case .unknownCommand(let name, let suggestion):
      "unknown command '\(name)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "; see 'stategate --help'")
    case .unknownOption(let name, let suggestion):
      "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .missingValue(let option):
      "option '\(option)' needs a value"
    case .unexpectedValue(let option):
      "option '\(option)' takes no value"
    case .duplicateOption(let option):
      "option '\(option)' was given more than once"
    case .invalidValue(let option, let value, let expected):
      "invalid value '\(value)' for '\(option)'; expected \(expected)"
    case .unexpectedArgument(let argument):
      "unexpected argument '\(argument)'"
    case .missingArgument(let name):
      "missing argument \(name); see the command's --help"
    case .missingOption(let option):
      "missing option '\(option)', which this command requires"
    case .conflict(let first, let second):
      "options '\(first)' and '\(second)' cannot be given together"
    case .unknownName(let kind, let option, let value, let closest, let total, let listing):
      "unknown \(kind) '\(value)' for '\(option)'"
        + (closest.isEmpty ? "" : "; did you mean \(Self.alternatives(closest))?")
        + " ('\(listing)' shows all \(total))"
    }
  }

  /// An unknown name among `names`, with the nearest of them offered.
  ///
  /// - Parameters:
  ///   - kind: What the name names (`subject`, `failure class`, ...).
  ///   - option: The option or argument it was given for.
  ///   - value: What was typed.
  ///   - names: Every name that would have been accepted.
  ///   - listing: The command that lists them all.
  /// - Returns: The error, with up to three nearest names.
  public static func unknown(
    _ kind: String, option: String, value: String, among names: [String], listing: String
  ) -> ArgumentError {
    .unknownName(
      kind: kind, option: option, value: value, closest: Spelling.nearest(to: value, in: names),
      total: names.count, listing: listing)
  }

  /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
  private static func alternatives(_ names: [String]) -> String {
    let quoted = names.map { "'\($0)'" }
    guard quoted.count > 1 else { return quoted.joined() }
    return quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
  }
}
