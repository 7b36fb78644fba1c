/// What one exploration does: its seed, how long it explores each subject, how long its sequences
/// are, and which part of the seed space it takes.
package struct ExplorationOptions: Hashable, Sendable {
  /// How much exploring each subject gets.
  package enum Budget: Hashable, Sendable, CustomStringConvertible {
    /// This many sequences per subject (of the whole seed space, before sharding).
    case sequences(Int)
    /// This many seconds for all subjects, shared evenly.
    case seconds(Double)

    /// The budget as the command line writes it: `--cases 1000` or `--time 30s`.
    package var description: String {
      switch self {
      case .sequences(let count): "--cases \(count)"
      case .seconds(let seconds): "--time \(Self.format(seconds))s"
      }
    }

    private static func format(_ seconds: Double) -> String {
      seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
  }

  /// The seed every sequence's own seed is derived from.
  package var seed: UInt64
  /// How much exploring each subject gets.
  package var budget: Budget
  /// The most steps a generated sequence has.
  package var maxSteps: Int
  /// This exploration's part of the seed space: sequence `i` (from 0) belongs to shard
  /// `i % count + 1`.
  package var shard: Shard
  /// The most replays a shrink may spend.
  package var shrinkReplayLimit: Int

  /// One part of the seed space.
  package struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// The shard, from 1 to ``count``.
    package var index: Int
    /// The number of shards.
    package var count: Int

    /// Creates a shard; `index` must be in `1...count`.
    package init(_ index: Int, of count: Int) {
      precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count) is invalid")
      self.index = index
      self.count = count
    }

    /// The whole seed space.
    package static let whole = Shard(1, of: 1)

    /// `I/N`.
    package var description: String { "\(index)/\(count)" }
  }

  /// When a time budget that starts at `now` ends; `nil` for a budget of sequences.
  package func budgetEnd(startingAt now: Double) -> Double? {
    guard case .seconds(let seconds) = budget else { return nil }
    return now + seconds
  }

  /// The seconds the next subject gets of a time budget ending at `end`: the time left, shared
  /// evenly by the `subjectsLeft` subjects left, so one that stops early at a failure leaves its
  /// time to the others.
  package static func share(until end: Double, now: Double, subjectsLeft: Int) -> Double {
    max(0, (end - now) / Double(max(1, subjectsLeft)))
  }

  /// Creates options.
  ///
  /// - Parameters:
  ///   - seed: The seed every sequence's seed is derived from.
  ///   - budget: How much exploring each subject gets.
  ///   - maxSteps: The most steps a generated sequence has.
  ///   - shard: This exploration's part of the seed space.
  ///   - shrinkReplayLimit: The most replays a shrink may spend.
  package init(
    seed: UInt64, budget: Budget = .seconds(10), maxSteps: Int = 40, shard: Shard = .whole,
    shrinkReplayLimit: Int = 5000
  ) {
    self.seed = seed
    self.budget = budget
    self.maxSteps = maxSteps
    self.shard = shard
    self.shrinkReplayLimit = shrinkReplayLimit
  }
}
