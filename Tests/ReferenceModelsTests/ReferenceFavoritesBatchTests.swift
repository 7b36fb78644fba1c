import Contracts
import Testing

@testable import ReferenceModels

/// The reference favourites' batches: one request for several records, settled by one answer.
@MainActor
@Suite("Reference favourites: batches")
struct ReferenceFavoritesBatchTests {
  private func list(_ values: KeyValuePairs<String, Bool>) -> ReferenceFavorites {
    let favorites = ReferenceFavorites()
    favorites.load(values.map { RecordValue(id: $0.key, value: $0.value) })
    return favorites
  }

  private func shown(_ favorites: ReferenceFavorites, _ ids: [String]) -> [Bool?] {
    ids.map { favorites.state(of: $0)?.displayed.isOn }
  }

  @Test("A batch shows every record's provisional value at once, pending on the batch")
  func batchShowsAtOnce() throws {
    let favorites = list(["a": false, "b": true, "c": false])
    #expect(favorites.capabilities.contains(.batches))
    let token = try #require(favorites.tapAll(records: ["a", "b"]))
    #expect(shown(favorites, ["a", "b", "c"]) == [true, false, false])
    #expect(favorites.state(of: "a")?.pendingRequest == token)
    #expect(favorites.state(of: "b")?.pendingRequest == token)
    #expect(favorites.state(of: "c")?.pendingRequest == nil)
    #expect(favorites.tap(record: "a") == nil, "a record in a pending batch accepts no write")
    #expect(favorites.tapAll(records: ["b", "c"]) == nil, "one blocked record refuses the batch")
    #expect(favorites.state(of: "c")?.displayed == false, "a refused batch changes nothing")
  }

  @Test("One saved answer settles every record with the server's value")
  func savedSettlesEveryRecord() throws {
    let favorites = list(["a": false, "b": true])
    let token = try #require(favorites.tapAll(records: ["a", "b"]))
    favorites.respond(
      toBatch: token,
      with: .saved([RecordValue(id: "a", value: true), RecordValue(id: "b", value: true)]))
    for id in ["a", "b"] {
      let state = try #require(favorites.state(of: id))
      #expect(state.confirmed.isOn && state.displayed.isOn && state.pendingRequest == nil, "\(id)")
    }
  }

  @Test("A rejection rolls every record back to its value confirmed now")
  func rejectionRollsBackEveryRecord() throws {
    let favorites = list(["a": false, "b": true])
    let token = try #require(favorites.tapAll(records: ["a", "b"]))
    let sync = try #require(favorites.startSync(record: "b"))
    favorites.respond(toSync: sync, with: .value(false))
    favorites.respond(toBatch: token, with: .rejected)
    #expect(shown(favorites, ["a", "b"]) == [false, false])
    #expect(favorites.state(of: "b")?.confirmed == false)
  }

  @Test("Per-record answers settle each record by its own outcome; unknown needs a sync")
  func perRecordAnswers() throws {
    let favorites = list(["a": false, "b": false, "c": true])
    let token = try #require(favorites.tapAll(records: ["a", "b", "c"]))
    favorites.respond(
      toBatch: token,
      with: .each([
        BatchRecordOutcome(id: "a", outcome: .saved(true)),
        BatchRecordOutcome(id: "b", outcome: .rejected),
        BatchRecordOutcome(id: "c", outcome: .unknown),
      ]))
    #expect(shown(favorites, ["a", "b", "c"]) == [true, false, true])
    #expect(favorites.state(of: "c")?.needsSync == true)
    #expect(favorites.state(of: "b")?.needsSync == false)
    #expect(favorites.tapAll(records: ["a", "c"]) == nil, "a record due a sync refuses the batch")
  }

  @Test("A duplicate, an older batch's or an old session's answer changes nothing")
  func staleAnswersChangeNothing() throws {
    let favorites = list(["a": false, "b": false])
    let first = try #require(favorites.tapAll(records: ["a", "b"]))
    favorites.respond(toBatch: first, with: .saved([]))
    #expect(favorites.state(of: "a")?.needsSync == true, "a record an answer does not name")
    let again = list(["a": false, "b": false])
    let older = try #require(again.tapAll(records: ["a", "b"]))
    again.respond(toBatch: older, with: .rejected)
    let newer = try #require(again.tapAll(records: ["a", "b"]))
    again.respond(toBatch: older, with: .unknown)
    #expect(again.state(of: "a")?.pendingRequest == newer)
    again.replaceSession(with: [
      RecordValue(id: "a", value: false), RecordValue(id: "b", value: false),
    ])
    _ = try #require(again.tapAll(records: ["a", "b"]))
    again.respond(toBatch: newer, with: .rejected)
    #expect(shown(again, ["a", "b"]) == [true, true], "an old session's answer changes nothing")
  }

  @Test("A subject written for 0.3 sends no batch and ignores batch answers")
  func defaultsDoNothing() {
    let subject = ZeroThreeList()
    #expect(subject.tapAll(records: ["a", "b"]) == nil)
    subject.respond(toBatch: 1, with: .rejected)
    #expect(!subject.capabilities.contains(.batches))
  }
}

/// A 0.3 adapter: only the core requirements.
@MainActor
private final class ZeroThreeList: OptimisticUpdateSubject {
  func load(_ records: [RecordValue]) {}
  func tap(record id: String) -> AnyHashable? { nil }
  func respond(to request: AnyHashable, with outcome: ServerOutcome) {}
  func startSync(record id: String) -> AnyHashable? { nil }
  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {}
  var order: [String] { [] }
  func state(of id: String) -> RecordState? { nil }
}
