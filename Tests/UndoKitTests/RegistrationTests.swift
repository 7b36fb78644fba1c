import Foundation
import Testing
import UndoKit

/// Registration, nesting and the order in which a group's actions run.
@MainActor
@Suite("Registration and groups")
struct RegistrationTests {
  @Test("Nested groups merge into their top-level group and run newest first")
  func nestedGroupsMergeNewestFirst() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(10)
    manager.beginUndoGrouping()
    counter.set(20)
    counter.set(30)
    manager.endUndoGrouping()
    manager.endUndoGrouping()
    #expect(manager.undoCount == 1)
    manager.undo()
    #expect(counter.performed == ["set 20", "set 10", "set 0"])
    #expect(counter.value == 0)
    manager.redo()
    #expect(counter.value == 30)
  }

  @Test("Every registration made during one undo forms exactly one redo group")
  func undoFormsOneRedoGroup() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    for value in 1...10 {
      counter.set(value)
    }
    manager.endUndoGrouping()
    manager.undo()
    #expect(manager.redoCount == 1)
    manager.redo()
    #expect(counter.value == 10)
    #expect(manager.undoCount == 1)
    #expect(manager.redoCount == 0)
  }

  @Test("Registering outside undo and redo clears the redo stack")
  func registrationClearsRedo() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    UndoManager.endEvent()
    manager.undo()
    #expect(manager.canRedo)
    counter.set(2)
    #expect(!manager.canRedo)
  }

  @Test("Registration while disabled is dropped silently, even with no group open")
  func registrationWhileDisabledIsDropped() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.disableUndoRegistration()
    let (_, misuses) = UndoManager.recordingMisuse { counter.set(1) }
    #expect(misuses.isEmpty)
    #expect(!manager.canUndo)
    manager.enableUndoRegistration()
  }

  @Test("Undo while disabled performs the actions but records no redo group")
  func undoWhileDisabledRecordsNothing() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.endUndoGrouping()
    manager.disableUndoRegistration()
    manager.undo()
    manager.enableUndoRegistration()
    #expect(counter.value == 0)
    #expect(!manager.canRedo)
  }

  @Test("Closing an empty group outside undo clears the redo stack")
  func emptyGroupClearsRedo() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.endUndoGrouping()
    manager.undo()
    manager.beginUndoGrouping()
    manager.endUndoGrouping()
    #expect(!manager.canRedo)
    #expect(manager.canUndo)
  }

  @Test("A redo whose handlers register nothing still leaves a group on the undo stack")
  func emptyRedoGroupIsKept() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.registerUndo { $0.registerUndo { _ in } }
    manager.endUndoGrouping()
    manager.undo()
    #expect(manager.canRedo)
    manager.redo()
    #expect(manager.undoCount == 1)
    #expect(!manager.canRedo)
  }

  @Test("levelsOfUndo trims when a group closes, not while it is open")
  func levelsTrimOnClose() {
    let manager = explicitManager()
    manager.levelsOfUndo = 1
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.endUndoGrouping()
    manager.beginUndoGrouping()
    counter.set(2)
    #expect(manager.canUndo)
    manager.endUndoGrouping()
    #expect(manager.undoCount == 1)
    manager.undo()
    #expect(counter.value == 1)
    #expect(!manager.canUndo)
  }

  @Test("levelsOfUndo does not limit the redo stack")
  func levelsDoNotLimitRedo() {
    let manager = explicitManager()
    let counter = Counter(manager)
    for value in 1...3 {
      manager.beginUndoGrouping()
      counter.set(value)
      manager.endUndoGrouping()
    }
    manager.undo()
    manager.undo()
    manager.undo()
    manager.levelsOfUndo = 1
    #expect(manager.redoCount == 3)
  }

  @Test("removeAllActions(withTarget:) keeps groups that were empty before the call")
  func removeWithTargetKeepsPreviouslyEmptyGroups() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    manager.endUndoGrouping()
    manager.beginUndoGrouping()
    manager.beginUndoGrouping()
    counter.set(1)
    manager.endUndoGrouping()
    manager.endUndoGrouping()
    #expect(manager.undoCount == 2)
    manager.removeAllActions(withTarget: counter)
    #expect(manager.undoCount == 1)
  }

  @Test("removeAllActions(withTarget:) keeps an open group, so nesting is unchanged")
  func removeWithTargetKeepsOpenGroups() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.removeAllActions(withTarget: counter)
    #expect(manager.groupingLevel == 1)
    manager.endUndoGrouping()
    #expect(manager.undoCount == 1)
  }

  @Test("Action user info is stored per group, travels across undo and is removed by nil")
  func actionUserInfo() {
    let manager = explicitManager()
    let counter = Counter(manager)
    let key = UndoManager.UserInfoKey("origin")
    manager.beginUndoGrouping()
    counter.set(1)
    manager.setActionUserInfoValue("drag", forKey: key)
    manager.endUndoGrouping()
    #expect(manager.undoActionUserInfoValue(forKey: key) as? String == "drag")
    manager.undo()
    #expect(manager.redoActionUserInfoValue(forKey: key) as? String == "drag")
    #expect(manager.undoActionUserInfoValue(forKey: key) == nil)
    manager.redo()
    manager.beginUndoGrouping()
    counter.set(2)
    manager.setActionUserInfoValue("drag", forKey: key)
    manager.setActionUserInfoValue(nil, forKey: key)
    manager.endUndoGrouping()
    #expect(manager.undoActionUserInfoValue(forKey: key) == nil)
  }

  @Test("An undo handler can rename the redo group it builds")
  func handlerRenamesRedoGroup() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.registerUndo { counter in
      counter.set(0)
      counter.manager.setActionName("Renamed")
    }
    manager.setActionName("Original")
    manager.endUndoGrouping()
    manager.undo()
    #expect(manager.redoActionName == "Renamed")
  }

  @Test("undoMenuTitle and redoMenuTitle format the name; subclasses can override them")
  func menuTitlesAreOverridable() {
    final class LocalizedUndoManager: UndoManager {
      override func undoMenuTitle(forUndoActionName actionName: String) -> String {
        "Annuler \(actionName)"
      }
    }
    let manager = LocalizedUndoManager()
    manager.groupsByEvent = false
    #expect(manager.undoMenuTitle(forUndoActionName: "Typing") == "Annuler Typing")
    #expect(manager.redoMenuTitle(forUndoActionName: "Typing") == "Redo Typing")
    #expect(UndoManager().undoMenuTitle(forUndoActionName: "") == "Undo ")
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.setActionName("Move")
    manager.endUndoGrouping()
    #expect(manager.undoMenuItemTitle == "Annuler Move")
  }

  @Test("The manager keeps an unowned reference to its targets")
  func targetIsUnowned() {
    let manager = explicitManager()
    weak var weakCounter: Counter?
    do {
      let counter = Counter(manager)
      weakCounter = counter
      manager.beginUndoGrouping()
      counter.set(1)
      manager.endUndoGrouping()
    }
    #expect(weakCounter == nil)
    #expect(manager.canUndo)
  }

  @Test("canRedo and redoMenuItemTitle (which asks canRedo) post a checkpoint; the rest nothing")
  func whichQueriesPostCheckpoints() {
    let manager = explicitManager()
    let log = NotificationLog(manager)
    _ = manager.canUndo
    _ = manager.undoCount
    _ = manager.redoCount
    _ = manager.undoActionName
    _ = manager.undoMenuItemTitle
    #expect(log.entries.isEmpty)
    _ = manager.canRedo
    #expect(log.entries == ["checkpoint"])
    _ = manager.redoMenuItemTitle
    #expect(log.entries == ["checkpoint", "checkpoint"])
  }

  @Test("undoCount counts closed groups from the head; an open top-level group stops the count")
  func undoCountWithOpenGroup() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.endUndoGrouping()
    manager.beginUndoGrouping()
    counter.set(2)
    #expect(manager.undoCount == 0)
    #expect(manager.canUndo)
    manager.beginUndoGrouping()
    counter.set(3)
    manager.endUndoGrouping()
    #expect(manager.undoCount == 1, "a closed group inside the open one is counted")
    manager.endUndoGrouping()
    #expect(manager.undoCount == 2)
  }

  @Test("An observer that closes the group mid-close or mid-open is a misuse, not a trap")
  func observerReentrancyIsMisuse() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    let observer = NotificationCenter.default.addObserver(
      forName: .NSUndoManagerWillCloseUndoGroup, object: manager, queue: nil
    ) { _ in
      MainActor.assumeIsolated { manager.removeAllActions() }
    }
    let (_, misuses) = UndoManager.recordingMisuse { manager.endUndoGrouping() }
    NotificationCenter.default.removeObserver(observer)
    #expect(misuses.map(\.kind) == [.endWithoutBegin])
    #expect(manager.groupingLevel == 0)
    let automatic = UndoManager()
    let closer = NotificationCenter.default.addObserver(
      forName: .NSUndoManagerDidOpenUndoGroup, object: automatic, queue: nil
    ) { _ in
      MainActor.assumeIsolated { automatic.endUndoGrouping() }
    }
    let (_, registration) = UndoManager.recordingMisuse { Counter(automatic).set(5) }
    NotificationCenter.default.removeObserver(closer)
    #expect(registration.map(\.kind) == [.registrationWithoutGroup])
  }

  @Test("A negative levelsOfUndo means no limit, as Apple's unsigned property does")
  func negativeLevels() {
    let manager = explicitManager()
    manager.levelsOfUndo = -1
    #expect(manager.levelsOfUndo == 0)
  }

  @Test("removeAllActions(withTarget:) keeps a group that still holds a nested group")
  func removeWithTargetKeepsGroupWithNestedGroup() {
    let manager = explicitManager()
    let kept = Counter(manager)
    let removed = Counter(manager)
    manager.beginUndoGrouping()
    kept.set(1)
    manager.endUndoGrouping()
    manager.beginUndoGrouping()
    removed.set(1)
    manager.beginUndoGrouping()
    manager.endUndoGrouping()
    manager.setActionName("B")
    manager.endUndoGrouping()
    manager.removeAllActions(withTarget: removed)
    #expect(manager.undoCount == 2)
    #expect(manager.undoActionName == "B")
  }

  @Test("A checkpoint observer that asks canRedo does not post another checkpoint")
  func checkpointIsNotReentrant() {
    let manager = explicitManager()
    let log = NotificationLog(manager) { manager in
      _ = manager.canRedo
      return "nested"
    }
    _ = manager.canRedo
    #expect(log.entries == ["checkpoint[nested]"])
  }

  @Test("isRedoing is true in Will/DidRedoChange and inside redo handlers")
  func isRedoingDuringRedo() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.endUndoGrouping()
    manager.undo()
    let log = NotificationLog(manager) { "\($0.isRedoing)" }
    manager.redo()
    #expect(log.withoutCheckpoints == ["willRedo[true]", "didRedo[true]"])
    #expect(!manager.isRedoing)
  }

  @Test("While disabled, discardability and user info are ignored and no group opens")
  func disabledDiscardabilityAndUserInfoAreNoOps() {
    let manager = UndoManager()
    manager.disableUndoRegistration()
    let (_, misuses) = UndoManager.recordingMisuse {
      manager.setActionIsDiscardable(true)
      manager.setActionUserInfoValue(1, forKey: UndoManager.UserInfoKey("k"))
    }
    #expect(misuses.isEmpty)
    #expect(manager.groupingLevel == 0)
    #expect(!manager.canUndo)
  }

  @Test("A discardable group keeps its flag through redo and marks DidRedoChange")
  func discardableThroughRedo() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.setActionIsDiscardable(true)
    manager.endUndoGrouping()
    manager.undo()
    let log = NotificationLog(manager)
    manager.redo()
    #expect(log.withoutCheckpoints == ["willRedo", "didRedo+discardable"])
    #expect(manager.undoActionIsDiscardable)
  }
}
