/// A small seeded pseudo-random generator (SplitMix64): the same seed gives the same numbers on
/// every platform and in every build, so an exploration is reproducible from its seed.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator from a seed.
  package init(seed: UInt64) {
    state = seed
  }

  /// Returns the next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// Returns a number in `0..<bound`; `bound` must be positive.
  mutating func below(_ bound: Int) -> Int {
    Int(truncatingIfNeeded: next() % UInt64(bound))
  }

  /// Returns `true` with a chance of `percent` in a hundred.
  mutating func chance(_ percent: Int) -> Bool {
    below(100) < percent
  }

  /// Returns one of `choices`, which must not be empty.
  mutating func pick<T>(_ choices: [T]) -> T {
    choices[below(choices.count)]
  }

  /// The seed of sequence `index` of an exploration seeded with `seed`: independent streams for
  /// every sequence, so a shard or a shrink never shifts another sequence's numbers.
  static func seed(_ seed: UInt64, sequence index: Int) -> UInt64 {
    var mixer = SplitMix64(
      seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
    return mixer.next()
  }
}

/// Picks one of several kinds by weight without allocating: weights are added one by one, and
/// the kind whose range holds the drawn number wins.
struct WeightedChoice<Kind> {
  private var total = 0
  private var entries: [(weight: Int, kind: Kind)] = []

  init() {
    entries.reserveCapacity(16)
  }

  /// Adds `kind` with `weight`, when `condition` holds.
  mutating func add(_ kind: Kind, _ weight: Int, when condition: Bool = true) {
    guard condition, weight > 0 else { return }
    entries.append((weight, kind))
    total += weight
  }

  /// Draws one kind; at least one must have been added.
  func draw(_ random: inout SplitMix64) -> Kind {
    var point = random.below(total)
    for entry in entries {
      if point < entry.weight { return entry.kind }
      point -= entry.weight
    }
    return entries[entries.count - 1].kind
  }

  /// Removes every kind, keeping the storage for the next draw.
  mutating func reset() {
    entries.removeAll(keepingCapacity: true)
    total = 0
  }
}
