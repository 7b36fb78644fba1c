/// How a bundle that contradicts itself is reported: one line naming the bundle and the two
/// sources that disagree, so the reading is `malformed` instead of taking the greener source.
///
/// A bundle holds a test's outcome in several places (the test tree, each test's summary object,
/// the failure summaries, the counts, the database's runs and issues); whichever was edited or
/// damaged, the others still tell, and a disagreement between them is never resolved by choice.
enum SelfDisagreement {
  /// `'BUNDLE' disagrees with itself: DETAIL`.
  ///
  /// - Parameters:
  ///   - bundle: The bundle (or file) read.
  ///   - detail: Which source says what, and which says otherwise.
  /// - Returns: The problem line.
  static func line(_ bundle: String, _ detail: String) -> String {
    "'\(bundle)' disagrees with itself: \(detail)"
  }

  /// What a source claims when it records `result`: `succeeded`, `failed`, `was skipped`, ….
  static func claim(_ result: XCResultResult) -> String {
    switch result {
    case .passed: "succeeded"
    case .failed: "failed"
    case .skipped: "was skipped"
    case .expectedFailure: "failed as expected"
    case .unfinished: "never finished"
    }
  }
}
