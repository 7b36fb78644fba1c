import Contracts
import Testing

@testable import ReferenceModels

/// The reference favourites' write timeout: a write unanswered for 10 s is withdrawn as a cancel.
@MainActor
@Suite("Reference favourites: write timeouts")
struct ReferenceFavoritesTimeoutTests {
  private func list(rereading: Bool = false) -> (ReferenceFavorites, VirtualClock) {
    let favorites = ReferenceFavorites(rereadsAutomatically: rereading)
    let clock = VirtualClock()
    favorites.useClock(clock)
    favorites.load([RecordValue(id: "a", value: false), RecordValue(id: "b", value: true)])
    return (favorites, clock)
  }

  @Test("Declares a 10 s timeout and capability write-timeouts; without one, neither")
  func declares() {
    #expect(ReferenceFavorites().writeTimeout == .seconds(10))
    #expect(ReferenceFavorites().capabilities.contains(.writeTimeouts))
    let untimed = ReferenceFavorites(writeTimeout: nil)
    #expect(untimed.writeTimeout == nil)
    #expect(!untimed.capabilities.contains(.writeTimeouts))
  }

  @Test("A write is pending 1 ms before its timeout and withdrawn, needing a sync, at it")
  func timesOut() throws {
    let (favorites, clock) = list()
    let token = try #require(favorites.tap(record: "a"))
    clock.advance(by: .milliseconds(9999))
    #expect(favorites.state(of: "a")?.pendingRequest == token)
    #expect(favorites.state(of: "a")?.displayed == true)
    clock.advance(by: .milliseconds(1))
    let state = try #require(favorites.state(of: "a"))
    #expect(state.pendingRequest == nil)
    #expect(state.displayed == false)
    #expect(state.needsSync)
    #expect(!state.isTapEnabled)
    favorites.respond(to: token, with: .saved(true))
    #expect(favorites.state(of: "a")?.confirmed == false, "a late answer changes nothing")
    #expect(favorites.state(of: "a")?.needsSync == true)
  }

  @Test("An answer in time stops the timer: the next write is not timed out by it")
  func answerStopsTheTimer() throws {
    let (favorites, clock) = list()
    let first = try #require(favorites.tap(record: "a"))
    clock.advance(by: .seconds(1))
    favorites.respond(to: first, with: .saved(true))
    let second = try #require(favorites.tap(record: "a"))
    clock.advance(by: .seconds(9))
    #expect(favorites.state(of: "a")?.pendingRequest == second)
    clock.advance(by: .seconds(1))
    #expect(favorites.state(of: "a")?.pendingRequest == nil)
    #expect(favorites.state(of: "a")?.needsSync == true)
  }

  @Test("A batch times out on every record it carries; the rereading list reads each")
  func batchTimesOut() throws {
    let (favorites, clock) = list(rereading: true)
    _ = try #require(favorites.tapAll(records: ["a", "b"]))
    clock.advance(by: .seconds(10))
    #expect(favorites.state(of: "a")?.displayed == false)
    #expect(favorites.state(of: "b")?.displayed == true)
    #expect(favorites.state(of: "a")?.needsSync == true)
    #expect(favorites.state(of: "b")?.needsSync == true)
    #expect(favorites.takeStartedReads().map(\.record) == ["a", "b"])
  }

  @Test("A write of an old session does not time out the new session's write")
  func oldSessionTimerDoesNothing() throws {
    let (favorites, clock) = list()
    _ = try #require(favorites.tap(record: "a"))
    clock.advance(by: .seconds(5))
    favorites.replaceSession(with: [RecordValue(id: "a", value: false)])
    let fresh = try #require(favorites.tap(record: "a"))
    clock.advance(by: .seconds(5))
    #expect(favorites.state(of: "a")?.pendingRequest == fresh)
  }
}
