import Contracts
import Faults
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// The built-in cases for the confirmation rule removal-asks-first, which only
/// `favorites-confirming` declares, in suite order.
let confirmCaseIDs = [
  "confirm-decline-sends-nothing", "confirm-writes", "confirm-adding-writes-at-once",
  "confirm-second-tap-while-asking", "confirm-answer-while-asking",
  "confirm-session-closes-question",
]
/// The built-in cases whose expectations hold only when every tap writes at once (`requires
/// taps-write-at-once`), which `favorites-confirming` skips, in suite order.
let atOnceCaseIDs = [
  "old-ticket", "old-session", "unknown-outcome", "unknown-is-not-rejection",
  "session-resets-records", "saving-bound-to-pending", "sync-unblocks",
  "filter-keeps-hidden-state", "timeout-belongs-to-its-write",
]

/// The confirmation rule removal-asks-first: the reference list asks before it removes, a
/// declined question sends nothing, a confirmed one is a normal write, and a list that breaks
/// the rule fails the step that shows it.
@MainActor
@Suite("The confirmation rule removal-asks-first")
struct ConfirmationRuleTests {
  private func run(_ entry: SubjectEntry, filter: [String] = []) throws -> [CaseResult] {
    ContractRunner(clock: frozenClock).run(
      RunPlan(
        suites: try BuiltInSuites.load(), subjects: [entry],
        filter: CaseFilter(filter))
    ).suites.flatMap(\.cases)
  }

  @Test("A removal asks and sends nothing; declining changes nothing; confirming writes")
  func referenceList() throws {
    let list = ConfirmingFavorites()
    list.load([RecordValue(id: "a", value: .on)])
    let before = try #require(list.state(of: "a"))
    #expect(list.tap(record: "a") == nil)
    let asking = try #require(list.state(of: "a"))
    #expect(asking.isAsking && asking.displayed == .on && !asking.isSaving)
    #expect(list.tap(record: "a") == nil)
    list.decline(record: "a")
    #expect(list.state(of: "a") == before)
    #expect(list.confirm(record: "a") == nil)
    #expect(list.tap(record: "a") == nil)
    let write = try #require(list.confirm(record: "a"))
    let written = try #require(list.state(of: "a"))
    #expect(written.pendingRequest == write && written.displayed == .off && !written.isAsking)
  }

  @Test("favorites-confirming passes every case it runs, the confirm cases among them")
  func referencePasses() throws {
    let entry = try #require(SubjectEntry.reference.first { $0.name == "favorites-confirming" })
    let results = try run(entry)
    #expect(results.filter { $0.outcome == .failed }.map(\.caseID).isEmpty)
    let passed = Set(results.filter { $0.outcome == .passed }.map(\.caseID))
    #expect(passed.isSuperset(of: confirmCaseIDs))
    #expect(passed.isDisjoint(with: atOnceCaseIDs))
  }

  @Test("A subject that declares nothing skips the confirm cases, naming the rule")
  func defaultSkips() throws {
    let entry = try #require(SubjectEntry.reference.first { $0.name == "favorites" })
    let results = try run(entry, filter: ["optimistic-updates/confirm-*"])
    #expect(results.map(\.caseID) == confirmCaseIDs)
    #expect(
      results.allSatisfy {
        if case .skipped(let reason) = $0.outcome {
          reason.contains("removal-asks-first")
        } else {
          false
        }
      })
  }

  @Test("A declined question that still sends fails, as in-flight-gate")
  func declineThatSendsFails() throws {
    let results = try run(
      Fault.declineStillSends.subject,
      filter: ["optimistic-updates/confirm-decline-sends-nothing"])
    let failure = try #require(results.first?.firstFailure)
    #expect(results.map(\.outcome) == [.failed])
    #expect(failure.mismatches.contains { $0.key == "a.pending" && $0.invariant != nil })
    #expect(results.first?.classification?.failureClass == .inFlightGate)
  }

  @Test("A list that declares the rule and sends the removal at once fails the tap's step")
  func askingThatSendsFails() throws {
    let entry = SubjectEntry.optimisticUpdates("asks-and-sends", summary: "asks, sends") {
      AskingAndSending()
    }
    let results = try run(entry, filter: ["optimistic-updates/confirm-writes"])
    let failure = try #require(results.first?.firstFailure)
    #expect(failure.number == 2)
    #expect(failure.mismatches.contains { $0.key == "sent" && $0.invariant != nil })
  }
}

/// The reference list that asks before it removes, behind an adapter that also sends the removal
/// at once: the question opens, and the write is already on its way.
@MainActor
private final class AskingAndSending: OptimisticUpdateSubject {
  private let list = ConfirmingFavorites()

  var capabilities: Set<SubjectCapability> { list.capabilities }
  var confirmationRule: ConfirmationRule { list.confirmationRule }
  var writeTimeout: Duration? { list.writeTimeout }
  var order: [String] { list.order }
  func useClock(_ clock: any ContractClock) { list.useClock(clock) }
  func load(_ records: [RecordValue]) { list.load(records) }
  func tap(record id: String) -> AnyHashable? {
    let wasAsking = list.state(of: id)?.isAsking ?? false
    let token = list.tap(record: id)
    guard token == nil, !wasAsking, list.state(of: id)?.isAsking == true else { return token }
    return AnyHashable("sent-\(id)")
  }
  func confirm(record id: String) -> AnyHashable? { list.confirm(record: id) }
  func decline(record id: String) { list.decline(record: id) }
  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    list.respond(to: request, with: outcome)
  }
  func cancel(request: AnyHashable) { list.cancel(request: request) }
  func startSync(record id: String) -> AnyHashable? { list.startSync(record: id) }
  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    list.respond(toSync: request, with: outcome)
  }
  func replaceSession(with records: [RecordValue]) { list.replaceSession(with: records) }
  func state(of id: String) -> RecordState? { list.state(of: id) }
}
