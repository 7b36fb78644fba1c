/// The exit statuses of `stategate`: sysexits, so CI can tell "tests failed" from "tool misused".
///
/// What each means, in each language, is ``meaning(in:)`` (the overview's line).
public enum ExitStatus: Int32, Sendable, CaseIterable {
  /// Everything ran and every contract held.
  case success = 0
  /// Contract failures were found (or a diff found new failures).
  case contractFailures = 1
  /// The command line was wrong: unknown command or option, missing or bad value.
  case usage = 64
  /// An input file was malformed.
  case malformedInput = 65
  /// An input file or directory does not exist.
  case missingInput = 66
  /// Nothing matched the filter.
  case nothingMatched = 69
  /// stategate itself failed.
  case internalError = 70
  /// Reading or writing a file failed.
  case ioError = 74
  /// The run was interrupted by SIGINT or SIGTERM.
  case interrupted = 130
}
