import Foundation
import Testing
import UndoKit

/// One test per row of the 30-case matrix of expected Apple results
/// (`shared/reference/undomanager.md` §12).
@MainActor
@Suite("Apple behaviour matrix (§12)")
struct AppleMatrixTests {
  @Test("Row 1: a new manager groups by event, is unlimited, enabled and empty")
  func newManagerDefaults() {
    let manager = UndoManager()
    #expect(manager.groupsByEvent)
    #expect(manager.levelsOfUndo == 0)
    #expect(manager.groupingLevel == 0)
    #expect(manager.isUndoRegistrationEnabled)
    #expect(!manager.canUndo)
    #expect(!manager.canRedo)
    #expect(manager.runLoopModes == [.default])
    #expect(!manager.isUndoing && !manager.isRedoing)
  }

  @Test("Row 2: registrations by event share the automatic group; undo closes it, newest first")
  func automaticGroupCollectsRegistrations() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    counter.set(2)
    counter.set(3)
    #expect(manager.groupingLevel == 1)
    #expect(manager.canUndo)
    manager.undo()
    #expect(counter.performed == ["set 2", "set 1", "set 0"])
    #expect(counter.value == 0)
    #expect(manager.groupingLevel == 0)
    #expect(!manager.canUndo)
  }

  @Test("Row 3: an explicit begin at level 0 while grouping by event opens two groups")
  func explicitBeginUnderAutomaticGroup() {
    let manager = UndoManager()
    manager.beginUndoGrouping()
    #expect(manager.groupingLevel == 2)
    manager.endUndoGrouping()
    #expect(manager.groupingLevel == 1)
  }

  @Test("Row 4: registering with no group and grouping by event off is a misuse")
  func registrationWithoutGroupIsMisuse() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(5)
    manager.endUndoGrouping()
    manager.undo()
    #expect(manager.canRedo)
    let (_, misuses) = UndoManager.recordingMisuse { counter.set(7) }
    #expect(misuses.map(\.kind) == [.registrationWithoutGroup])
    #expect(misuses.first?.reason.hasSuffix("must begin a group before registering undo") == true)
    #expect(manager.canRedo, "the recorded misuse must leave the redo stack intact")
    #expect(!manager.canUndo)
  }

  @Test("Row 5: ending a group with none open is a misuse")
  func endWithoutBeginIsMisuse() {
    let manager = explicitManager()
    let (_, misuses) = UndoManager.recordingMisuse { manager.endUndoGrouping() }
    #expect(misuses.map(\.kind) == [.endWithoutBegin])
    #expect(
      misuses.first?.reason.hasPrefix("_endUndoGroupRemovingIfEmpty:: NSUndoManager 0x") == true)
    #expect(manager.groupingLevel == 0)
  }

  @Test("Row 6: an empty closed group is kept: canUndo, one undo posting Will/DidUndo, no redo")
  func emptyClosedGroupIsKept() {
    let manager = explicitManager()
    manager.beginUndoGrouping()
    manager.endUndoGrouping()
    #expect(manager.canUndo)
    #expect(manager.undoCount == 1)
    let log = NotificationLog(manager)
    manager.undo()
    #expect(log.withoutCheckpoints == ["willUndo", "didUndo"])
    #expect(!manager.canRedo)
    #expect(!manager.canUndo)
  }

  @Test("Row 7: an empty open group already counts for canUndo")
  func emptyOpenGroupCounts() {
    let manager = explicitManager()
    manager.beginUndoGrouping()
    #expect(manager.canUndo)
  }

  @Test("Row 8: undo with an explicit group open (grouping by event off) is a misuse")
  func undoWithExplicitOpenGroupIsMisuse() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(4)
    let (_, misuses) = UndoManager.recordingMisuse { manager.undo() }
    #expect(misuses.map(\.kind) == [.undoWithOpenGroups])
    #expect(counter.value == 4)
    #expect(manager.groupingLevel == 1)
    manager.endUndoGrouping()
    manager.undo()
    #expect(counter.value == 0)
  }

  @Test("Row 9: undo with two groups open is a misuse")
  func undoWithNestedOpenGroupsIsMisuse() {
    let manager = UndoManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    #expect(manager.groupingLevel == 2)
    let (_, misuses) = UndoManager.recordingMisuse { manager.undo() }
    #expect(misuses.map(\.kind) == [.undoWithOpenGroups])
    #expect(counter.value == 1)
    #expect(manager.groupingLevel == 2)
  }

  @Test("Row 10: undoNestedGroup undoes a closed inner group while the outer stays open")
  func undoNestedGroupInsideOpenGroup() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.beginUndoGrouping()
    counter.set(2)
    manager.endUndoGrouping()
    manager.undoNestedGroup()
    #expect(counter.value == 1)
    #expect(manager.groupingLevel == 1)
    #expect(manager.canRedo)
    manager.endUndoGrouping()
    manager.undo()
    #expect(counter.value == 0)
  }

  @Test("Row 11: an undo whose handlers register forms a redo group that carries the name")
  func undoRegistersRedoGroupWithName() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(8)
    manager.setActionName("Move")
    manager.endUndoGrouping()
    manager.undo()
    #expect(manager.canRedo)
    #expect(manager.redoActionName == "Move")
    manager.redo()
    #expect(counter.value == 8)
    #expect(manager.undoActionName == "Move")
  }

  @Test("Row 12: an undo whose handler registers nothing leaves no redo group")
  func undoWithoutInverseLeavesNoRedo() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.setWithoutRedo(3)
    manager.endUndoGrouping()
    manager.undo()
    #expect(counter.value == 0)
    #expect(!manager.canRedo)
    #expect(manager.redoCount == 0)
  }

  @Test("Row 13: after undo, opening a group keeps redo; the first registration clears it")
  func registrationNotBeginClearsRedo() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.endUndoGrouping()
    manager.undo()
    manager.beginUndoGrouping()
    #expect(manager.canRedo)
    counter.set(2)
    #expect(!manager.canRedo)
    manager.endUndoGrouping()
  }

  @Test("Row 14: registrations while redoing land on the undo stack and keep other redo groups")
  func redoRegistrationsGoToUndoStack() {
    let manager = explicitManager()
    let counter = Counter(manager)
    for value in [1, 2] {
      manager.beginUndoGrouping()
      counter.set(value)
      manager.endUndoGrouping()
    }
    manager.undo()
    manager.undo()
    #expect(manager.redoCount == 2)
    manager.redo()
    #expect(counter.value == 1)
    #expect(manager.undoCount == 1)
    #expect(manager.redoCount == 1)
    manager.redo()
    #expect(counter.value == 2)
    #expect(manager.undoCount == 2)
  }

  @Test("Row 15: redo from inside an undo handler is a misuse")
  func redoInsideUndoHandlerIsMisuse() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.endUndoGrouping()
    manager.undo()
    manager.beginUndoGrouping()
    counter.registerUndo { $0.manager.redo() }
    manager.endUndoGrouping()
    let (_, misuses) = UndoManager.recordingMisuse { manager.undo() }
    #expect(misuses.map(\.kind) == [.redoWhileUndoing])
    #expect(!manager.isUndoing && !manager.isRedoing)
  }

  @Test("Row 16: undo and redo on empty stacks post only checkpoints")
  func undoRedoOnEmptyStacks() {
    let manager = explicitManager()
    let log = NotificationLog(manager)
    let (_, misuses) = UndoManager.recordingMisuse {
      manager.undo()
      manager.redo()
    }
    #expect(misuses.isEmpty)
    #expect(log.entries.allSatisfy { $0 == "checkpoint" })
    #expect(!log.entries.isEmpty)
  }

  @Test("Row 17: isUndoing is true inside handlers and in Will/DidUndoChange")
  func isUndoingDuringUndo() {
    let manager = explicitManager()
    let counter = Counter(manager)
    var insideHandler: Bool?
    manager.beginUndoGrouping()
    counter.registerUndo { insideHandler = $0.manager.isUndoing }
    manager.endUndoGrouping()
    let log = NotificationLog(manager) { "\($0.isUndoing)" }
    manager.undo()
    #expect(insideHandler == true)
    #expect(log.withoutCheckpoints == ["willUndo[true]", "didUndo[true]"])
    #expect(!manager.isUndoing)
  }

  @Test("Row 18: groupingLevel is 1 inside an undo handler and 0 in Will/DidUndoChange")
  func groupingLevelDuringUndo() {
    let manager = explicitManager()
    let counter = Counter(manager)
    var insideHandler: Int?
    manager.beginUndoGrouping()
    counter.registerUndo { insideHandler = $0.manager.groupingLevel }
    manager.endUndoGrouping()
    let log = NotificationLog(manager) { "\($0.groupingLevel)" }
    manager.undo()
    #expect(insideHandler == 1)
    #expect(log.withoutCheckpoints == ["willUndo[0]", "didUndo[0]"])
  }

  @Test("Row 19: levelsOfUndo 3 with four closed groups allows three undos")
  func levelsOfUndoLimitsGroups() {
    let manager = explicitManager()
    manager.levelsOfUndo = 3
    let counter = Counter(manager)
    for value in 1...4 {
      manager.beginUndoGrouping()
      counter.set(value)
      manager.endUndoGrouping()
    }
    #expect(manager.undoCount == 3)
    manager.undo()
    manager.undo()
    manager.undo()
    #expect(counter.value == 1)
    #expect(!manager.canUndo)
    manager.undo()
    #expect(counter.value == 1)
  }

  @Test("Row 20: lowering levelsOfUndo drops the oldest groups at once")
  func loweringLevelsOfUndoTrims() {
    let manager = explicitManager()
    let counter = Counter(manager)
    for value in 1...5 {
      manager.beginUndoGrouping()
      counter.set(value)
      manager.endUndoGrouping()
    }
    manager.levelsOfUndo = 2
    #expect(manager.undoCount == 2)
    manager.undo()
    manager.undo()
    #expect(counter.value == 3)
    #expect(!manager.canUndo)
  }

  @Test("Row 21: disabling is counted; an unmatched enable is a misuse")
  func disableIsCounted() {
    let manager = explicitManager()
    manager.disableUndoRegistration()
    manager.disableUndoRegistration()
    manager.enableUndoRegistration()
    #expect(!manager.isUndoRegistrationEnabled)
    manager.enableUndoRegistration()
    #expect(manager.isUndoRegistrationEnabled)
    let (_, misuses) = UndoManager.recordingMisuse { manager.enableUndoRegistration() }
    #expect(misuses.map(\.kind) == [.enableWithoutDisable])
    #expect(manager.isUndoRegistrationEnabled)
  }

  @Test("Row 22: while disabled, begin, end and setActionName do nothing")
  func disabledGroupingIsNoOp() {
    let manager = explicitManager()
    manager.disableUndoRegistration()
    let (_, misuses) = UndoManager.recordingMisuse {
      manager.beginUndoGrouping()
      #expect(manager.groupingLevel == 0)
      manager.setActionName("Ignored")
      manager.endUndoGrouping()
    }
    #expect(misuses.isEmpty)
    #expect(manager.groupingLevel == 0)
    #expect(!manager.canUndo)
  }

  @Test("Row 23: removeAllActions closes open groups, empties both stacks and re-enables")
  func removeAllActionsResetsEverything() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.endUndoGrouping()
    manager.undo()
    manager.beginUndoGrouping()
    manager.beginUndoGrouping()
    manager.disableUndoRegistration()
    manager.removeAllActions()
    #expect(manager.groupingLevel == 0)
    #expect(manager.isUndoRegistrationEnabled)
    #expect(!manager.canUndo)
    #expect(!manager.canRedo)
  }

  @Test("Row 24: removeAllActions(withTarget:) removes the target's actions and emptied groups")
  func removeAllActionsWithTarget() {
    let manager = explicitManager()
    let kept = Counter(manager)
    let removed = Counter(manager)
    manager.beginUndoGrouping()
    kept.set(1)
    removed.set(1)
    manager.endUndoGrouping()
    manager.beginUndoGrouping()
    removed.set(2)
    manager.endUndoGrouping()
    manager.disableUndoRegistration()
    manager.removeAllActions(withTarget: removed)
    #expect(!manager.isUndoRegistrationEnabled, "registration state is unchanged")
    manager.enableUndoRegistration()
    #expect(manager.undoCount == 1)
    manager.undo()
    #expect(kept.value == 0)
    #expect(removed.value == 2)
    #expect(!manager.canUndo)
  }

  @Test("Row 25: an action name gives menu titles and travels to the redo group")
  func actionNameAndMenuTitles() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.setActionName("X")
    manager.endUndoGrouping()
    #expect(manager.undoActionName == "X")
    #expect(manager.undoMenuItemTitle == "Undo X")
    manager.undo()
    #expect(manager.redoActionName == "X")
    #expect(manager.redoMenuItemTitle == "Redo X")
    #expect(manager.undoMenuItemTitle == "Undo")
  }

  @Test("Row 26: with nothing to undo the name is empty and the title is plain Undo")
  func emptyNamesAndTitles() {
    let manager = explicitManager()
    #expect(manager.undoActionName == "")
    #expect(manager.redoActionName == "")
    #expect(manager.undoMenuItemTitle == "Undo")
    #expect(manager.redoMenuItemTitle == "Redo")
  }

  @Test("Row 27: setActionName inside a nested group names the top-level group")
  func nestedActionNameNamesTopLevelGroup() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.beginUndoGrouping()
    counter.set(2)
    manager.setActionName("Inner")
    manager.endUndoGrouping()
    manager.endUndoGrouping()
    #expect(manager.undoActionName == "Inner")
  }

  @Test("Row 28: setActionName with no group and grouping by event off is a misuse")
  func actionNameWithoutGroupIsMisuse() {
    let manager = explicitManager()
    let (_, misuses) = UndoManager.recordingMisuse { manager.setActionName("X") }
    #expect(misuses.map(\.kind) == [.actionNameWithoutGroup])
    #expect(!manager.canUndo)
  }

  @Test("Row 29: a discardable group is marked on DidClose, on the stack and on DidUndoChange")
  func discardableGroup() {
    let manager = explicitManager()
    let counter = Counter(manager)
    let log = NotificationLog(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.setActionIsDiscardable(true)
    manager.endUndoGrouping()
    #expect(manager.undoActionIsDiscardable)
    manager.undo()
    #expect(manager.redoActionIsDiscardable)
    #expect(
      log.withoutCheckpoints == [
        "didOpen", "willClose", "didClose+discardable", "willUndo",
        "didUndo+discardable",
      ])
  }

  @Test("Row 30: notification order of begin, end, undo and redo")
  func notificationOrder() {
    let manager = explicitManager()
    let counter = Counter(manager)
    let log = NotificationLog(manager)
    manager.beginUndoGrouping()
    #expect(log.entries == ["checkpoint", "didOpen"])
    log.clear()
    counter.set(1)
    manager.endUndoGrouping()
    #expect(log.entries == ["checkpoint", "willClose", "didClose"])
    log.clear()
    manager.undo()
    #expect(
      log.entries == [
        "checkpoint", "checkpoint", "willUndo", "checkpoint", "checkpoint", "didUndo",
      ])
    log.clear()
    manager.redo()
    #expect(
      log.entries == [
        "checkpoint", "willRedo", "checkpoint", "checkpoint", "checkpoint", "didRedo",
      ])
  }
}
