import Contracts
import ReferenceModels
import Testing

/// `OptimisticDriver`, the one place an optimistic-update step meets the subject for the
/// runner's session and the explorer: names reach the tokens they were sent with.
@MainActor
@Suite("Optimistic driver")
struct OptimisticDriverTests {
  @Test("A named tap's write is answered and cancelled by its name; a renamed token takes the name")
  func answersByName() {
    let list = ReferenceFavorites()
    let clock = VirtualClock()
    list.useClock(clock)
    var driver = OptimisticDriver(for: list)
    _ = driver.apply(.records([RecordValue(id: "a", value: .off)]), to: list, clock: clock)
    guard
      case .sent(let token?) = driver.apply(
        .tap(record: "a", request: "r1"), to: list, clock: clock)
    else {
      Issue.record("the tap sent no write")
      return
    }
    #expect(driver.token(named: "r1") == token)
    #expect(list.state(of: "a")?.pendingRequest == token)
    guard
      case .done = driver.apply(
        .respond(request: "r1", outcome: .saved(.on)), to: list, clock: clock)
    else {
      Issue.record("the answer did not reach r1")
      return
    }
    #expect(list.state(of: "a")?.confirmed == .on)
    #expect(list.state(of: "a")?.pendingRequest == nil)
    // A name the caller gives by its own account (a write the app sent by itself, a retry).
    guard
      case .sent(let second?) = driver.apply(
        .tap(record: "a", request: nil), to: list, clock: clock)
    else {
      Issue.record("the second tap sent no write")
      return
    }
    #expect(driver.token(named: "r2") == nil)
    driver.register(second, as: "r2")
    _ = driver.apply(.cancel(request: "r2"), to: list, clock: clock)
    #expect(list.state(of: "a")?.pendingRequest == nil)
    #expect(list.state(of: "a")?.needsSync == true)
  }

  @Test("An answer to a name never sent calls nothing and says so")
  func unsentName() {
    let list = ReferenceFavorites()
    let clock = VirtualClock()
    list.useClock(clock)
    var driver = OptimisticDriver(for: list)
    _ = driver.apply(.records([RecordValue(id: "a", value: .off)]), to: list, clock: clock)
    _ = driver.apply(.tap(record: "a", request: "r1"), to: list, clock: clock)
    guard
      case .unsent(let name) = driver.apply(
        .respond(request: "r9", outcome: .saved(.on)), to: list, clock: clock)
    else {
      Issue.record("an answer to r9 was delivered")
      return
    }
    #expect(name == "r9")
    #expect(list.state(of: "a")?.pendingRequest != nil)
    #expect(list.state(of: "a")?.confirmed == .off)
  }

  @Test("A read starts a sync unless the app reads by itself, when it names the app's read")
  func reads() {
    for readsByItself in [false, true] {
      let list = ReferenceFavorites(rereadsAutomatically: readsByItself)
      let clock = VirtualClock()
      list.useClock(clock)
      var driver = OptimisticDriver(for: list)
      _ = driver.apply(.records([RecordValue(id: "a", value: .off)]), to: list, clock: clock)
      let outcome = driver.apply(.read(record: "a", request: "s1"), to: list, clock: clock)
      switch outcome {
      case .sent(let token?):
        #expect(!readsByItself, "a read the app started was started again")
        #expect(driver.token(named: "s1") == token)
      case .done:
        #expect(readsByItself, "a read of an app that does not read by itself sent nothing")
        #expect(driver.token(named: "s1") == nil)
      case .sent(nil), .unsent:
        Issue.record("unexpected outcome of a read")
      }
    }
  }

  @Test("A wait moves the clock by its length against the subject's write timeout")
  func waits() {
    let list = ReferenceFavorites(writeTimeout: .seconds(4))
    let clock = VirtualClock()
    list.useClock(clock)
    var driver = OptimisticDriver(for: list)
    _ = driver.apply(.wait(.timeout(plus: -1)), to: list, clock: clock)
    #expect(clock.now == .seconds(4) - .milliseconds(1))
  }
}
