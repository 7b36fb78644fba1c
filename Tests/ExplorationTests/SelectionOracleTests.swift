import Contracts
import Faults
import ReferenceModels
import RunModel
import Testing

@testable import Exploration

/// The selection oracle: it judges each item by the values the subject was observed to hold, so
/// correct inspectors pass, and it finds the selection faults with their classes.
@MainActor
@Suite("Exploration with selections")
struct SelectionOracleTests {
  /// What exploring `subject` finds first, searching up to `sequences` sequences.
  private func finding(_ subject: SubjectEntry, seed: UInt64 = 5, sequences: Int = 3000)
    -> Finding?
  {
    Explorer(options: ExplorationOptions(seed: seed, budget: .sequences(sequences)), clock: uptime)
      .explore([subject]).findings.first
  }

  @Test("The reference inspector and one that clamps its inputs pass; selections are generated")
  func correctInspectorsPass() throws {
    let reference = SubjectEntry.reference.first { $0.name == "selection-editor" }
    let subject = try #require(reference)
    let report = Explorer(
      options: ExplorationOptions(seed: 5, budget: .sequences(1000)), clock: uptime
    ).explore([subject])
    let explored = try #require(report.subjects.first)
    #expect(explored.finding == nil, "\(explored.finding?.caseText ?? "")")
    let reached = Dictionary(
      uniqueKeysWithValues: explored.coverage.situations.map { ($0.name, $0.count) })
    #expect((reached["one group for several items"] ?? 0) > 0)
    #expect((reached["undo of several items"] ?? 0) > 0)
    #expect((reached["mixed selection edited"] ?? 0) > 0)
    let clamping = SubjectEntry.undoHistory("clamping", summary: "") { ClampingInspector() }
    #expect(finding(clamping, sequences: 1000) == nil)
  }

  @Test(
    "Each selection fault is found, shrunk to a short case and given its class",
    arguments: [
      ("group-per-selected-item", FailureClass.groupBoundary),
      ("undo-restores-first-item", .valueRestoration),
      ("selection-recorded", .groupBoundary),
    ])
  func findsFaults(name: String, expected: FailureClass) throws {
    let fault = try #require(FaultCatalog.faults.first { $0.name == name })
    let found = try #require(finding(fault.subject))
    #expect(found.failureClass == expected, "\(found.caseText)")
    #expect(found.caseText.contains("requires selection"))
    #expect(found.caseText.contains("items a="))
    #expect(found.shrunkSteps <= 5, "\(found.caseText)")
  }

  @Test("An inspector that never shows mixed is found and called ui-binding")
  func mixedDisplayIsJudged() throws {
    let subject = SubjectEntry.undoHistory("never-mixed", summary: "") { NeverMixedInspector() }
    let found = try #require(finding(subject))
    #expect(found.failureClass == .uiBinding, "\(found.caseText)")
    let reason = found.result.classification?.reason ?? ""
    #expect(reason.contains("mixed=no"), "\(reason)")
  }
}

/// A correct inspector that snaps every input into 0...100: the oracle must judge it by the
/// values it chose.
private final class ClampingInspector: ReferenceInspector {
  override func adjust(to value: Int) { super.adjust(to: min(max(value, 0), 100)) }
  override func moveDrag(to value: Int) { super.moveDrag(to: min(max(value, 0), 100)) }
  override func load(_ value: Int) { super.load(min(max(value, 0), 100)) }
}

/// An inspector whose field shows the first selected item's value even when the selection's
/// values differ.
private final class NeverMixedInspector: ReferenceInspector {
  override var inspectorValue: Int? { value }
}
