import Foundation
import Testing
import UndoKit

/// How the automatic top-level group of `groupsByEvent` opens and closes on Linux.
@MainActor
@Suite("End of event")
struct EndOfEventTests {
  @Test("The first registration of an event opens the automatic group; endEvent closes it")
  func endEventClosesAutomaticGroup() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    counter.set(2)
    #expect(manager.groupingLevel == 1)
    UndoManager.endEvent()
    #expect(manager.groupingLevel == 0)
    #expect(manager.undoCount == 1)
    counter.set(3)
    UndoManager.endEvent()
    #expect(manager.undoCount == 2)
    manager.undo()
    #expect(counter.value == 2)
  }

  @Test("A pass of the current run loop ends the event")
  func runLoopPassEndsEvent() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    #expect(manager.groupingLevel == 1)
    _ = RunLoop.current.run(mode: .default, before: Date())
    #expect(manager.groupingLevel == 0)
    #expect(manager.undoCount == 1)
  }

  @Test("A run-loop pass in a mode the manager does not list leaves the group open")
  func runLoopModesAreHonoured() {
    let manager = UndoManager()
    let other = RunLoop.Mode("StateGateTestMode")
    manager.runLoopModes = [other]
    let counter = Counter(manager)
    counter.set(1)
    _ = RunLoop.current.run(mode: .default, before: Date())
    #expect(manager.groupingLevel == 1)
    _ = RunLoop.current.run(mode: other, before: Date())
    #expect(manager.groupingLevel == 0)
  }

  @Test("endEvent closes every waiting manager and leaves explicit groups alone")
  func endEventOnlyClosesAutomaticGroups() {
    let automatic = UndoManager()
    let explicit = explicitManager()
    Counter(automatic).set(1)
    explicit.beginUndoGrouping()
    UndoManager.endEvent()
    #expect(automatic.groupingLevel == 0)
    #expect(explicit.groupingLevel == 1)
  }

  @Test("setActionName at level 0 opens the automatic group by itself")
  func actionNameOpensAutomaticGroup() {
    let manager = UndoManager()
    manager.setActionName("Rename")
    #expect(manager.groupingLevel == 1)
    #expect(manager.canUndo)
    UndoManager.endEvent()
    #expect(manager.undoActionName == "Rename")
  }

  @Test("Closing the automatic group by hand makes the end of the event a misuse, as on Apple")
  func closingAutomaticGroupByHandIsMisuseAtEndOfEvent() {
    let manager = UndoManager()
    Counter(manager).set(1)
    manager.endUndoGrouping()
    let (_, misuses) = UndoManager.recordingMisuse { UndoManager.endEvent() }
    #expect(misuses.map(\.kind) == [.endWithoutBegin])
    #expect(manager.undoCount == 1)
  }

  @Test("undo cancels the pending end of the event")
  func undoCancelsPendingEnd() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    manager.undo()
    let (_, misuses) = UndoManager.recordingMisuse { UndoManager.endEvent() }
    #expect(misuses.isEmpty)
    #expect(counter.value == 0)
    #expect(manager.canRedo)
  }

  @Test(
    "Notifications when grouping by event: an explicit begin posts didOpen, checkpoint, didOpen")
  func notificationsWhenGroupingByEvent() {
    let manager = UndoManager()
    let log = NotificationLog(manager)
    Counter(manager).set(1)
    #expect(log.entries == ["didOpen"])
    UndoManager.endEvent()
    log.clear()
    manager.beginUndoGrouping()
    #expect(log.entries == ["didOpen", "checkpoint", "didOpen"])
    log.clear()
    manager.endUndoGrouping()
    UndoManager.endEvent()
    #expect(
      log.entries == ["checkpoint", "willClose", "didClose", "checkpoint", "willClose", "didClose"])
  }

  @Test("undo with the automatic group open closes it first")
  func undoClosesAutomaticGroupNotifications() {
    let manager = UndoManager()
    let counter = Counter(manager)
    counter.set(1)
    let log = NotificationLog(manager)
    manager.undo()
    #expect(
      log.entries == [
        "checkpoint", "checkpoint", "willClose", "didClose", "checkpoint", "willUndo",
        "checkpoint", "didUndo",
      ])
  }
}
