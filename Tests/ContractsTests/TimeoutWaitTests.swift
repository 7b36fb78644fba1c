import Testing

@testable import Contracts

/// `wait` in optimistic-update cases: fixed lengths and lengths counted from the write timeout.
@MainActor
@Suite("Waits around a write timeout")
struct TimeoutWaitTests {
  private func actions(_ lines: String) throws -> [OptimisticAction] {
    let suite = try SuiteReader.parse(
      "suite s family optimistic\ncase c\n  requires write-timeouts\n  records a=off\n\(lines)",
      source: "s.suite")
    return suite.cases[0].steps.compactMap {
      if case .optimistic(let action) = $0.action { return action }
      return nil
    }.filter { if case .records = $0 { false } else { true } }
  }

  @Test("Reads fixed lengths and lengths from the timeout, and writes them back the same")
  func readsLengths() throws {
    let read = try actions(
      "  wait 800ms\n  wait 2s\n  wait timeout\n  wait timeout - 1ms\n  wait timeout + 1s\n")
    #expect(
      read == [
        .wait(.fixed(milliseconds: 800)), .wait(.fixed(milliseconds: 2000)), .wait(.timeout()),
        .wait(.timeout(plus: -1)), .wait(.timeout(plus: 1000)),
      ])
    #expect(
      read.map(\.description) == [
        "wait 800ms", "wait 2s", "wait timeout", "wait timeout - 1ms", "wait timeout + 1s",
      ])
  }

  @Test(
    "Rejects a window in an optimistic case and a timeout in an undo case, naming the line",
    arguments: [
      ("family optimistic", "  records a=off\n  wait window\n", "found 'window'"),
      ("family optimistic", "  records a=off\n  wait timeout -1ms\n", "'wait timeout - 1ms'"),
      ("family optimistic", "  records a=off\n  wait timeout 1ms\n", "after 'wait timeout'"),
      ("family undo", "  wait timeout\n", "found 'timeout'"),
    ])
  func rejectsTheOtherBase(family: String, lines: String, message: String) {
    do {
      _ = try SuiteReader.parse("suite s \(family)\ncase c\n\(lines)", source: "s.suite")
      Issue.record("'\(lines)' was read")
    } catch {
      #expect("\(error)".contains(message), "\(error)")
    }
  }

  @Test("A length resolves against the subject's timeout, never below zero")
  func resolvesLengths() {
    let timeout = Duration.seconds(10)
    #expect(WaitLength.timeout().duration(timeout: timeout) == timeout)
    #expect(WaitLength.timeout(plus: -1).duration(timeout: timeout) == .milliseconds(9999))
    #expect(WaitLength.timeout(plus: -1).duration(timeout: nil) == .zero)
    #expect(WaitLength.fixed(milliseconds: 5).duration(timeout: timeout) == .milliseconds(5))
    #expect(WaitLength.timeout().duration(window: .seconds(1)) == .zero)
    #expect(WaitLength.window().duration(timeout: .seconds(1)) == .zero)
  }

  @Test("Optimistic waits survive packing")
  func packs() {
    let steps = [
      WaitLength.fixed(milliseconds: 1), .timeout(), .timeout(plus: -1), .timeout(plus: 86_400_000),
    ].map { ContractStep(action: .optimistic(.wait($0)), expectations: [], line: 3) }
    #expect(PackedSteps(steps).steps == steps)
  }

  @Test("Declaring a write timeout declares capability write-timeouts, of the optimistic family")
  func timeoutIsACapability() {
    #expect(SubjectCapability.known(in: .optimisticUpdates).contains(.writeTimeouts))
    #expect(!SubjectCapability.known(in: .undoHistory).contains(.writeTimeouts))
    #expect(SubjectCapability.writeTimeouts.rawValue == "write-timeouts")
  }

  @Test("The built-in timeout cases require write-timeouts and read back unchanged")
  func builtInCases() throws {
    let suite = try #require(try BuiltInSuites.load().first { $0.id == "optimistic-updates" })
    let timed = suite.cases.filter { contractCase in
      contractCase.steps.contains {
        if case .optimistic(.wait) = $0.action { return true }
        return false
      }
    }
    #expect(
      timed.map(\.id) == [
        "timeout-withdraws-write", "timeout-late-answer-stale", "timeout-belongs-to-its-write",
        "batch-timeout", "pessimistic-timeout", "retry-until-answered",
      ])
    #expect(timed.allSatisfy { $0.requirements.contains(.writeTimeouts) })
  }
}
