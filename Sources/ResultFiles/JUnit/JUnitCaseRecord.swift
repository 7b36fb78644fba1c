/// One `<testcase>` as the streaming reader saw it.
package struct JUnitCaseRecord: Equatable, Sendable {
  /// How the test case ended.
  package enum Outcome: String, Equatable, Sendable {
    /// No failure, error or skip element.
    case passed
    /// A `<failure>` element.
    case failed
    /// An `<error>` element.
    case error
    /// A `<skipped>` element.
    case skipped
  }

  /// The values, shared by copies of a record until one of them is changed: a record passes
  /// through several hands per test case, and one reference costs less to copy than a dozen
  /// strings. (`@unchecked Sendable`: an instance is changed only while one record holds it.)
  private final class Fields: @unchecked Sendable {
    var suite: String
    var className: String
    var name: String
    var time: String? = nil
    var outcome: Outcome
    var isFlaky: Bool = false
    var type: String? = nil
    var message: String? = nil
    var text: String? = nil
    var omittedBytes: Int = 0
    var line: Int
    var subject: String? = nil

    init(suite: String, className: String, name: String, outcome: Outcome, line: Int) {
      self.suite = suite
      self.className = className
      self.name = name
      self.outcome = outcome
      self.line = line
    }

    func copy() -> Fields {
      let copy = Fields(
        suite: suite, className: className, name: name, outcome: outcome, line: line)
      copy.time = time
      copy.isFlaky = isFlaky
      copy.type = type
      copy.message = message
      copy.text = text
      copy.omittedBytes = omittedBytes
      copy.subject = subject
      return copy
    }
  }

  private var fields: Fields

  /// The fields, copied first when another record shares them.
  private var unique: Fields {
    mutating get {
      if !isKnownUniquelyReferenced(&fields) {
        fields = fields.copy()
      }
      return fields
    }
  }

  /// The enclosing `<testsuite>`'s name (`""` when it has none).
  package var suite: String {
    get { fields.suite }
    set { unique.suite = newValue }
  }
  /// The `classname` attribute.
  package var className: String {
    get { fields.className }
    set { unique.className = newValue }
  }
  /// The `name` attribute.
  package var name: String {
    get { fields.name }
    set { unique.name = newValue }
  }
  /// The `time` attribute as written.
  package var time: String? {
    get { fields.time }
    set { unique.time = newValue }
  }
  /// The `time` attribute in seconds, when present and a number.
  package var timeSeconds: Double? { time.flatMap(Double.init) }
  /// How it ended.
  package var outcome: Outcome {
    get { fields.outcome }
    set { unique.outcome = newValue }
  }
  /// Whether a Surefire `flakyFailure`/`flakyError` says it failed before passing.
  package var isFlaky: Bool {
    get { fields.isFlaky }
    set { unique.isFlaky = newValue }
  }
  /// The failure's (or error's, or skip's) `type` attribute.
  package var type: String? {
    get { fields.type }
    set { unique.type = newValue }
  }
  /// The failure's `message` attribute; a long one cut as ``text`` is.
  package var message: String? {
    get { fields.message }
    set { unique.message = newValue }
  }
  /// The failure's text; a long one cut to its first and last ``JUnitReader/textLimit``/2 bytes.
  package var text: String? {
    get { fields.text }
    set { unique.text = newValue }
  }
  /// The bytes of the failure's message and text cut out of a long one (0: both whole).
  package var omittedBytes: Int {
    get { fields.omittedBytes }
    set { unique.omittedBytes = newValue }
  }
  /// The line of the `<testcase>` element.
  package var line: Int {
    get { fields.line }
    set { unique.line = newValue }
  }
  /// The subject, for a case of stategate's own JUnit (its suite's `subject` property).
  package var subject: String? {
    get { fields.subject }
    set { unique.subject = newValue }
  }

  /// Whether `other` names the same test case (suite, class, name and subject).
  ///
  /// It is another attempt of it when it follows right after. A case without a name is nobody's
  /// attempt: nothing tells it from another.
  package func isAttempt(of other: JUnitCaseRecord) -> Bool {
    !name.isEmpty && name == other.name && className == other.className && suite == other.suite
      && subject == other.subject
  }

  /// Whether this is a `<failure>` or `<error>` found outside any `<testcase>`.
  package var isSuiteLevel: Bool { name == JUnitReader.suiteLevelName && className == suite }

  /// Creates a record.
  package init(
    suite: String, className: String, name: String, time: String? = nil, outcome: Outcome,
    isFlaky: Bool = false, type: String? = nil, message: String? = nil, text: String? = nil,
    line: Int
  ) {
    fields = Fields(suite: suite, className: className, name: name, outcome: outcome, line: line)
    fields.time = time
    fields.isFlaky = isFlaky
    fields.type = type
    fields.message = message
    fields.text = text
  }

  /// Whether two records hold the same values.
  package static func == (left: JUnitCaseRecord, right: JUnitCaseRecord) -> Bool {
    if left.fields === right.fields { return true }
    let (a, b) = (left.fields, right.fields)
    return a.suite == b.suite && a.className == b.className && a.name == b.name
      && a.time == b.time && a.outcome == b.outcome && a.isFlaky == b.isFlaky && a.type == b.type
      && a.message == b.message && a.text == b.text && a.omittedBytes == b.omittedBytes
      && a.line == b.line && a.subject == b.subject
  }
}

/// A JUnit file that could not be read, with the place where reading stopped.
package struct JUnitReadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Why reading failed.
  package enum Kind: Equatable, Sendable {
    /// The file does not exist.
    case missing
    /// The file is not a JUnit report, is malformed, or is refused (DTD, compressed data).
    case unreadable
  }

  /// Why reading failed.
  package var kind: Kind
  /// The file's path.
  package var path: String
  /// The line where reading stopped (0: the whole file).
  package var line: Int
  /// What was wrong.
  package var message: String

  /// Creates an error.
  package init(kind: Kind = .unreadable, path: String, line: Int, message: String) {
    self.kind = kind
    self.path = path
    self.line = line
    self.message = message
  }

  /// The error as one line: `'path':line: message`.
  package var description: String {
    line > 0 ? "'\(path)':\(line): \(message)" : "'\(path)': \(message)"
  }
}
