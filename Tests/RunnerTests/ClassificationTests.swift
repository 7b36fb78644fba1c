import Contracts
import Faults
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// Classes come from experiments on the subject, never from the case's name.
@MainActor
@Suite("Classification by experiment")
struct ClassificationTests {
  private func fault(_ name: String) -> SubjectEntry {
    guard let fault = FaultCatalog.faults.first(where: { $0.name == name }) else {
      preconditionFailure("no fault named \(name)")
    }
    return fault.subject
  }

  private let buttonTap = """
    suite s family undo
    case button-tap
      adjust 5   => value=5 undos=1
      undo       => value=0 canRedo=yes
      redo       => value=5
    """

  @Test(
    "The same case gets the class of the bug, not of its name",
    arguments: [
      ("command-split", FailureClass.groupBoundary),
      ("inverse-assigns-directly", .redoAvailability),
      ("ui-stale-after-undo", .uiBinding),
      ("empty-group-on-same-value", nil),
    ])
  func sameCaseDifferentClasses(faultName: String, expected: FailureClass?) throws {
    let result = try runCase(buttonTap, against: fault(faultName))
    #expect(result.classification?.failureClass == expected)
    #expect((result.outcome == .failed) == (expected != nil))
  }

  @Test("Renaming a case to mislead changes nothing")
  func misleadingNameIsIgnored() throws {
    let misleading = buttonTap.replacingOccurrences(
      of: "case button-tap", with: "case redo-availability-ui-binding \"value restoration\"")
    let honest = try runCase(buttonTap, against: fault("command-split"))
    let renamed = try runCase(misleading, against: fault("command-split"))
    #expect(honest.classification == renamed.classification)
  }

  @Test("Split groups are measured: the reason says how many undos restored the value")
  func splitGroupsAreCounted() throws {
    let result = try runCase(
      """
      suite s family undo
      case drag
        drag began
        drag moved 10
        drag moved 20
        drag moved 30
        drag ended
        undo => value=0
      """, against: fault("drag-callback-groups"))
    #expect(result.classification?.failureClass == .groupBoundary)
    #expect(
      result.classification?.reason
        == "restored 0 after 3 undos: the action was recorded as 3 groups")
  }

  @Test("Merged groups are found: one undo went past the action's start")
  func mergedGroupsAreFound() throws {
    let result = try runCase(
      """
      suite s family undo
      case merged
        adjust 10
        drag began
        drag moved 10
        drag ended
        adjust 20
        undo => value=10
      """, against: fault("drag-end-leaves-group-open"))
    #expect(result.classification?.failureClass == .groupBoundary)
  }

  @Test("A value no number of undos restores is a value-restoration failure")
  func unrestorableValue() throws {
    let result = try runCase(
      "suite s family undo\ncase c\n  adjust 1\n  adjust 2\n  undo => value=1\n  undo => value=0",
      against: fault("inverse-reads-current-value"))
    #expect(result.classification?.failureClass == .valueRestoration)
    #expect(
      result.classification?.reason
        == [
          "the undo popped one group (undos=1 redos=1 before, undos=0 redos=2 after) but left ",
          "value=2; no number of undos restores 0 (undos gave 2): the inverse does not restore ",
          "the value it replaced",
        ].joined())
  }

  @Test("A stale answer is found by skipping it: the skipped run meets the expectations")
  func staleAnswerBySkipping() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=off
        tap a as r1
        respond r1 saved on
        respond r1 saved off => a.displayed=on
      """, against: fault("duplicate-reapplied"))
    #expect(result.classification?.failureClass == .staleResponse)
    #expect(
      result.classification?.reason
        == "leaving out the answer to r1 gives the expected state; it was applied although it had "
        + "been answered at step 3, a.pending=none when it came")
  }

  @Test("A shared in-flight gate is told from a UI binding by tapping the other record")
  func sharedGateByProbingTap() throws {
    let text = """
      suite s family optimistic
      case c
        records a=off b=off
        tap a as r1 => b.tapEnabled=yes
      """
    #expect(
      try runCase(text, against: fault("global-pending-flag")).classification?.failureClass
        == .recordIdentity)
  }

  @Test("Every fault is detected and every catch gets the fault's expected class")
  func detectionMatrixIsComplete() throws {
    let matrix = DetectionMatrix(
      suites: try BuiltInSuites.load(), faults: FaultCatalog.faults, clock: frozenClock)
    for row in matrix.rows {
      #expect(row.isDetected, "\(row.fault) is not caught by any case")
      for wrong in row.catches where wrong.failureClass != row.expectedClass {
        Issue.record("\(row.fault): \(wrong.name) assigned \(wrong.failureClass): \(wrong.reason)")
      }
    }
    #expect(matrix.isComplete)
    #expect(matrix.rows.count == FaultCatalog.faults.count)
    #expect(Set(FaultCatalog.faults.map(\.name)).count == FaultCatalog.faults.count)
  }

  @Test("An equivalent mutant is listed with its reason and never counted as detected")
  func equivalentMutantsAreNotCounted() throws {
    let equivalent = Fault(
      name: "renamed-variable", symptom: "none: behaviour is identical",
      expectedClass: .unclassified,
      equivalence: "renaming a variable changes no observable state",
      subject: SubjectEntry.reference[0])
    let caught = try #require(FaultCatalog.faults.first { $0.name == "command-split" })
    let matrix = DetectionMatrix(
      suites: try BuiltInSuites.load(), faults: [caught, equivalent], clock: frozenClock)
    #expect(matrix.equivalentRows.map(\.fault) == ["renamed-variable"])
    #expect(!matrix.rows[1].isDetected)
    #expect(matrix.detectedCount == 1)
    #expect(matrix.countedRows.count == 1)
    #expect(matrix.isComplete)
  }
}

/// The selection experiments: the reasons quote the items' values and the group counts.
@MainActor
@Suite("Classification of selection bugs")
struct SelectionClassificationTests {
  private let twoItems = """
    suite s family undo
    case two-items
      requires selection
      items a=10 b=20
      select a,b
      adjust 50  => undos=1
      undo       => a.value=10 b.value=20
    """

  private func fault(_ name: String) throws -> SubjectEntry {
    try #require(FaultCatalog.faults.first { $0.name == name }).subject
  }

  @Test("One group per selected item is group-boundary, counted, and never called an empty group")
  func groupPerItem() throws {
    let result = try runCase(twoItems, against: fault("group-per-selected-item"))
    let classification = try #require(result.classification)
    #expect(classification.failureClass == .groupBoundary)
    #expect(
      classification.reason.contains("recorded 2 undo groups (undos=0 before, undos=2 after)"))
    #expect(classification.reason.contains("a: 10 to 50, b: 20 to 50"))
    #expect(!classification.reason.contains("empty"), "\(classification.reason)")
  }

  @Test("Undo giving every item the first item's value is value-restoration, with the values")
  func firstItemValue() throws {
    let result = try runCase(twoItems, against: fault("undo-restores-first-item"))
    let classification = try #require(result.classification)
    #expect(classification.failureClass == .valueRestoration)
    #expect(
      classification.reason.contains("gives a.value=10 b.value=10, not a.value=10 b.value=20"))
  }

  @Test("A selection change that enters history is group-boundary")
  func selectionRecorded() throws {
    let result = try runCase(
      twoItems.replacingOccurrences(of: "select a,b", with: "select a,b => undos=0"),
      against: fault("selection-recorded"))
    let classification = try #require(result.classification)
    #expect(classification.failureClass == .groupBoundary)
    #expect(classification.reason.contains("'select a,b' (step 2)"))
    #expect(classification.reason.contains("recorded 1 undo group (undos=0 before, undos=1 after)"))
  }

  @Test("The reference inspector passes the same case")
  func referencePasses() throws {
    let inspector = try #require(SubjectEntry.reference.first { $0.name == "selection-editor" })
    #expect(try runCase(twoItems, against: inspector).outcome == .passed)
  }
}
