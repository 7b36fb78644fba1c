import ResultSchema

/// A JUnit report in the portable subset stategate writes: it validates against both the
/// Jenkins `junit-10.xsd` and the Ant `JUnit.xsd`.
public struct JUnitReport: Equatable, Sendable {
  /// One `<testsuite>`.
  public struct Suite: Equatable, Sendable {
    /// The suite's name.
    public var name: String
    /// The `package` attribute (stategate: the subject).
    public var package: String
    /// When the suite started: `YYYY-MM-DDTHH:MM:SS` in UTC, without a zone (Ant's format).
    public var timestamp: String
    /// The machine that ran it.
    public var hostname: String
    /// The suite's duration in seconds.
    public var timeSeconds: Double
    /// `<property>` elements, in order.
    public var properties: [(name: String, value: String)]
    /// The test cases, in order.
    public var cases: [Case]
    /// The suite's `<system-out>` text.
    public var systemOut: String

    /// Creates a suite.
    public init(
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

    public static func == (left: Suite, right: Suite) -> Bool {
      left.name == right.name && left.package == right.package
        && left.timestamp == right.timestamp && left.hostname == right.hostname
        && left.timeSeconds == right.timeSeconds && left.cases == right.cases
        && left.systemOut == right.systemOut
        && left.properties.map(\.name) == right.properties.map(\.name)
        && left.properties.map(\.value) == right.properties.map(\.value)
    }
  }

  /// One `<testcase>`.
  public struct Case: Equatable, Sendable {
    /// The `classname` attribute (stategate: the suite id).
    public var className: String
    /// The `name` attribute (stategate: the case id).
    public var name: String
    /// The case's duration in seconds.
    public var timeSeconds: Double
    /// How it ended.
    public var result: Result

    /// Creates a case.
    public init(className: String, name: String, timeSeconds: Double, result: Result) {
      self.className = className
      self.name = name
      self.timeSeconds = timeSeconds
      self.result = result
    }
  }

  /// How a test case ended.
  public enum Result: Equatable, Sendable {
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
  public var suites: [Suite]

  /// Creates a report.
  public init(suites: [Suite]) {
    self.suites = suites
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
