import Contracts
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// A picker that keeps the protocol's default `choose(_:record:)` although it declares three
/// choices: the adapter mistake the refused-choice reason names.
@MainActor
private final class DefaultChoosePicker: ForwardingFavorites {
  init() { super.init(ReferenceFavorites(choices: [.off, "like", "love"])) }
}

/// A list that lists `write-timeouts` but declares no timeout, or declares a timeout but does
/// not list it.
@MainActor
private final class TimeoutListing: ForwardingFavorites {
  private let listed: Bool
  init(timeout: Duration?, listed: Bool) {
    self.listed = listed
    super.init(ReferenceFavorites(writeTimeout: timeout))
  }
  override var capabilities: Set<SubjectCapability> { listed ? [.writeTimeouts] : [] }
}

@MainActor
@Suite("Runner: values and timeouts are what the subject declares")
struct ValueMechanismTests {
  @Test("A refused choice where a tap goes through names the missing choose(_:record:)")
  func refusedChoiceNamesChoose() throws {
    let suite = try SuiteReader.parse(
      """
      suite s family optimistic
      case c
        values like love
        records a=off
        set a love as r1 => sent=yes a.displayed=love
      """, source: "c.suite")
    let picker = SubjectEntry.optimisticUpdates("default-choose", summary: "") {
      DefaultChoosePicker()
    }
    let result = try #require(
      ContractRunner(clock: frozenClock).run(RunPlan(suites: [suite], subjects: [picker]))
        .suites.first?.cases.first)
    #expect(result.outcome == .failed)
    #expect(result.classification?.failureClass == .inFlightGate)
    #expect(result.classification?.reason.contains("implements choose(_:record:)") == true)
  }

  @Test("A write timeout declares write-timeouts; listing it without a timeout declares nothing")
  func timeoutDeclaresItsCapability() {
    let declared = ContractSubject.optimistic(TimeoutListing(timeout: .seconds(5), listed: false))
    #expect(declared.capabilities.contains(.writeTimeouts))
    let listedOnly = ContractSubject.optimistic(TimeoutListing(timeout: nil, listed: true))
    #expect(!listedOnly.capabilities.contains(.writeTimeouts))
  }

  @Test(
    "A timeout case runs on a subject that only declares the timeout, and is skipped on one that only lists it"
  )
  func timeoutCasesFollowTheDeclaration() throws {
    let suites = try BuiltInSuites.load().filter { $0.family == .optimisticUpdates }
    let declared = SubjectEntry.optimisticUpdates("declared", summary: "") {
      TimeoutListing(timeout: .seconds(10), listed: false)
    }
    let listed = SubjectEntry.optimisticUpdates("listed", summary: "") {
      TimeoutListing(timeout: nil, listed: true)
    }
    let report = ContractRunner(clock: frozenClock).run(
      RunPlan(suites: suites, subjects: [declared, listed]))
    let timeoutCases = report.suites.flatMap(\.cases).filter {
      $0.caseID == "timeout-late-answer-stale"
    }
    #expect(
      timeoutCases.map(\.outcome) == [
        .passed,
        .skipped(
          reason: "requires write-timeouts; subject 'listed' lists it but declares no writeTimeout"),
      ])
  }

  @Test(
    "A wrong inspector expectation on a correct inspector blames the expectation, not the subject")
  func wrongInspectorExpectation() throws {
    let suite = try SuiteReader.parse(
      """
      suite s family undo
      case c
        requires selection
        items a=10 b=20
        select a,b => inspector=10
      """, source: "i.suite")
    let inspector = try #require(SubjectEntry.reference.first { $0.name == "selection-editor" })
    let result = try #require(
      ContractRunner(clock: frozenClock).run(RunPlan(suites: [suite], subjects: [inspector]))
        .suites.first?.cases.first)
    #expect(result.outcome == .failed)
    #expect(result.classification?.failureClass == .unclassified)
    #expect(result.classification?.reason.contains("the expectation, not the subject") == true)
  }
}

@MainActor
@Suite("Runner: a step's capability is the case's requirement")
struct NeededCapabilityTests {
  @Test(
    "A cancel in a case that does not say 'requires cancellation' skips a list that cannot cancel")
  func cancelWithoutRequiresIsSkipped() throws {
    let suite = try SuiteReader.parse(
      """
      suite s family optimistic
      case c
        records a=off
        tap a as r1
        cancel r1 => a.needsSync=yes
      """, source: "c.suite")
    let plain = SubjectEntry.optimisticUpdates("plain", summary: "") {
      ForwardingFavorites(ReferenceFavorites())
    }
    let result = try #require(
      ContractRunner(clock: frozenClock).run(RunPlan(suites: [suite], subjects: [plain]))
        .suites.first?.cases.first)
    #expect(result.outcome == .skipped(reason: "requires cancellation; subject 'plain' lacks it"))
  }
}
