/// Shrinking passes shared by every shrinker of steps: exploration's and `stategate import`'s.
enum ShrinkPasses {
  /// Tries removing two chunks of up to three elements apart at once (a request and its answer,
  /// say), which no single removal can, from the back.
  ///
  /// - Parameters:
  ///   - sequence: The sequence to shrink.
  ///   - accepts: Replays a candidate and keeps it when it still fails the same way.
  /// - Returns: Whether a candidate was kept (the search stops at the first).
  static func removePairs<Element>(of sequence: [Element], accepts: ([Element]) -> Bool) -> Bool {
    for first in stride(from: sequence.count - 1, through: 0, by: -1) {
      for second in stride(from: first - 2, through: 0, by: -1) {
        for firstSize in 1...3 where first + firstSize <= sequence.count {
          for secondSize in 1...3 where second + secondSize <= first {
            var candidate = sequence
            candidate.removeSubrange(first..<(first + firstSize))
            candidate.removeSubrange(second..<(second + secondSize))
            if accepts(candidate) { return true }
          }
        }
      }
    }
    return false
  }
}
