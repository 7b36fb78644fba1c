import ResultSchema

/// A JUnit report as stategate writes it, in one of two ``Dialect``s.
///
/// The strict dialect is the portable subset that validates against both the Jenkins
/// `junit-10.xsd` and the Ant `JUnit.xsd`; the standard dialect adds what the reporters people
/// use read and those schemas do not admit (`file` and `line` on `<testcase>`, a failing case's
/// own `<system-out>`), as pytest's default dialect does.
package struct JUnitReport: Equatable, Sendable {
  /// Which JUnit shape to write.
  package enum Dialect: String, Equatable, Sendable, CaseIterable {
    /// `file` and `line` on every `<testcase>` and a failing case's own `<system-out>` with its
    /// attachment: what GitLab, mikepenz's and EnricoMi's reporters read (pytest writes them
    /// too). Neither the Jenkins nor the Ant schema admits them.
    case standard = "default"
    /// The portable subset: validates against the Jenkins `junit-10.xsd` and the Ant
    /// `JUnit.xsd` (the Jenkins xUnit plugin validates against the former).
    case strict
  }

  /// One `<testsuite>`.
  package struct Suite: Equatable, Sendable {
    /// The suite's name.
    package var name: String
    /// The `package` attribute (stategate: the subject).
    package var package: String
    /// When the suite started: `YYYY-MM-DDTHH:MM:SS` in UTC, without a zone (Ant's format).
    package var timestamp: String
    /// The machine that ran it.
    package var hostname: String
    /// The suite's duration in seconds.
    package var timeSeconds: Double
    /// `<property>` elements, in order.
    package var properties: [(name: String, value: String)]
    /// The test cases, in order.
    package var cases: [Case]
    /// The suite's `<system-out>` text.
    package var systemOut: String

    /// Creates a suite.
    package init(
      name: String, package: String, timestamp: String, hostname: String, timeSeconds: Double,
      properties: [(name: String, value: String)], cases: [Case], systemOut: String
    ) {
      self.name = name
      self.package = package
      self.timestamp = timestamp
      self.hostname = hostname
      self.timeSeconds = timeSeconds
      self.properties = properties
      self.cases = cases
      self.systemOut = systemOut
    }

    package static func == (left: Suite, right: Suite) -> Bool {
      left.name == right.name && left.package == right.package
        && left.timestamp == right.timestamp && left.hostname == right.hostname
        && left.timeSeconds == right.timeSeconds && left.cases == right.cases
        && left.systemOut == right.systemOut
        && left.properties.map(\.name) == right.properties.map(\.name)
        && left.properties.map(\.value) == right.properties.map(\.value)
    }
  }

  /// One `<testcase>`.
  package struct Case: Equatable, Sendable {
    /// The `classname` attribute (stategate: the suite id).
    package var className: String
    /// The case's own name (stategate: the case id); see ``qualifiedName``.
    package var name: String
    /// The subject the case ran against, when the same case runs against several; it becomes
    /// part of the `name` attribute, so every (suite, subject, case) has its own identity.
    package var subject: String?
    /// The file that defines the case (stategate: the suite file), for the standard dialect.
    package var file: String?
    /// The line in ``file`` to point at: the first failing step, else the case's header.
    package var line: Int?
    /// Files to attach to a failing case (`[[ATTACHMENT|path]]` in its own `<system-out>`, standard
    /// dialect only): paths GitLab and Jenkins' junit-attachments plugin resolve.
    package var attachments: [String]
    /// The case's duration in seconds.
    package var timeSeconds: Double
    /// How it ended.
    package var result: Result
    /// The failed attempts before a retry that passed: a flaky pass.
    ///
    /// The standard dialect
    /// writes each as a Surefire `<flakyFailure>`; the strict dialect, whose schemas admit no
    /// such element, names the case in its suite's `flaky` property.
    package var flakyFailures: [FlakyFailure]

    /// Creates a case.
    package init(
      className: String, name: String, subject: String? = nil, file: String? = nil,
      line: Int? = nil, attachments: [String] = [], timeSeconds: Double, result: Result,
      flakyFailures: [FlakyFailure] = []
    ) {
      self.className = className
      self.name = name
      self.subject = subject
      self.file = file
      self.line = line
      self.attachments = attachments
      self.timeSeconds = timeSeconds
      self.result = result
      self.flakyFailures = flakyFailures
    }

    /// The `name` attribute: `CASE [SUBJECT]` with a subject (as pytest names a parametrised
    /// test), else the name alone.
    package var qualifiedName: String {
      subject.map { "\(name) [\($0)]" } ?? name
    }
  }

  /// A failed attempt of a case that passed on a later retry.
  package struct FlakyFailure: Equatable, Sendable {
    /// The failure's type.
    package var type: String
    /// Its one-line message.
    package var message: String
    /// Every failure of the attempt, one a line.
    package var body: String

    /// Creates a flaky failure.
    package init(type: String, message: String, body: String) {
      self.type = type
      self.message = message
      self.body = body
    }
  }

  /// How a test case ended.
  package enum Result: Equatable, Sendable {
    /// It passed.
    case passed
    /// A `<failure>` with a type (stategate: the failure class), a one-line message and a body.
    case failure(type: String, message: String, body: String)
    /// An `<error>`: the case could not finish (stategate: interrupted).
    case error(type: String, message: String, body: String)
    /// A `<skipped>` with a message.
    case skipped(message: String)
  }

  /// The suites, in order.
  package var suites: [Suite]
  /// The shape to write.
  package var dialect: Dialect

  /// Creates a report.
  package init(suites: [Suite], dialect: Dialect = .standard) {
    self.suites = suites
    self.dialect = dialect
  }
}

extension JUnitReport.Suite {
  /// Counts as the attributes report them.
  var counts: (tests: Int, failures: Int, errors: Int, skipped: Int) {
    var counts = (tests: cases.count, failures: 0, errors: 0, skipped: 0)
    for testCase in cases {
      switch testCase.result {
      case .passed: break
      case .failure: counts.failures += 1
      case .error: counts.errors += 1
      case .skipped: counts.skipped += 1
      }
    }
    return counts
  }
}

/// Seconds with exactly three decimals and no exponent, as both schemas accept.
func junitTime(_ seconds: Double) -> String {
  DurationText.seconds(seconds)
}

extension JUnitReport.Result {
  /// Whether the case failed or ended in an error.
  package var isFailure: Bool {
    switch self {
    case .failure, .error: true
    case .passed, .skipped: false
    }
  }
}
