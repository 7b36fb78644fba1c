import Contracts
import Testing

@testable import Exploration

/// The selection explorer generates every action a subject with a selection declares —
/// document switches, calculations and their results, waits around a coalescing window — and
/// judges each: a correct subject passes, and a wrong decision about each is found.
@MainActor
@Suite("Exploration of selections with documents, results and a window")
struct SelectionCapabilitiesTests {
  private static let options = ExplorationOptions(seed: 3, budget: .sequences(2000))

  private func explored(_ make: @escaping @MainActor () -> any UndoHistorySubject) throws
    -> SubjectExploration
  {
    let subject = SubjectEntry.undoHistory("inspector", summary: "") { make() }
    let report = Explorer(options: Self.options, clock: uptime).explore([subject])
    return try #require(report.subjects.first)
  }

  @Test("A correct inspector with documents, results and a window passes; every action is run")
  func correctInspectorPasses() throws {
    let explored = try explored { DocumentInspector() }
    #expect(explored.finding == nil, "\(explored.finding?.caseText ?? "")")
    let actions = Dictionary(
      uniqueKeysWithValues: explored.coverage.actions.map { ($0.name, $0.count) })
    for action in ["switch", "calculate", "deliver", "wait"] {
      #expect((actions[action] ?? 0) > 0, "\(action) never generated")
    }
    let reached = Dictionary(
      uniqueKeysWithValues: explored.coverage.situations.map { ($0.name, $0.count) })
    for situation in [
      "stale result discarded", "result applied as one group",
      "adjustment of the selection coalesced", "coalescing window closed by a wait",
      "document switch with history", "coalesced run ended where it began",
      "new document's history limit told apart",
    ] {
      #expect((reached[situation] ?? 0) > 0, "\(situation) never reached")
    }
    #expect(reached["undo of an unchanged run left no redo"] == 0)
  }

  @Test("An inspector whose undo of an unchanged typing run leaves no redo passes too")
  func unchangedRunWithoutRedoPasses() throws {
    let explored = try explored { UnchangedRunsLeaveNoRedo() }
    #expect(explored.finding == nil, "\(explored.finding?.caseText ?? "")")
    let reached = Dictionary(
      uniqueKeysWithValues: explored.coverage.situations.map { ($0.name, $0.count) })
    #expect((reached["undo of an unchanged run left no redo"] ?? 0) > 0)
  }

  @Test(
    "A wrong decision about a switch, a result or the window is found with its class",
    arguments: [
      ("stale results applied", FailureClass.staleResponse),
      ("history kept across a switch", .groupBoundary),
      ("window never joins", .groupBoundary),
      ("result not recorded", .groupBoundary),
    ])
  func findsWrongDecisions(variant: String, expected: FailureClass) throws {
    let make: @MainActor () -> any UndoHistorySubject =
      switch variant {
      case "stale results applied": { StaleResultsApplied() }
      case "history kept across a switch": { HistoryKeptAcrossSwitch() }
      case "window never joins": { WindowNeverJoins() }
      default: { ResultNotRecorded() }
      }
    let found = try #require(try explored(make).finding, "\(variant) not found")
    #expect(found.failureClass == expected, "\(found.caseText)")
    #expect(found.caseText.contains("requires ") && found.caseText.contains(" selection"))
    #expect(found.shrunkSteps <= 8, "\(found.caseText)")
  }

  @Test("A shrunk case names the capabilities its steps need")
  func shrunkCaseRequiresCapabilities() throws {
    let found = try #require(try explored { StaleResultsApplied() }.finding)
    #expect(found.caseText.contains("async-results"), "\(found.caseText)")
    let coalescing = try #require(try explored { WindowNeverJoins() }.finding)
    #expect(coalescing.caseText.contains("coalescing-window"), "\(coalescing.caseText)")
    let short = try #require(try explored { WindowShorterThanDeclared() }.finding)
    #expect(short.caseText.contains("wait "), "\(short.caseText)")
    #expect(short.failureClass == .groupBoundary, "\(short.caseText)")
  }
}

/// A correct inspector whose undo of a typing run that ended where it began registers no redo.
private final class UnchangedRunsLeaveNoRedo: DocumentInspector {
  override var redoesUnchangedRuns: Bool { false }
}

/// Applies every result, even one computed on another document or revision.
private final class StaleResultsApplied: DocumentInspector {
  override func accepts(_ captured: (document: String, revision: Int)) -> Bool { true }
}

/// Keeps the old document's history when it switches.
private final class HistoryKeptAcrossSwitch: DocumentInspector {
  override func switchDocument(to id: String, value: Int) {
    endRun()
    document = id
    set(values.mapValues { _ in value })
  }
}

/// Declares a typing window but gives every adjustment a group of its own.
private final class WindowNeverJoins: DocumentInspector {
  override func joinsRun() -> Bool { false }
}

/// Declares a 500 ms typing window but joins adjustments only less than 250 ms apart.
private final class WindowShorterThanDeclared: DocumentInspector {
  private var clock: any ContractClock = VirtualClock()
  private var lastAdjusted: Duration?

  override func useClock(_ clock: any ContractClock) {
    self.clock = clock
    super.useClock(clock)
  }

  override func joinsRun() -> Bool {
    guard super.joinsRun(), let lastAdjusted else { return false }
    return clock.now - lastAdjusted < .milliseconds(250)
  }

  override func adjust(to value: Int) {
    super.adjust(to: value)
    lastAdjusted = clock.now
  }
}

/// Applies a valid result without recording it: undo then skips it.
private final class ResultNotRecorded: DocumentInspector {
  private var delivering = false

  override func deliverCalculation(id: Int, result: Int) {
    delivering = true
    super.deliverCalculation(id: id, result: result)
    delivering = false
  }

  override func commit(from starts: [String: Int], to ends: [String: Int]) {
    guard delivering else { return super.commit(from: starts, to: ends) }
    set(ends)
  }
}
