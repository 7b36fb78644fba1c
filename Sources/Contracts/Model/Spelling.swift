/// Finds the word a typo meant, for "did you mean" suggestions.
public enum Spelling {
  /// Returns the Levenshtein distance between two strings, counted in characters.
  public static func distance(_ left: String, _ right: String) -> Int {
    let a = Array(left)
    let b = Array(right)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// Returns the candidate closest to `word` (ignoring case), if within `maximumDistance`.
  ///
  /// - Parameters:
  ///   - word: What was typed.
  ///   - candidates: The words that would have been accepted.
  ///   - maximumDistance: The largest distance still taken for a typo; by default a third of the
  ///     word's length, at least 2.
  /// - Returns: The closest candidate, the first one on ties, or `nil`.
  public static func closest(to word: String, in candidates: [String], maximumDistance: Int? = nil)
    -> String?
  {
    let allowed = maximumDistance ?? max(2, word.count / 3)
    let scored = candidates.map {
      (candidate: $0, distance: distance(word.lowercased(), $0.lowercased()))
    }
    guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= allowed else {
      return nil
    }
    return best.candidate
  }
}
