import Testing

@testable import Contracts

/// The `wait` step, its lengths and the runner's virtual clock.
@MainActor
@Suite("Wait steps and the virtual clock")
struct WaitStepTests {
  private func steps(_ lines: String) throws -> [UndoHistoryAction] {
    let suite = try SuiteReader.parse(
      "suite s family undo\ncase c\n  requires coalescing-window\n\(lines)", source: "s.suite")
    return suite.cases[0].steps.compactMap {
      if case .undoHistory(let action) = $0.action { return action }
      return nil
    }
  }

  @Test("Reads fixed lengths in milliseconds and seconds, and lengths from the window")
  func readsLengths() throws {
    let actions = try steps(
      "  wait 800ms\n  wait 2s\n  wait 0ms\n  wait window\n  wait window - 1ms\n  wait window + 2s\n"
    )
    #expect(
      actions == [
        .wait(.fixed(milliseconds: 800)), .wait(.fixed(milliseconds: 2000)),
        .wait(.fixed(milliseconds: 0)), .wait(.window()), .wait(.window(plus: -1)),
        .wait(.window(plus: 2000)),
      ])
    #expect(
      actions.map(\.description) == [
        "wait 800ms", "wait 2s", "wait 0ms", "wait window", "wait window - 1ms",
        "wait window + 2s",
      ])
    #expect(actions.allSatisfy { !$0.isEdit })
  }

  @Test(
    "Rejects lengths that are not whole milliseconds or seconds, naming file and line",
    arguments: [
      ("wait", "expected a length such as 800ms, 2s or window after 'wait'"),
      ("wait 800", "found '800'"), ("wait -5ms", "found '-5ms'"), ("wait 1.5s", "found '1.5s'"),
      ("wait 2 s", "found '2'"), ("wait 90000s", "at most 86400s"),
      ("wait window * 2", "expected '+' or '-' after 'wait window', found '*'"),
      ("wait window -", "expected a length such as 1ms after 'wait window -'"),
      ("wait 800ms later", "later"),
    ])
  func rejectsBadLengths(line: String, message: String) {
    do {
      _ = try steps("  \(line)\n")
      Issue.record("'\(line)' was read")
    } catch {
      #expect("\(error)".hasPrefix("s.suite:4:"), "\(error)")
      #expect("\(error)".contains(message), "\(error)")
    }
  }

  @Test("A length resolves against the subject's window, never below zero")
  func resolvesLengths() {
    let window = Duration.milliseconds(800)
    #expect(WaitLength.fixed(milliseconds: 5).duration(window: window) == .milliseconds(5))
    #expect(WaitLength.window().duration(window: window) == window)
    #expect(WaitLength.window(plus: -1).duration(window: window) == .milliseconds(799))
    #expect(WaitLength.window(plus: -1).duration(window: nil) == .zero)
    #expect(WaitLength.window().duration(window: nil) == .zero)
  }

  @Test("Wait steps survive packing")
  func packs() {
    let steps = [
      WaitLength.fixed(milliseconds: 1), .window(), .window(plus: -1), .window(plus: 86_400_000),
    ].map { ContractStep(action: .undoHistory(.wait($0)), expectations: [], line: 3) }
    #expect(PackedSteps(steps).steps == steps)
  }

  @Test("The virtual clock starts at zero and moves only when advanced")
  func virtualClock() {
    let clock = VirtualClock()
    #expect(clock.now == .zero)
    clock.advance(by: .milliseconds(800))
    clock.advance(by: .zero)
    clock.advance(by: .seconds(2))
    #expect(clock.now == .milliseconds(2800))
  }

  @Test("Declaring a window declares capability coalescing-window")
  func windowIsACapability() {
    #expect(SubjectCapability.known(in: .undoHistory).contains(.coalescingWindow))
    #expect(!SubjectCapability.known(in: .optimisticUpdates).contains(.coalescingWindow))
  }
}
