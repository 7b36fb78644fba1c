import Contracts
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// The selection-level key `inspector`: the value the inspector shows, observed after every step
/// and checked like any other key.
@MainActor
@Suite("The inspector's value as a key")
struct InspectorKeyTests {
  private let inspector = SubjectEntry.reference.first { $0.name == "selection-editor" }

  private func run(_ steps: String, against subject: SubjectEntry) throws -> CaseResult {
    try runCase(
      "suite s family undo\ncase c\n  requires selection\n" + steps, against: subject)
  }

  @Test("The reference inspector passes a case that states what the inspector shows")
  func referencePasses() throws {
    let subject = try #require(inspector)
    let result = try run(
      """
        items a=10 b=20    => inspector=10
        select a,b         => mixed=yes inspector!=10
        adjust 50          => inspector=50 a.value as set
        undo               => mixed=yes
        redo               => inspector=set
      """, against: subject)
    #expect(result.outcome == .passed, "\(result.firstFailure?.mismatches ?? [])")
  }

  @Test("A stated inspector value the inspector does not show fails and names what it shows")
  func wrongValueFails() throws {
    let subject = try #require(inspector)
    let result = try run(
      """
        items a=10 b=20
        select a,b         => inspector=10
      """, against: subject)
    #expect(result.outcome == .failed)
    let failure = try #require(result.firstFailure)
    #expect(failure.number == 2)
    #expect(failure.mismatches.map(\.description) == ["expected inspector=10, got mixed"])
  }

  @Test("A stated value and the inspector's invariant fail as one line on a wrong inspector")
  func wrongInspectorFails() throws {
    let subject = SubjectEntry.undoHistory("off-by-one", summary: "") { OffByOneInspector() }
    let result = try run("  items a=10 b=20    => inspector=10\n", against: subject)
    let failure = try #require(result.firstFailure)
    #expect(failure.number == 1)
    #expect(failure.mismatches.first?.description == "expected inspector=10, got 11")
    #expect(
      failure.mismatches.summary
        == "expected inspector=10, got 11 (and invariant: the inspector shows the selected "
        + "items' common value)")
  }
}

/// An inspector whose field shows one more than the selection's common value.
private final class OffByOneInspector: ReferenceInspector {
  override var inspectorValue: Int? { super.inspectorValue.map { $0 + 1 } }
}
