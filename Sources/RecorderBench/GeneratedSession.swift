import Foundation
import StateGateRecorder

/// A long, correct optimistic-update session recorded as an app's entry points record it, for
/// `make bench`'s import figures: `recorder-bench session EVENTS [stale] > session.jsonl`.
///
/// Four records; each round taps one, shows it pending, answers the write with the value it
/// asked for and shows it saved; every seventh round reads a record, every fiftieth re-sorts the
/// list. The ring holds every event, so nothing is dropped. With `stale`, the middle of the
/// session has one stale answer: a write answered twice, the second time while a newer write of
/// the same record is pending — a correct model ignores it, one that applies any answer fails.
struct GeneratedSession {
  /// A write or read token as an app's network layer makes one.
  struct Ticket: Hashable {
    var record: Int
    var number: Int
  }

  static let ids = ["photo-0", "photo-1", "photo-2", "photo-3"]

  let events: Int
  let staleAnswer: Bool
  let recorder: SessionRecorder
  /// The correct model's confirmed value of each record.
  private var confirmed = [Bool](repeating: false, count: ids.count)
  private var tickets = 0

  init(events: Int, staleAnswer: Bool) {
    self.events = events
    self.staleAnswer = staleAnswer
    // Every slot kept: a load or sort takes one more per record (a line in 50 at most).
    let slots = 2 * events + events / 10 + 64
    recorder = SessionRecorder(
      family: .optimisticUpdates, declaring: [.sessions, .sorting],
      configuration: .init(maxEvents: slots, maxBytes: slots * SessionRecorder.bytesPerSlot))
  }

  private mutating func ticket(_ record: Int) -> Ticket {
    tickets += 1
    return Ticket(record: record, number: tickets)
  }

  private func showSaved(_ record: Int) {
    recorder.showed(
      record: Self.ids[record], confirmed: confirmed[record], displayed: confirmed[record],
      needsSync: false, saving: false, tapEnabled: true)
  }

  private func showPending(_ record: Int, _ write: Ticket) {
    recorder.showed(
      record: Self.ids[record], confirmed: confirmed[record], displayed: !confirmed[record],
      pending: write, needsSync: false, saving: true, tapEnabled: false)
  }

  /// A tap that sends a write, shown pending, answered with the value it asked for, shown saved.
  private mutating func roundTrip(_ record: Int) {
    let write = ticket(record)
    recorder.tapped(record: Self.ids[record], sent: write)
    showPending(record, write)
    confirmed[record].toggle()
    recorder.answered(write: write, with: .saved(confirmed[record]))
    showSaved(record)
  }

  /// A write answered, a newer one sent, then the first answered again: the correct model
  /// keeps the newer write pending.
  private mutating func staleRound(_ record: Int) {
    let old = ticket(record)
    recorder.tapped(record: Self.ids[record], sent: old)
    let asked = !confirmed[record]
    confirmed[record] = asked
    recorder.answered(write: old, with: .saved(asked))
    let new = ticket(record)
    recorder.tapped(record: Self.ids[record], sent: new)
    showPending(record, new)
    recorder.answered(write: old, with: .saved(asked))
    showPending(record, new)
    confirmed[record].toggle()
    recorder.answered(write: new, with: .saved(confirmed[record]))
    showSaved(record)
  }

  /// Records the session: about `events` events, each with the rows it changed shown.
  mutating func record() {
    recorder.loaded(Array(Self.ids.indices), id: { Self.ids[$0] }, value: { _ in false })
    var round = 0
    var order = Array(Self.ids.indices)
    var plantedStale = !staleAnswer
    // The events recorded (shown states aside): a load is one, a round trip two, a read two, a
    // re-sort one, the stale round five.
    var recorded = 1
    while recorded < events - 5 {
      if !plantedStale && recorded >= events / 2 {
        staleRound(2)
        plantedStale = true
        recorded += 5
      }
      roundTrip(round % Self.ids.count)
      recorded += 2
      if round % 7 == 3 {
        recorded += 2
        let record = 1
        let read = ticket(record)
        recorder.syncStarted(record: Self.ids[record], sent: read)
        recorder.answered(sync: read, with: .value(confirmed[record]))
        showSaved(record)
      }
      if round % 50 == 49 {
        order.append(order.removeFirst())
        recorder.sorted(order, id: { Self.ids[$0] })
        recorded += 1
      }
      round += 1
    }
  }

  /// Writes the recording to standard output.
  func write() {
    let output = FileHandle.standardOutput
    var pending = Data()
    recorder.export { bytes in
      pending.append(contentsOf: bytes)
      if pending.count >= 1 << 20 {
        output.write(pending)
        pending.removeAll(keepingCapacity: true)
      }
    }
    output.write(pending)
  }
}
