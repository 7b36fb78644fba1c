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
    }
  }
}
