/// Durations as every output of stategate writes them.
package enum DurationText {
  /// `seconds` with exactly three decimals and no exponent, such as `0.012` (negative values
  /// become `0.000`).
  package static func seconds(_ seconds: Double) -> String {
    let milliseconds = max(0, Int((seconds * 1000).rounded()))
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }
}
