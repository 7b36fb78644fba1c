import Contracts
import StateGateRecorder

/// A long session of single taps, batches and whole-list refreshes driven through a subject's
/// adapter and recorded at the app's entry points, with recognisable ids — and, optionally, one
/// field bug's trigger in the middle: a rejected batch, or an older refresh answered late.
@MainActor
struct ListSession {
  /// What happens once in the middle of the session.
  enum Trigger {
    /// Nothing unusual: every batch is saved, every refresh answered in order.
    case none
    /// The server rejects one batch of three records.
    case rejectedBatch
    /// Two refreshes are in flight; the newer is answered, then the older, late.
    case lateRefresh
  }

  /// Ids a leak would show.
  static let ids = [
    "user-4711@example.com", "photo-8812-private", "album-0042-secret", "user-9001@example.org",
  ]

  let subject: any OptimisticUpdateSubject
  let recorder = SessionRecorder(family: .optimisticUpdates, declaring: [.sorting])
  /// The values the server holds.
  private var server: [String: Bool] = [:]

  init(_ subject: any OptimisticUpdateSubject) {
    self.subject = subject
  }

  /// Taps record `id` and answers its write with the value it asked for.
  private mutating func roundTrip(_ id: String) {
    guard let token = subject.tap(record: id) else {
      recorder.tapped(record: id)
      return
    }
    recorder.tapped(record: id, sent: token)
    let wanted = subject.state(of: id)?.displayed.isOn ?? false
    subject.respond(to: token, with: .saved(OptimisticValue(wanted)))
    recorder.answered(write: token, with: .saved(wanted))
    server[id] = wanted
  }

  /// Sends the writes of `ids` as one batch and answers it: saved as asked, or rejected.
  private mutating func batch(_ ids: [String], rejected: Bool) {
    guard let token = subject.tapAll(records: ids) else { return }
    recorder.batchSent(records: ids, sent: token)
    if rejected {
      subject.respond(toBatch: token, with: .rejected)
      recorder.answered(batch: token, with: .rejected)
      return
    }
    var wanted: [String: Bool] = [:]
    for id in ids { wanted[id] = subject.state(of: id)?.displayed.isOn ?? false }
    subject.respond(
      toBatch: token, with: .saved(ids.map { RecordValue(id: $0, value: wanted[$0] ?? false) }))
    recorder.answered(batch: token, saved: ids, id: { $0 }, value: { wanted[$0] ?? false })
    server.merge(wanted) { _, new in new }
  }

  /// Refreshes the list and answers with what the server holds.
  private mutating func refresh() {
    guard let token = subject.startRefresh() else { return }
    recorder.refreshStarted(sent: token)
    answer(refresh: token, with: server)
  }

  private func answer(refresh token: AnyHashable, with values: [String: Bool]) {
    let listed = Self.ids.map { RecordValue(id: $0, value: values[$0] ?? false) }
    subject.respond(toRefresh: token, with: .list(listed))
    recorder.answered(refresh: token, listing: listed, id: \.id, value: \.value.isOn)
  }

  /// Runs about `rounds` × 6 events, with `trigger` once in the middle.
  mutating func run(rounds: Int, trigger: Trigger) {
    let records = Self.ids.map { RecordValue(id: $0, value: false) }
    subject.load(records)
    recorder.loaded(records, id: \.id, value: \.value.isOn)
    for record in records { server[record.id] = record.value.isOn }
    for round in 0..<rounds {
      roundTrip(Self.ids[round % Self.ids.count])
      if round % 3 == 1 {
        batch([Self.ids[round % 4], Self.ids[(round + 1) % 4]], rejected: false)
      }
      if round % 5 == 2 { refresh() }
      guard round == rounds / 2 else { continue }
      switch trigger {
      case .none:
        break
      case .rejectedBatch:
        batch(Array(Self.ids.prefix(3)), rejected: true)
      case .lateRefresh:
        guard let old = subject.startRefresh() else { continue }
        recorder.refreshStarted(sent: old)
        let before = server
        roundTrip(Self.ids[1])
        guard let new = subject.startRefresh() else { continue }
        recorder.refreshStarted(sent: new)
        answer(refresh: new, with: server)
        // The network delivers the older list, late.
        answer(refresh: old, with: before)
      }
    }
  }
}
