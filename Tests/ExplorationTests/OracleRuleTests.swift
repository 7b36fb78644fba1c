import Contracts
import ReferenceModels
import Testing
import UndoKit

@testable import Exploration

/// Where the contract leaves a choice to the product, the oracle follows the subject's declared
/// rule or does not judge — and it does judge a subject by the rule it declares.
@MainActor
@Suite("The oracle follows declared product rules")
struct OracleRuleTests {
  private func finding(_ subject: SubjectEntry) -> Finding? {
    Explorer(options: ExplorationOptions(seed: 11, budget: .sequences(1500)), clock: uptime)
      .explore([subject]).findings.first
  }

  @Test(
    "A drag back to its start recorded as a group fails only a subject declaring records-nothing")
  func unchangedDragRule() throws {
    for rule in [nil, UnchangedDragRule.recordsGroup] {
      let subject = SubjectEntry.undoHistory("groups", summary: "") {
        GroupingUnchangedDrags(rule: rule)
      }
      #expect(finding(subject) == nil, "declared \(String(describing: rule))")
    }
    let declaringNothing = SubjectEntry.undoHistory("declares-nothing", summary: "") {
      GroupingUnchangedDrags(rule: .recordsNothing)
    }
    let found = try #require(finding(declaringNothing))
    #expect(found.failureClass == .groupBoundary, "\(found.caseText)")
    #expect(found.caseText.contains("requires drag-back-records-nothing"))
  }

  @Test("Undo during a drag is generated only under a declared rule, and judged by it")
  func undoDuringDragRule() throws {
    let undeclared = SubjectEntry.undoHistory("undeclared", summary: "") {
      UndoingDuringDrags(rule: nil)
    }
    #expect(finding(undeclared) == nil)
    let refusing = SubjectEntry.undoHistory("refusing", summary: "") {
      UndoingDuringDrags(rule: .refused)
    }
    let found = try #require(finding(refusing))
    #expect(found.failureClass == .groupBoundary, "\(found.caseText)")
  }
}

/// The reference editor, except that a drag that ends where it began is one group, like any drag;
/// it declares `rule`.
@MainActor
final class GroupingUnchangedDrags: ReferenceEditor {
  private let rule: UnchangedDragRule?

  init(rule: UnchangedDragRule?) {
    self.rule = rule
    super.init()
  }

  override var unchangedDragRule: UnchangedDragRule? { rule }

  override func endDrag() {
    guard let start = dragStart else { return }
    guard document.value == start else {
      super.endDrag()
      return
    }
    _ = endGesture()
    // Recorded as the seed's editor records a drag: a move away and a move back, in one group.
    document.history.beginUndoGrouping()
    document.setValue(start + 1)
    document.setValue(start)
    document.history.endUndoGrouping()
  }
}

/// The reference editor whose Undo and Redo work during a drag (popping the group before it);
/// it declares `rule`.
@MainActor
final class UndoingDuringDrags: ReferenceEditor {
  private let rule: UndoDuringDragRule?

  init(rule: UndoDuringDragRule?) {
    self.rule = rule
    super.init()
  }

  override var undoDuringDragRule: UndoDuringDragRule? { rule }

  override func undo() {
    undoManager.undo()
  }

  override func redo() {
    undoManager.redo()
  }
}
