import Contracts
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// The unknown-outcome rule keep-and-retry: the reference offline-first list sends a write again
/// after an unknown outcome, an abandoned attempt's answer changes nothing, and the built-in cases
/// name which rule they hold under.
@MainActor
@Suite("The unknown-outcome rule keep-and-retry")
struct KeepAndRetryTests {
  @Test("An unknown outcome keeps the write pending and reports its retry, on a new token")
  func unknownSendsAgain() throws {
    let list = OfflineFavorites()
    list.load([RecordValue(id: "a", value: .off)])
    let first = try #require(list.tap(record: "a"))
    #expect(list.takeStartedWrites().isEmpty)
    list.respond(to: first, with: .unknown)
    let retries = list.takeStartedWrites()
    #expect(retries.map(\.record) == ["a"])
    #expect(retries.map(\.value) == [.on])
    let retry = try #require(retries.first?.request)
    #expect(retry != first)
    let state = try #require(list.state(of: "a"))
    #expect(state.pendingRequest == retry)
    #expect(state.displayed == .on && state.confirmed == .off && !state.needsSync)
    #expect(list.takeStartedWrites().isEmpty)
  }

  @Test(
    "A late answer to the abandoned attempt changes nothing, whatever it says",
    arguments: [ServerOutcome.saved(.on), .rejected, .unknown])
  func abandonedAttemptIgnored(outcome: ServerOutcome) throws {
    let list = OfflineFavorites()
    list.load([RecordValue(id: "a", value: .off)])
    let first = try #require(list.tap(record: "a"))
    list.respond(to: first, with: .unknown)
    let retry = try #require(list.takeStartedWrites().first?.request)
    let before = list.state(of: "a")
    list.respond(to: first, with: outcome)
    #expect(list.state(of: "a") == before)
    #expect(list.takeStartedWrites().isEmpty)
    list.respond(to: retry, with: .rejected)
    #expect(list.state(of: "a")?.confirmed == .off)
    #expect(list.state(of: "a")?.displayed == .off)
    #expect(list.state(of: "a")?.pendingRequest == nil)
  }

  @Test("The retry cases require keep-and-retry; none requires both unknown-outcome answers")
  func builtInCasesName() throws {
    let suite = try #require(try BuiltInSuites.load().first { $0.id == "optimistic-updates" })
    let retry = suite.cases.filter { $0.id.hasPrefix("retry-") }
    #expect(retry.map(\.id) == retryCaseIDs)
    #expect(
      suite.cases.filter { $0.requirements.contains(.unknownKeepsRetrying) }.map(\.id)
        == retryCaseIDs)
    #expect(
      suite.cases.filter {
        $0.requirements.contains(.unknownWithdraws) && !$0.id.hasPrefix("pessimistic-")
          && !$0.id.hasPrefix("shared-")
      }.map(\.id) == withdrawCaseIDs)
    #expect(
      !suite.cases.contains {
        $0.requirements.contains(.unknownWithdraws)
          && $0.requirements.contains(.unknownKeepsRetrying)
      })
  }

  @Test("favorites-offline passes every built-in case it runs, the retry cases among them")
  func referencePasses() throws {
    let entry = try #require(SubjectEntry.reference.first { $0.name == "favorites-offline" })
    let results = ContractRunner(clock: frozenClock).run(
      RunPlan(suites: try BuiltInSuites.load(), subjects: [entry])
    ).suites.flatMap(\.cases)
    #expect(results.filter { $0.outcome == .failed }.map(\.caseID).isEmpty)
    let passed = Set(results.filter { $0.outcome == .passed }.map(\.caseID))
    #expect(passed.isSuperset(of: retryCaseIDs))
    #expect(passed.isDisjoint(with: withdrawCaseIDs))
  }

  @Test("A list that declares keep-and-retry and does not send the write again fails the step")
  func stoppedRetryingFails() throws {
    let entry = SubjectEntry.optimisticUpdates("gives-up", summary: "retries once") {
      RetryingOnce()
    }
    let results = ContractRunner(clock: frozenClock).run(
      RunPlan(
        suites: try BuiltInSuites.load(), subjects: [entry],
        filter: CaseFilter(["optimistic-updates/retry-until-answered"]))
    ).suites.flatMap(\.cases)
    let failure = try #require(results.first?.firstFailure)
    #expect(results.map(\.outcome) == [.failed])
    #expect(failure.mismatches.contains { $0.key == "started" && $0.invariant != nil })
  }
}

/// The offline-first list behind a network layer that sends a write again only once: a second
/// unknown outcome leaves the record pending with no request in flight.
@MainActor
private final class RetryingOnce: OptimisticUpdateSubject {
  private let list = OfflineFavorites()
  private var retries = 0

  var capabilities: Set<SubjectCapability> { list.capabilities }
  var unknownOutcomeRule: UnknownOutcomeRule { list.unknownOutcomeRule }
  var writeTimeout: Duration? { list.writeTimeout }
  var order: [String] { list.order }
  func useClock(_ clock: any ContractClock) { list.useClock(clock) }
  func load(_ records: [RecordValue]) { list.load(records) }
  func tap(record id: String) -> AnyHashable? { list.tap(record: id) }
  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    list.respond(to: request, with: outcome)
  }
  func cancel(request: AnyHashable) { list.cancel(request: request) }
  func startSync(record id: String) -> AnyHashable? { list.startSync(record: id) }
  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    list.respond(toSync: request, with: outcome)
  }
  func state(of id: String) -> RecordState? { list.state(of: id) }
  func takeStartedWrites() -> [StartedWrite] {
    let started = list.takeStartedWrites()
    defer { retries += started.count }
    return retries == 0 ? started : []
  }
}
