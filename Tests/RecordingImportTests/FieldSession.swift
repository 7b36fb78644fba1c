import Contracts
import Faults
import Foundation
import ReferenceModels
import StateGateRecorder

/// A long session driven through a subject's adapter, recorded as an app's own entry points
/// would record it, with recognisable ids in place of records — and, optionally, one stale
/// answer in the middle.
@MainActor
struct FieldSession {
  /// Ids a leak would show.
  static let ids = [
    "user-4711@example.com", "photo-8812-private", "album-0042-secret", "user-9001@example.org",
  ]

  let subject: any OptimisticUpdateSubject
  let recorder = SessionRecorder(family: .optimisticUpdates, declaring: [.sessions, .sorting])

  init(_ subject: any OptimisticUpdateSubject) {
    self.subject = subject
  }

  private func showAll() {
    for id in Self.ids {
      guard let state = subject.state(of: id) else { continue }
      if let pending = state.pendingRequest {
        recorder.showed(
          record: id, confirmed: state.confirmed.isOn, displayed: state.displayed.isOn,
          pending: pending,
          needsSync: state.needsSync, saving: state.isSaving, tapEnabled: state.isTapEnabled)
      } else {
        recorder.showed(
          record: id, confirmed: state.confirmed.isOn, displayed: state.displayed.isOn,
          needsSync: state.needsSync, saving: state.isSaving, tapEnabled: state.isTapEnabled)
      }
    }
  }

  /// Taps record `id`, and answers its write with the value it asked for.
  private func roundTrip(_ id: String) {
    guard let token = subject.tap(record: id) else {
      recorder.tapped(record: id)
      return
    }
    recorder.tapped(record: id, sent: token)
    showAll()
    let wanted = subject.state(of: id)?.displayed.isOn ?? false
    subject.respond(to: token, with: .saved(OptimisticValue(wanted)))
    recorder.answered(write: token, with: .saved(wanted))
    showAll()
  }

  /// Runs about `rounds` × 12 events; with `staleAnswer`, a duplicate answer to an old write
  /// arrives in the middle while a newer write of the same record is pending.
  func run(rounds: Int, staleAnswer: Bool) {
    let records = Self.ids.map { RecordValue(id: $0, value: false) }
    subject.load(records)
    recorder.loaded(records, id: \.id, value: \.value.isOn)
    showAll()
    for round in 0..<rounds {
      roundTrip(Self.ids[round % Self.ids.count])
      if round % 7 == 3, let sync = subject.startSync(record: Self.ids[1]) {
        recorder.syncStarted(record: Self.ids[1], sent: sync)
        subject.respond(toSync: sync, with: .value(true))
        recorder.answered(sync: sync, with: .value(true))
        showAll()
      }
      if round == rounds / 2 && staleAnswer {
        let id = Self.ids[2]
        guard let old = subject.tap(record: id) else { continue }
        recorder.tapped(record: id, sent: old)
        let wanted = subject.state(of: id)?.displayed.isOn ?? false
        subject.respond(to: old, with: .saved(OptimisticValue(wanted)))
        recorder.answered(write: old, with: .saved(wanted))
        guard let new = subject.tap(record: id) else { continue }
        recorder.tapped(record: id, sent: new)
        showAll()
        // The network delivers the old answer again, late.
        subject.respond(to: old, with: .saved(OptimisticValue(wanted)))
        recorder.answered(write: old, with: .saved(wanted))
        showAll()
        subject.respond(to: new, with: .saved(OptimisticValue(!wanted)))
        recorder.answered(write: new, with: .saved(!wanted))
        showAll()
      }
      if round % 50 == 49 {
        let order = Self.ids.shuffled()
        subject.reorder(to: order)
        recorder.sorted(order, id: { $0 })
      }
    }
  }
}
