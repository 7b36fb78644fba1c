import Foundation
import Testing
import UndoKit

/// Calls Apple answers with NSInternalInconsistencyException: recorded under a handler with the
/// state left intact, and trapping with Apple's reason otherwise.
@MainActor
@Suite("Misuse")
struct MisuseTests {
  /// A manager with one closed group (value 1) undone and one closed group (value 2) on the undo
  /// stack, so that both stacks hold something a misuse could damage.
  private func populatedManager() -> (UndoManager, Counter) {
    let manager = explicitManager()
    let counter = Counter(manager)
    for value in [1, 2] {
      manager.beginUndoGrouping()
      counter.set(value)
      manager.setActionName("Set \(value)")
      manager.endUndoGrouping()
    }
    manager.undo()
    manager.beginUndoGrouping()
    manager.endUndoGrouping()
    manager.beginUndoGrouping()
    counter.set(3)
    manager.endUndoGrouping()
    return (manager, counter)
  }

  private struct Snapshot: Equatable {
    var value: Int
    var level: Int
    var undoCount: Int
    var redoCount: Int
    var undoName: String
    var redoName: String
    var enabled: Bool
  }

  private func snapshot(_ manager: UndoManager, _ counter: Counter) -> Snapshot {
    Snapshot(
      value: counter.value, level: manager.groupingLevel, undoCount: manager.undoCount,
      redoCount: manager.redoCount, undoName: manager.undoActionName,
      redoName: manager.redoActionName, enabled: manager.isUndoRegistrationEnabled)
  }

  @Test(
    "Every misuse is recorded under the handler and leaves the state intact",
    arguments: UndoManager.Misuse.Kind.allCases)
  func misuseLeavesStateIntact(kind: UndoManager.Misuse.Kind) {
    let (manager, counter) = populatedManager()
    if kind == .undoWithOpenGroups || kind == .undoNestedGroupWithOpenGroup {
      manager.beginUndoGrouping()
      counter.set(4)
    }
    if kind == .redoWhileUndoing {
      manager.undo()
      manager.beginUndoGrouping()
      counter.registerUndo { $0.manager.redo() }
      manager.endUndoGrouping()
    }
    let before = snapshot(manager, counter)
    let (_, misuses) = UndoManager.recordingMisuse {
      switch kind {
      case .endWithoutBegin: manager.endUndoGrouping()
      case .registrationWithoutGroup: counter.registerUndo { $0.set(9) }
      case .actionNameWithoutGroup: manager.setActionName("Nope")
      case .discardabilityWithoutGroup: manager.setActionIsDiscardable(true)
      case .userInfoWithoutGroup:
        manager.setActionUserInfoValue(1, forKey: UndoManager.UserInfoKey("k"))
      case .undoWithOpenGroups: manager.undo()
      case .undoNestedGroupWithOpenGroup: manager.undoNestedGroup()
      case .redoWhileUndoing: manager.undo()
      case .enableWithoutDisable: manager.enableUndoRegistration()
      }
    }
    #expect(misuses.map(\.kind) == [kind])
    #expect(misuses.first?.reason.hasSuffix(kind.problem) == true)
    #expect(misuses.first?.reason.contains(" is in invalid state, ") == true)
    if kind == .redoWhileUndoing {
      #expect(counter.value == before.value, "the handler's redo was refused")
      #expect(manager.undoCount == before.undoCount - 1, "the undo itself ran")
      #expect(!manager.isUndoing && !manager.isRedoing)
    } else {
      #expect(snapshot(manager, counter) == before)
    }
  }

  @Test("Without a handler a misuse traps with Apple's reason")
  func misuseTrapsByDefault() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      await MainActor.run {
        UndoManager().endUndoGrouping()
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(text.contains("NSInternalInconsistencyException"))
    #expect(text.contains("endUndoGrouping called with no matching begin"))
  }

  @Test("The handler applies only inside withValue; the misuses come back in order")
  func handlerIsScoped() {
    let manager = explicitManager()
    let (value, misuses) = UndoManager.recordingMisuse { () -> Int in
      manager.endUndoGrouping()
      manager.enableUndoRegistration()
      return 42
    }
    #expect(value == 42)
    #expect(misuses.map(\.kind) == [.endWithoutBegin, .enableWithoutDisable])
    #expect(UndoManager.misuseHandler == nil)
  }

  @Test("removeAllActions inside an undo handler makes the undo's close a misuse, as on Apple")
  func removeAllInsideHandler() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.registerUndo { $0.manager.removeAllActions() }
    manager.endUndoGrouping()
    let (_, misuses) = UndoManager.recordingMisuse { manager.undo() }
    #expect(misuses.map(\.kind) == [.endWithoutBegin])
    #expect(!manager.isUndoing)
    #expect(!manager.canUndo && !manager.canRedo)
  }

  @Test("undo called from inside an undo handler is refused")
  func undoInsideUndoHandler() {
    let manager = explicitManager()
    let counter = Counter(manager)
    manager.beginUndoGrouping()
    counter.set(1)
    manager.endUndoGrouping()
    manager.beginUndoGrouping()
    counter.registerUndo { $0.manager.undo() }
    manager.endUndoGrouping()
    let (_, misuses) = UndoManager.recordingMisuse { manager.undo() }
    #expect(misuses.map(\.kind) == [.undoWithOpenGroups])
    #expect(manager.undoCount == 1)
    #expect(counter.value == 1)
  }
}
