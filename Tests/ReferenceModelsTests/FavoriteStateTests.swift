import Contracts
import ReferenceModels
import Testing

/// The seed article's state-machine checks, against the grown `FavoriteState`.
@Suite("FavoriteState (seed: optimistic-check.swift)")
struct FavoriteStateTests {
  @Test("Rollback after failure, and a second tap while pending is refused (seed group 1)")
  func rollbackAndRepeatedTap() {
    var state = FavoriteState(false)
    let first = state.begin(true, ticket: 1)
    #expect(first)
    #expect(state.visible.isOn && !state.confirmed.isOn)
    let second = state.begin(false, ticket: 2)
    #expect(!second)
    state.finish(1, outcome: .rejected)
    #expect(!state.visible.isOn && state.pending == nil)
  }

  @Test("A duplicate callback is ignored (seed group 2)")
  func duplicateCallback() {
    var state = FavoriteState(false)
    let began = state.begin(true, ticket: 2)
    #expect(began)
    state.finish(2, outcome: .saved(true))
    #expect(state.visible.isOn && state.confirmed.isOn)
    state.finish(2, outcome: .saved(false))
    #expect(state.visible.isOn)
  }

  @Test("The server's value wins over the intent, and an unknown outcome needs a sync")
  func serverValueAndUnknownOutcome() {
    var state = FavoriteState(false)
    let first = state.begin(true, ticket: 1)
    #expect(first)
    state.finish(1, outcome: .saved(false))
    #expect(!state.visible.isOn && !state.confirmed.isOn)
    let second = state.begin(true, ticket: 2)
    #expect(second)
    state.finish(2, outcome: .unknown)
    #expect(!state.visible.isOn && state.needsSync && state.pending == nil)
    let blocked = state.begin(true, ticket: 3)
    #expect(!blocked)
    state.beginSync(ticket: 4)
    state.finishSync(4, outcome: .value(true))
    #expect(state.visible.isOn && state.confirmed.isOn && !state.needsSync)
  }

  @Test("A session change clears the pending write and adopts the fresh value")
  func sessionChange() {
    var state = FavoriteState(true)
    let began = state.begin(false, ticket: 1)
    #expect(began)
    state.replaceSession(with: false)
    #expect(state.pending == nil && !state.visible.isOn && !state.confirmed.isOn)
  }

  @Test("A sync is a request: only the answer to the newest sync applies, once")
  func syncTickets() {
    var state = FavoriteState(false)
    state.beginSync(ticket: 1)
    state.beginSync(ticket: 2)
    state.finishSync(1, outcome: .value(true))
    #expect(!state.confirmed.isOn && state.syncing == 2)
    state.finishSync(2, outcome: .value(true))
    #expect(state.confirmed.isOn && state.visible.isOn && state.syncing == nil)
    state.finishSync(2, outcome: .value(false))
    #expect(state.confirmed.isOn)
  }

  @Test("A failed sync leaves the record as it was, still needing a sync")
  func failedSync() {
    var state = FavoriteState(false)
    _ = state.begin(true, ticket: 1)
    state.finish(1, outcome: .unknown)
    state.beginSync(ticket: 2)
    state.finishSync(2, outcome: .failed)
    #expect(state.needsSync && !state.visible.isOn && state.syncing == nil)
    let blocked = state.begin(true, ticket: 3)
    #expect(!blocked)
  }
}
