import Contracts
import ReferenceModels
import Testing

/// The reference favourites' reads started by the list itself, filters and whole-list refreshes,
/// driven through the subject protocol alone.
@MainActor
@Suite("Reference favourites: app-started reads, filters, refreshes")
struct ListsAndReadsTests {
  private func list(rereading: Bool = false) -> ReferenceFavorites {
    let list = ReferenceFavorites(rereadsAutomatically: rereading)
    list.load([RecordValue(id: "a", value: false), RecordValue(id: "b", value: true)])
    return list
  }

  @Test("After an unknown outcome a rereading list starts one read, blocked until its answer")
  func rereadAfterUnknown() throws {
    let list = list(rereading: true)
    let write = try #require(list.tap(record: "a"))
    #expect(list.takeStartedReads().isEmpty)
    list.respond(to: write, with: .unknown)
    let reads = list.takeStartedReads()
    #expect(reads.map(\.record) == ["a"])
    #expect(list.takeStartedReads().isEmpty, "a read is handed over once")
    #expect(list.state(of: "a")?.needsSync == true)
    #expect(list.state(of: "a")?.isTapEnabled == false)
    list.respond(toSync: reads[0].request, with: .value(true))
    let state = try #require(list.state(of: "a"))
    #expect(state.confirmed.isOn && state.displayed.isOn && !state.needsSync && state.isTapEnabled)
  }

  @Test("A list that does not reread starts no read; a cancel on a rereading list starts one")
  func rereadOnlyWhenDeclared() throws {
    let plain = list()
    let write = try #require(plain.tap(record: "a"))
    plain.respond(to: write, with: .unknown)
    #expect(plain.takeStartedReads().isEmpty)
    #expect(!plain.capabilities.contains(.automaticReads))
    let rereading = list(rereading: true)
    #expect(rereading.capabilities.contains(.automaticReads))
    let cancelled = try #require(rereading.tap(record: "b"))
    rereading.cancel(request: cancelled)
    #expect(rereading.takeStartedReads().map(\.record) == ["b"])
  }

  @Test("A filter hides rows, not state: a hidden record's answer still reaches it by id")
  func filterKeepsHiddenState() throws {
    let list = list()
    let write = try #require(list.tap(record: "b"))
    list.filter(showing: .off)
    #expect(list.order == ["a", "b"], "b shows off while its write is pending")
    list.filter(showing: .on)
    #expect(list.order.isEmpty)
    #expect(list.state(of: "b")?.pendingRequest == write)
    list.respond(to: write, with: .rejected)
    list.filter(showing: OptimisticValue?.none)
    #expect(list.order == ["a", "b"])
    let state = try #require(list.state(of: "b"))
    #expect(state.confirmed.isOn && state.displayed.isOn && state.pendingRequest == nil)
  }

  @Test("Only the newest refresh's answer applies; a write in flight keeps its provisional value")
  func refreshRules() throws {
    let list = list()
    let write = try #require(list.tap(record: "a"))
    let older = try #require(list.startRefresh())
    let newer = try #require(list.startRefresh())
    list.respond(
      toRefresh: older,
      with: .list([RecordValue(id: "a", value: false), RecordValue(id: "b", value: false)]))
    #expect(list.state(of: "b")?.confirmed == true, "an older refresh's answer changes nothing")
    list.respond(
      toRefresh: newer,
      with: .list([RecordValue(id: "a", value: false), RecordValue(id: "b", value: false)]))
    #expect(list.state(of: "b")?.confirmed == false)
    #expect(list.state(of: "b")?.displayed == false)
    #expect(list.state(of: "a")?.displayed == true, "the write in flight stays shown")
    list.respond(
      toRefresh: newer, with: .list([RecordValue(id: "b", value: true)]))
    #expect(list.state(of: "b")?.confirmed == false, "a second answer changes nothing")
    list.respond(to: write, with: .saved(true))
    #expect(list.state(of: "a")?.confirmed == true)
  }
}
