import Contracts
import Foundation

/// The record ids the loop uses.
private let ids = ["a", "b", "c"]

/// xorshift64*: a tiny seeded generator.
struct Random {
  var state: UInt64
  mutating func below(_ bound: Int) -> Int {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return Int((state &* 0x2545_F491_4F6C_DD1D) % UInt64(bound))
  }
}

/// The benchmark floor: random taps, answers, syncs, re-sorts and session changes driven straight
/// into a subject, every record's state read after every step, nothing checked.
@MainActor
func bareLoop(sequences: Int, stepsPerSequence: Int, make: () -> any OptimisticUpdateSubject) -> (
  steps: Int, checksum: Int
) {
  var random = Random(state: 0x9E37_79B9_7F4A_7C15)
  var steps = 0
  var checksum = 0
  for _ in 0..<sequences {
    let subject = make()
    subject.load(ids.map { RecordValue(id: $0, value: random.below(2) == 0) })
    var writes: [AnyHashable] = []
    var syncs: [AnyHashable] = []
    for _ in 0..<stepsPerSequence {
      let id = ids[random.below(3)]
      switch random.below(100) {
      case 0..<25:
        if let token = subject.tap(record: id) { writes.append(token) }
      case 25..<55 where !writes.isEmpty:
        let outcomes: [ServerOutcome] = [.saved(true), .saved(false), .rejected, .unknown]
        subject.respond(
          to: writes[writes.count - 1 - random.below(min(writes.count, 3))],
          with: outcomes[random.below(4)])
      case 55..<65:
        if let token = subject.startSync(record: id) { syncs.append(token) }
      case 65..<80 where !syncs.isEmpty:
        subject.respond(
          toSync: syncs[syncs.count - 1 - random.below(min(syncs.count, 3))],
          with: random.below(4) == 0 ? .failed : .value(OptimisticValue(random.below(2) == 0)))
      case 80..<86:
        subject.reorder(to: ids.shuffled(using: &random))
      case 86..<89:
        subject.replaceSession(with: ids.map { RecordValue(id: $0, value: random.below(2) == 0) })
      default:
        if let token = subject.tap(record: id) { writes.append(token) }
      }
      for id in ids {
        if let state = subject.state(of: id), state.displayed.isOn { checksum &+= 1 }
      }
      steps += 1
    }
  }
  return (steps, checksum)
}

extension Random: RandomNumberGenerator {
  mutating func next() -> UInt64 {
    UInt64(below(Int.max))
  }
}
