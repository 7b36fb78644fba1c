import Testing

@testable import Contracts

/// Timers on the virtual clock: what runs during an advance, in what order, and at what time.
@MainActor
@Suite("Timers on the virtual clock")
struct ClockTimerTests {
  @Test("Due actions run in deadline order, ties in scheduling order, each at its own deadline")
  func runsInDeadlineOrder() {
    let clock = VirtualClock()
    var ran: [(String, Duration)] = []
    _ = clock.schedule(after: .seconds(3)) { ran.append(("c", clock.now)) }
    _ = clock.schedule(after: .seconds(1)) { ran.append(("a", clock.now)) }
    _ = clock.schedule(after: .seconds(3)) { ran.append(("d", clock.now)) }
    _ = clock.schedule(after: .seconds(2)) { ran.append(("b", clock.now)) }
    clock.advance(by: .seconds(5))
    #expect(ran.map(\.0) == ["a", "b", "c", "d"])
    #expect(ran.map(\.1) == [.seconds(1), .seconds(2), .seconds(3), .seconds(3)])
    #expect(clock.now == .seconds(5))
  }

  @Test("An action runs only once its deadline passes, and never twice")
  func runsWhenDueOnly() {
    let clock = VirtualClock()
    var runs = 0
    _ = clock.schedule(after: .milliseconds(800)) { runs += 1 }
    clock.advance(by: .milliseconds(799))
    #expect(runs == 0)
    #expect(clock.pendingTimers == 1)
    #expect(clock.nextDeadline == .milliseconds(800))
    clock.advance(by: .milliseconds(1))
    #expect(runs == 1)
    clock.advance(by: .seconds(10))
    #expect(runs == 1)
    #expect(clock.pendingTimers == 0)
  }

  @Test("A cancelled action never runs; cancelling after it ran does nothing")
  func cancels() {
    let clock = VirtualClock()
    var ran: [String] = []
    let first = clock.schedule(after: .seconds(1)) { ran.append("first") }
    let second = clock.schedule(after: .seconds(1)) { ran.append("second") }
    first.cancel()
    #expect(!first.isScheduled)
    clock.advance(by: .seconds(1))
    second.cancel()
    #expect(ran == ["second"])
    #expect(!second.isScheduled)
  }

  @Test("An action scheduled by an action runs in the same advance when it falls due")
  func chainsWithinAnAdvance() {
    let clock = VirtualClock()
    var ran: [Duration] = []
    _ = clock.schedule(after: .seconds(1)) {
      ran.append(clock.now)
      _ = clock.schedule(after: .seconds(1)) { ran.append(clock.now) }
      _ = clock.schedule(after: .seconds(5)) { ran.append(clock.now) }
    }
    clock.advance(by: .seconds(3))
    #expect(ran == [.seconds(1), .seconds(2)])
    clock.advance(by: .seconds(3))
    #expect(ran == [.seconds(1), .seconds(2), .seconds(6)])
  }

  @Test("An action can cancel another that is due in the same advance")
  func cancelsFromAnAction() {
    let clock = VirtualClock()
    var ran: [String] = []
    var later: ClockTimer?
    _ = clock.schedule(after: .seconds(1)) {
      ran.append("first")
      later?.cancel()
    }
    later = clock.schedule(after: .seconds(2)) { ran.append("later") }
    clock.advance(by: .seconds(2))
    #expect(ran == ["first"])
  }

  @Test("A cancelled timer's action is let go as timers keep being set, before any wait")
  func cancelledTimersAreLetGo() {
    final class Captured {}
    let clock = VirtualClock()
    weak var released: Captured?
    do {
      let captured = Captured()
      released = captured
      clock.schedule(after: .seconds(10)) { _ = captured }.cancel()
    }
    #expect(released != nil)
    // A write's timeout set and stopped by its answer, many times over, with no wait between.
    var fired: [Int] = []
    for index in 0..<1_000 {
      let timer = clock.schedule(after: .seconds(10)) { fired.append(index) }
      if index % 10 != 0 { timer.cancel() }
    }
    #expect(released == nil)
    #expect(clock.pendingTimers == 100)
    // Dropping cancelled timers keeps the live ones and their order.
    clock.advance(by: .seconds(10))
    #expect(fired == Array(stride(from: 0, to: 1_000, by: 10)))
    #expect(clock.pendingTimers == 0)
  }

  @Test("A zero or negative delay is due at once but runs only during the next advance")
  func zeroDelay() {
    let clock = VirtualClock()
    clock.advance(by: .seconds(4))
    var ran: [Duration] = []
    let timer = clock.schedule(after: .seconds(-1)) { ran.append(clock.now) }
    #expect(timer.deadline == .seconds(4))
    #expect(ran.isEmpty)
    clock.advance(by: .zero)
    #expect(ran == [.seconds(4)])
  }
}
