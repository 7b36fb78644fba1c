/// One `<testcase>` as the streaming reader saw it.
public struct JUnitCaseRecord: Equatable, Sendable {
  /// How the test case ended.
  public enum Outcome: String, Equatable, Sendable {
    /// No failure, error or skip element.
    case passed
    /// A `<failure>` element.
    case failed
    /// An `<error>` element.
    case error
    /// A `<skipped>` element.
    case skipped
  }

  /// The enclosing `<testsuite>`'s name (`""` when it has none).
  public var suite: String
  /// The `classname` attribute.
  public var className: String
  /// The `name` attribute.
  public var name: String
  /// The `time` attribute in seconds, when present and a number.
  public var timeSeconds: Double?
  /// How it ended.
  public var outcome: Outcome
  /// Whether a Surefire `flakyFailure`/`flakyError` says it failed before passing.
  public var isFlaky: Bool
  /// The failure's (or error's, or skip's) `type` attribute.
  public var type: String?
  /// The failure's `message` attribute.
  public var message: String?
  /// The failure's text; a long one cut to its first and last ``JUnitReader/textLimit``/2 bytes.
  public var text: String?
  /// The bytes of the failure's message and text cut out of a long one (0: both whole).
  public var omittedBytes = 0
  /// The line of the `<testcase>` element.
  public var line: Int
  /// The subject, for a case of stategate's own JUnit (its suite's `subject` property).
  public var subject: String?
  /// Whether this is a `<failure>` or `<error>` found outside any `<testcase>`.
  public var isSuiteLevel: Bool { name == JUnitReader.suiteLevelName && className == suite }

  /// Creates a record.
  public init(
    suite: String, className: String, name: String, timeSeconds: Double?, outcome: Outcome,
    isFlaky: Bool = false, type: String? = nil, message: String? = nil, text: String? = nil,
    line: Int
  ) {
    self.suite = suite
    self.className = className
    self.name = name
    self.timeSeconds = timeSeconds
    self.outcome = outcome
    self.isFlaky = isFlaky
    self.type = type
    self.message = message
    self.text = text
    self.line = line
  }
}

/// A JUnit file that could not be read, with the place where reading stopped.
public struct JUnitReadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Why reading failed.
  public enum Kind: Equatable, Sendable {
    /// The file does not exist.
    case missing
    /// The file is not a JUnit report, is malformed, or is refused (DTD, compressed data).
    case unreadable
  }

  /// Why reading failed.
  public var kind: Kind
  /// The file's path.
  public var path: String
  /// The line where reading stopped (0: the whole file).
  public var line: Int
  /// What was wrong.
  public var message: String

  /// Creates an error.
  public init(kind: Kind = .unreadable, path: String, line: Int, message: String) {
    self.kind = kind
    self.path = path
    self.line = line
    self.message = message
  }

  /// The error as one line: `'path':line: message`.
  public var description: String {
    line > 0 ? "'\(path)':\(line): \(message)" : "'\(path)': \(message)"
  }
}
