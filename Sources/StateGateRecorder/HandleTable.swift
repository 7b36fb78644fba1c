/// Stable per-recording handles for an app's identifiers, kept as their hash values only.
///
/// Open addressing over preallocated storage: looking up a known identifier and adding a new one
/// allocate nothing. The table holds at most `limit` identifiers; it never forgets one, so a
/// record keeps its handle for the whole recording.
struct HandleTable: ~Copyable {
  private let keys: UnsafeMutablePointer<Int>
  private let numbers: UnsafeMutablePointer<UInt32>
  private let mask: Int
  /// The most identifiers it holds.
  let limit: Int
  /// How many identifiers it holds.
  private(set) var count = 0

  init(limit: Int) {
    self.limit = max(1, limit)
    var slots = 4
    while slots < self.limit * 2 { slots <<= 1 }
    keys = .allocate(capacity: slots)
    keys.initialize(repeating: 0, count: slots)
    numbers = .allocate(capacity: slots)
    numbers.initialize(repeating: 0, count: slots)
    mask = slots - 1
  }

  deinit {
    keys.deallocate()
    numbers.deallocate()
  }

  /// The handle number (from 1) of the identifier with hash value `key`, given the next number
  /// when it is new; 0 when the table is full.
  mutating func number(for key: Int) -> UInt32 {
    var slot = Int(UInt(bitPattern: key &* 0x9E37_79B9) >> 7) & mask
    while numbers[slot] != 0 {
      if keys[slot] == key { return numbers[slot] }
      slot = (slot + 1) & mask
    }
    guard count < limit else { return 0 }
    count += 1
    keys[slot] = key
    numbers[slot] = UInt32(count)
    return UInt32(count)
  }

  /// The handle number of the identifier with hash value `key`, or 0 if it has none.
  func existingNumber(for key: Int) -> UInt32 {
    var slot = Int(UInt(bitPattern: key &* 0x9E37_79B9) >> 7) & mask
    while numbers[slot] != 0 {
      if keys[slot] == key { return numbers[slot] }
      slot = (slot + 1) & mask
    }
    return 0
  }
}

/// Handles for short-lived identifiers (requests, calculations): the newest `limit` are kept in
/// a ring, so an answer finds its request while it is recent and memory stays fixed.
struct HandleWindow: ~Copyable {
  private let keys: UnsafeMutablePointer<Int>
  private let numbers: UnsafeMutablePointer<Int64>
  private let limit: Int
  private var next = 0
  private var filled = 0

  init(limit: Int) {
    self.limit = max(1, limit)
    keys = .allocate(capacity: self.limit)
    keys.initialize(repeating: 0, count: self.limit)
    numbers = .allocate(capacity: self.limit)
    numbers.initialize(repeating: 0, count: self.limit)
  }

  deinit {
    keys.deallocate()
    numbers.deallocate()
  }

  /// Remembers a new identifier with hash value `key` under handle number `number`.
  mutating func add(_ key: Int, number: Int64) {
    keys[next] = key
    numbers[next] = number
    next = (next + 1) % limit
    filled = min(filled + 1, limit)
  }

  /// The handle number of the newest identifier with hash value `key`, or 0 when it is not in
  /// the window (never sent, or sent too long ago).
  func number(for key: Int) -> Int64 {
    var slot = next
    for _ in 0..<filled {
      slot = slot == 0 ? limit - 1 : slot - 1
      if keys[slot] == key { return numbers[slot] }
    }
    return 0
  }
}
