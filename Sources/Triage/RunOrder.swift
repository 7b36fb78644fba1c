import Foundation

/// The order of archived runs by their recorded start times (a manifest's `startTime`, a Swift
/// Testing stream's `runStarted`), never by file times: one home for `history` and
/// `triage --latest`.
package enum RunOrder {
  /// The instant an ISO 8601 start time names (whole or fractional seconds), or `nil` when the
  /// time is unknown or not ISO 8601.
  package static func date(_ startTime: String?) -> Date? {
    guard let startTime else { return nil }
    let whole = ISO8601DateFormatter()
    if let date = whole.date(from: startTime) { return date }
    let fractional = ISO8601DateFormatter()
    fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return fractional.date(from: startTime)
  }

  /// An instant as ISO 8601 in UTC with milliseconds (`2026-12-02T03:36:14.097Z`).
  package static func text(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }

  /// The inputs, newest first by recorded start time; those without a known time last, in the
  /// order given (as `history` lists them: an unknown time is never taken as newer).
  package static func newestFirst(_ inputs: [TriagedInput]) -> [TriagedInput] {
    inputs.enumerated().sorted { left, right in
      switch (date(left.element.startTime), date(right.element.startTime)) {
      case (let a?, let b?): a != b ? a > b : left.offset < right.offset
      case (.some, nil): true
      case (nil, .some): false
      case (nil, nil): left.offset < right.offset
      }
    }.map(\.element)
  }
}
