/// Every test an `.xcresult` bundle (or `xcresulttool`'s JSON of one) records, in one model
/// whichever reader filled it.
package struct XCResultReport: Equatable, Sendable {
  /// Where the tests were read from.
  package enum Source: String, Equatable, Sendable {
    /// The bundle's `database.sqlite3` (Xcode 16 and later).
    case database
    /// The bundle's object store `Data/` (Apple's compact encoding of the legacy result model).
    case objectStore = "object-store"
    /// `xcrun xcresulttool get test-results tests` JSON.
    case testResultsJSON = "test-results-json"
    /// `xcrun xcresulttool get --legacy --format json` JSON of the tests object.
    case legacyJSON = "legacy-json"
  }

  /// The bundle or file read.
  package var path: String
  /// Where the tests came from.
  package var source: Source
  /// The test cases, each with its attempts, in the order the run recorded them.
  package var cases: [XCResultCase]
  /// The devices tested on (`iPhone 16 Pro (iOS Simulator 18.2)`), in order.
  package var devices: [String] = []
  /// The test plan configurations run, in order.
  package var configurations: [String] = []
  /// When the run started (seconds since 1970), when recorded.
  package var startTime: Double?
  /// Why the run did not finish, or `nil` when it did (or the source cannot tell).
  package var unfinished: String?
  /// Damage found while reading that did not stop it: each names the file and makes the input
  /// `malformed`.
  package var problems: [String] = []
  /// Remarks that change no verdict (what a source does not hold).
  package var notes: [String] = []

  /// Creates a report.
  package init(path: String, source: Source, cases: [XCResultCase] = []) {
    self.path = path
    self.source = source
    self.cases = cases
  }

  /// Gives each case's name a ` [configuration, device]` suffix when the run covered more than
  /// one, so every (test, arguments, configuration, device) has its own identity.
  mutating func qualifyByDestination() {
    let destinations = Set(cases.map { [$0.configuration ?? "", $0.device ?? ""] })
    guard destinations.count > 1 else { return }
    for index in cases.indices {
      let parts = [cases[index].configuration, cases[index].device].compactMap { $0 }
      guard !parts.isEmpty else { continue }
      cases[index].name += " [\(parts.joined(separator: ", "))]"
    }
  }
}
