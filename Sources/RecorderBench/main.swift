import Foundation
import StateGateRecorder

// The recorder's per-event cost beside two peers, in one process: appending a 24-byte value to an
// array whose capacity was reserved first (what a hand-written log costs), and the same loop
// storing nothing. Usage: recorder-bench [EVENTS] [RUNS]; prints one row per side and the ratios.

/// A value the size of a recorder slot, for the array peer.
struct Slot {
  var kind: UInt8
  var handle: UInt32
  var value: Int64
  var extra: Int64
}

/// A write token as an app's network layer makes one.
struct Write: Hashable {
  var photoID: String
  var ticket: Int
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "session" {
  // recorder-bench session EVENTS [stale]: a generated recording on standard output.
  var session = GeneratedSession(
    events: arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000,
    staleAnswer: arguments.dropFirst(2).first == "stale")
  session.record()
  session.write()
  exit(0)
}
let events = arguments.first.flatMap { Int($0) } ?? 3_000_000
let runs = arguments.dropFirst().first.flatMap { Int($0) } ?? 5
let ids = (0..<16).map { "photo-\($0)@example.com" }

@inline(never)
func sink(_ value: Int) {
  if value == -1 { print("unreachable") }
}

/// Seconds `body` takes.
func seconds(_ body: () -> Void) -> Double {
  let start = ContinuousClock.now
  body()
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

/// Three events per round: a tap that sends a write, its answer, and the row's shown state.
func recorderRun() -> Double {
  let recorder = SessionRecorder(family: .optimisticUpdates, declaring: [.sessions])
  recorder.loaded(ids, id: { $0 }, value: { _ in false })
  return seconds {
    for round in 0..<(events / 3) {
      let id = ids[round & 15]
      let write = Write(photoID: id, ticket: round)
      recorder.tapped(record: id, sent: write)
      recorder.answered(write: write, with: .saved(true))
      recorder.showed(
        record: id, confirmed: true, displayed: true, needsSync: false, saving: false,
        tapEnabled: true)
    }
  }
}

/// Two events per round, each with two record slots: a batch of two records sent, and its saved
/// answer with their values.
func batchRun() -> Double {
  let recorder = SessionRecorder(family: .optimisticUpdates, declaring: [.sessions])
  recorder.loaded(ids, id: { $0 }, value: { _ in false })
  // One array, changed in place: the app's own list costs nothing here.
  var pair = [ids[0], ids[1]]
  return seconds {
    for round in 0..<(events / 3) {
      pair[0] = ids[round & 15]
      pair[1] = ids[(round + 1) & 15]
      let write = Write(photoID: pair[0], ticket: round)
      recorder.batchSent(records: pair, sent: write)
      recorder.answered(batch: write, saved: pair, id: { $0 }, value: { _ in true })
    }
  }
}

/// Two events per round: a choice named by a declared word that sends a write, and its answer
/// saving a declared word (the words are looked up among the recorder's, as an app names them).
func valueRun() -> Double {
  guard
    let recorder = try? SessionRecorder(
      family: .optimisticUpdates, values: ["requested", "close-friends"])
  else { return 0 }
  recorder.loaded(ids, id: { $0 }, value: { _ in false })
  let words = ["close-friends", "requested"]
  return seconds {
    for round in 0..<(events / 3) {
      let id = ids[round & 15]
      let write = Write(photoID: id, ticket: round)
      recorder.chose(record: id, value: words[0], sent: write)
      recorder.answered(write: write, saved: words[1])
    }
  }
}

func arrayRun() -> Double {
  var log: [Slot] = []
  log.reserveCapacity(16_384)
  return seconds {
    for round in 0..<(events / 3) {
      let id = ids[round & 15]
      let write = Write(photoID: id, ticket: round)
      if log.count > 16_380 { log.removeAll(keepingCapacity: true) }
      log.append(Slot(kind: 1, handle: UInt32(id.hashValue & 0xFF), value: Int64(round), extra: 0))
      log.append(Slot(kind: 2, handle: 0, value: Int64(write.hashValue & 0xFF), extra: 1))
      log.append(Slot(kind: 3, handle: UInt32(id.hashValue & 0xFF), value: 0, extra: 1))
    }
    sink(log.count)
  }
}

func emptyRun() -> Double {
  var total = 0
  return seconds {
    for round in 0..<(events / 3) {
      let id = ids[round & 15]
      let write = Write(photoID: id, ticket: round)
      total &+= id.utf8.count &+ write.ticket
    }
    sink(total)
  }
}

var recorderTimes: [Double] = []
var arrayTimes: [Double] = []
var emptyTimes: [Double] = []
var batchTimes: [Double] = []
var valueTimes: [Double] = []
for _ in 0..<runs {
  recorderTimes.append(recorderRun())
  batchTimes.append(batchRun())
  valueTimes.append(valueRun())
  arrayTimes.append(arrayRun())
  emptyTimes.append(emptyRun())
}
let recorded = Double(events / 3 * 3)
let recorderNs = median(recorderTimes) / recorded * 1e9
let arrayNs = median(arrayTimes) / recorded * 1e9
let emptyNs = median(emptyTimes) / recorded * 1e9
let batchNs = median(batchTimes) / Double(events / 3 * 2) * 1e9
let valueNs = median(valueTimes) / Double(events / 3 * 2) * 1e9
func row(_ name: String, _ ns: Double) -> String {
  let padded = name.padding(toLength: 44, withPad: " ", startingAt: 0)
  let tenths = Int((ns * 10).rounded())
  return padded + "\(tenths / 10).\(tenths % 10) ns/event"
}
print(
  "recorder: \(Int(recorded)) events (tap with a write, its answer, the row shown), median of \(runs) runs"
)
print(row("SessionRecorder (lock, ring, handles)", recorderNs))
print(row("append to a preallocated [24-byte value]", arrayNs))
print(row("empty loop (the same tokens made)", emptyNs))
let ratio = recorderNs / max(arrayNs, 0.001)
print(
  "recorder/append ratio \(String(format2(ratio)))x; an event costs \(String(format2(recorderNs - emptyNs))) ns over the empty loop"
)

print(row("SessionRecorder, a batch of 2 or its answer", batchNs))
print(row("SessionRecorder, a choice or answer by word", valueNs))

func format2(_ value: Double) -> String {
  let hundredths = Int((value * 100).rounded())
  let whole = hundredths / 100
  let fraction = abs(hundredths % 100)
  return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
}
