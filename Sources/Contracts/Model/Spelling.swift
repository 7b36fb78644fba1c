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

  /// Returns up to `limit` candidates nearest to `word`, nearest first: those that contain it, that
  /// it contains, that share its first three letters or hold its letters in order (when at most
  /// three times as long: any long name holds a short word's letters somewhere), then those
  /// within a typo's distance (a half of the word's length, at least 3).
  ///
  /// - Parameters:
  ///   - word: What was typed.
  ///   - candidates: The words that would have been accepted.
  ///   - limit: How many to return at most.
  /// - Returns: The nearest candidates, in order of distance (ties in the candidates' order).
  public static func nearest(to word: String, in candidates: [String], limit: Int = 3) -> [String] {
    let typed = word.lowercased()
    let allowed = max(3, typed.count / 2)
    let scored = candidates.enumerated().compactMap {
      index, candidate -> (candidate: String, rank: Int, index: Int)? in
      let lowered = candidate.lowercased()
      let distance = distance(typed, lowered)
      let contains = !typed.isEmpty && (lowered.contains(typed) || typed.contains(lowered))
      let abbreviates =
        typed.count >= 3
        && (lowered.hasPrefix(typed.prefix(3))
          || (lowered.count <= typed.count * 3 && isSubsequence(typed, of: lowered)))
      guard contains || abbreviates || distance <= allowed else { return nil }
      // A candidate that contains the word ranks first, then one it abbreviates, then typos.
      return (
        candidate, contains ? distance - 2_000 : abbreviates ? distance - 1_000 : distance, index
      )
    }
    return scored.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.prefix(limit).map(
      \.candidate)
  }

  /// Whether every character of `word` appears in `text`, in order.
  private static func isSubsequence(_ word: String, of text: String) -> Bool {
    var remaining = word[...]
    for character in text where remaining.first == character {
      remaining = remaining.dropFirst()
    }
    return remaining.isEmpty
  }
}
