import Contracts
import Faults
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// The built-in cases for the entity rule shared, which only `favorites-shared` declares, in
/// suite order.
let sharedCaseIDs = [
  "shared-write-shows-in-every-row", "shared-rejection-rolls-back-every-row",
  "shared-stale-after-session", "shared-tap-gated-through-other-row",
  "shared-sync-settles-every-row",
]

/// A list that declares nothing about entities but groups rows `a` and `b` as one entity
/// (``OptimisticUpdateSubject/entity(of:)``) while keeping a state per row: what it shows is
/// checked against its own grouping.
@MainActor
private final class GroupingWithoutSharing: OptimisticUpdateSubject {
  let list = ReferenceFavorites()
  var order: [String] { list.order }
  func entity(of id: String) -> String { id == "b" ? "a" : id }
  func load(_ records: [RecordValue]) { list.load(records) }
  func tap(record id: String) -> AnyHashable? { list.tap(record: id) }
  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    list.respond(to: request, with: outcome)
  }
  func startSync(record id: String) -> AnyHashable? { list.startSync(record: id) }
  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    list.respond(toSync: request, with: outcome)
  }
  func state(of id: String) -> RecordState? { list.state(of: id) }
}

/// The entity rule shared: the reference list shows one entity in several rows, the fault that
/// settles only the tapped row is caught as record-identity, the invariant between rows of one
/// entity is checked whatever is declared, and a subject declaring nothing keeps every row its own.
@MainActor
@Suite("The entity rule shared")
struct SharedEntitiesTests {
  private func run(_ entry: SubjectEntry) throws -> [CaseResult] {
    ContractRunner(clock: frozenClock).run(
      RunPlan(suites: try BuiltInSuites.load(), subjects: [entry])
    ).suites.flatMap(\.cases)
  }

  @Test("A tap through one row writes the entity: every row shows it, one answer settles all")
  func oneStatePerEntity() throws {
    let list = SharedFavorites()
    list.load([
      RecordValue(id: "a", value: .off), RecordValue(id: "b", value: .off, entity: "a"),
      RecordValue(id: "c", value: .off),
    ])
    #expect(list.order == ["a", "b", "c"])
    #expect(list.entity(of: "b") == "a" && list.entity(of: "c") == "c")
    let write = try #require(list.tap(record: "b"))
    #expect(list.state(of: "a")?.pendingRequest == write)
    #expect(list.state(of: "a")?.displayed == .on)
    #expect(list.tap(record: "a") == nil)
    #expect(list.state(of: "c")?.pendingRequest == nil)
    list.respond(to: write, with: .rejected)
    #expect(list.state(of: "a") == list.state(of: "b"))
    #expect(list.state(of: "b")?.displayed == .off && list.state(of: "b")?.pendingRequest == nil)
  }

  @Test("favorites-shared passes every built-in case it runs, the shared cases among them")
  func referencePasses() throws {
    let entry = try #require(SubjectEntry.reference.first { $0.name == "favorites-shared" })
    let results = try run(entry)
    #expect(results.filter { $0.outcome == .failed }.map(\.caseID).isEmpty)
    let passed = Set(results.filter { $0.outcome == .passed }.map(\.caseID))
    #expect(passed.isSuperset(of: sharedCaseIDs))
  }

  @Test("The shared cases require shared-entities, and only subjects declaring it run them")
  func builtInCasesName() throws {
    let suite = try #require(try BuiltInSuites.load().first { $0.id == "optimistic-updates" })
    #expect(
      suite.cases.filter { $0.requirements.contains(.sharedEntities) }.map(\.id) == sharedCaseIDs)
    let favorites = try #require(SubjectEntry.reference.first { $0.name == "favorites" })
    let skipped = try run(favorites).filter { sharedCaseIDs.contains($0.caseID) }
    #expect(skipped.count == sharedCaseIDs.count)
    for result in skipped {
      guard case .skipped(let reason) = result.outcome else {
        Issue.record("\(result.caseID) ran on favorites")
        continue
      }
      #expect(
        reason.contains("rule 'shared' (shared-entities)") && reason.contains("declares 'per-row'"),
        "\(reason)")
    }
  }

  @Test("The fault that settles only the tapped row fails the shared cases as record-identity")
  func faultCaught() throws {
    let results = try run(Fault.sharedSettlesTappedRow.subject)
    let failed = results.filter { $0.outcome == .failed }
    #expect(
      failed.map(\.caseID) == [
        "shared-write-shows-in-every-row", "shared-tap-gated-through-other-row",
        "shared-sync-settles-every-row",
      ])
    #expect(failed.allSatisfy { $0.classification?.failureClass == .recordIdentity })
    #expect(Fault.sharedSettlesTappedRow.expectedClass == .recordIdentity)
  }

  @Test("Rows a subject groups as one entity must show one value, whatever it declares")
  func invariantWithoutDeclaration() throws {
    let grouping = SubjectEntry.optimisticUpdates("grouping", summary: "") {
      GroupingWithoutSharing()
    }
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=off b=on
      """, against: grouping)
    #expect(result.outcome == .failed)
    #expect(result.firstFailure?.mismatches.contains { $0.key == "b.displayed" } == true)
    let plain = try runCase(
      """
      suite s family optimistic
      case c
        records a=off b=on
      """,
      against: .optimisticUpdates("plain", summary: "") {
        ForwardingFavorites(ReferenceFavorites())
      })
    #expect(plain.outcome == .passed)
  }

  @Test("A subject that declares nothing keeps every row its own entity and loads b@a as a row")
  func defaultKeepsRowsApart() throws {
    let plain = ForwardingFavorites(ReferenceFavorites())
    #expect(plain.entityRule == .perRow)
    #expect(plain.entity(of: "b") == "b")
    #expect(ContractSubject.optimisticCapabilities(of: plain).contains(.entityPerRow))
    #expect(!ContractSubject.optimisticCapabilities(of: SharedFavorites()).contains(.entityPerRow))
    #expect(ProductRule.entities.answer(among: []) == .entityPerRow)
  }

  @Test("A suite writes a row of another row's entity as b@a, after that row")
  func grammar() throws {
    let suite = try SuiteReader.parse(
      """
      suite s family optimistic
      case c requires shared-entities
        records a=on b@a c=off
      """, source: "s.suite")
    let step = try #require(suite.cases.first?.steps.first)
    #expect(
      step.action
        == .optimistic(
          .records([
            RecordValue(id: "a", value: .on), RecordValue(id: "b", value: .on, entity: "a"),
            RecordValue(id: "c", value: .off),
          ])))
    #expect("\(step.action)" == "records a=on b@a c=off")
    for bad in ["records b@a a=on", "records a=on b@a c@b", "records a=on a@a", "records a=on b@"] {
      #expect(throws: SuiteReadError.self) {
        try SuiteReader.parse("suite s family optimistic\ncase c\n  \(bad)\n", source: "s.suite")
      }
    }
  }
}
