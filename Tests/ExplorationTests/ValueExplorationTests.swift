import Contracts
import Faults
import ReferenceModels
import RunModel
import Testing

@testable import Exploration

/// Exploration of records with values beyond on/off: every declared value is generated, `set`
/// only for a subject with more than two choices, and the faults only such values show are found
/// with the catalogue's class.
@MainActor
@Suite("Exploration of values beyond on/off")
struct ValueExplorationTests {
  private func explore(_ subject: SubjectEntry, sequences: Int = 600) throws -> SubjectExploration {
    let report = Explorer(
      options: ExplorationOptions(seed: 7, budget: .sequences(sequences)), clock: uptime
    ).explore([subject])
    return try #require(report.subjects.first)
  }

  private func count(_ name: String, in pairs: [(name: String, count: Int)]) -> Int {
    pairs.first { $0.name == name }?.count ?? 0
  }

  @Test(
    "The follow list gets choices, the value shown chosen, and server-only values; nothing fails")
  func followsExploreValues() throws {
    let follows = try #require(SubjectEntry.reference.first { $0.name == "follows" })
    let explored = try explore(follows)
    #expect(explored.finding == nil, "\(explored.finding?.caseText ?? "")")
    #expect(count("set", in: explored.coverage.actions) > 0)
    #expect(count("set to the value shown", in: explored.coverage.situations) > 0)
    #expect(count("server value differs from the intent", in: explored.coverage.situations) > 0)
  }

  @Test(
    "Two choices and a server-only value: no 'set' (a tap is that subject's choice), no failure")
  func twoChoicesWithServerValue() throws {
    let subject = SubjectEntry.optimisticUpdates("requests", summary: "") {
      ReferenceFavorites(serverValues: ["requested"])
    }
    let explored = try explore(subject)
    #expect(explored.finding == nil, "\(explored.finding?.caseText ?? "")")
    #expect(count("set", in: explored.coverage.actions) == 0)
    #expect(count("tap", in: explored.coverage.actions) > 0)
  }

  @Test(
    "A found case names its values beyond on/off on a 'values' line, so it reads back",
    arguments: ["requested-shown-as-following", "rollback-toggles-back"])
  func foundCaseDeclaresValues(name: String) throws {
    let fault = try #require(FaultCatalog.faults.first { $0.name == name })
    let explored = try explore(fault.subject, sequences: 4000)
    let finding = try #require(explored.finding)
    #expect(finding.caseText.contains("\n  values "), "\(finding.caseText)")
    #expect(finding.failureClass == fault.expectedClass)
  }
}

@MainActor
@Suite("Exploration coverage: what a subject rules out")
struct RuledOutCoverageTests {
  @Test("A situation the subject's declarations rule out is not reported as never reached")
  func ruledOutIsNotUnreached() throws {
    let bare = SubjectEntry.optimisticUpdates("bare", summary: "") {
      ReferenceFavorites(writeTimeout: nil)
    }
    let report = Explorer(
      options: ExplorationOptions(seed: 3, budget: .sequences(200)), clock: uptime
    ).explore([bare])
    let coverage = try #require(report.subjects.first?.coverage)
    #expect(!coverage.unreached.contains("write or batch timed out"))
    #expect(!coverage.unreached.contains("read started by the app"))
    #expect(coverage.situations.first { $0.name == "write or batch timed out" }?.count == 0)
  }
}

/// A list that cannot cancel: a recorded cancel is a step its oracle cannot perform.
@MainActor
private final class UncancellableList: ReferenceFavorites {
  override var capabilities: Set<SubjectCapability> { [] }
}

@MainActor
@Suite("Recorded sessions are judged in full")
struct SessionJudgedInFullTests {
  @Test("A session with a step the oracle cannot perform on the subject is refused, not passed")
  func unperformableStepIsRefused() throws {
    let subject = SubjectEntry.optimisticUpdates("uncancellable", summary: "") {
      UncancellableList()
    }
    let actions: [ContractAction] = [
      .optimistic(.records([RecordValue(id: "a", value: .off)])),
      .optimistic(.tap(record: "a", request: "r1")),
      .optimistic(.cancel(request: "r1")),
    ]
    #expect(throws: SessionTranslationError.self) {
      try SessionShrinker(subject: subject).shrink(actions)
    }
    do {
      _ = try SessionShrinker(subject: subject).shrink(actions)
    } catch {
      #expect(error.index == 2)
      #expect(error.action == "cancel r1")
    }
  }

  @Test("A two-choice subject's recorded 'set' is performed, so a late answer after it is judged")
  func twoChoiceSetIsPerformed() throws {
    let fault = try #require(FaultCatalog.faults.first { $0.name == "late-answer-after-timeout" })
    let actions: [ContractAction] = [
      .optimistic(.records([RecordValue(id: "a", value: .off)])),
      .optimistic(.choose(record: "a", value: .on, request: "r1")),
      .optimistic(.wait(.fixed(milliseconds: 11_000))),
      .optimistic(.respond(request: "r1", outcome: .saved(.on))),
    ]
    let shrunk = try SessionShrinker(subject: fault.subject).shrink(actions)
    #expect(shrunk != nil, "the late answer was applied and must fail")
  }
}
