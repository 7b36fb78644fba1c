#if !canImport(Darwin)
import Foundation
import Testing

@testable import UndoKit

/// `undoCount` and `redoCount` are kept as the stack changes, and always equal what walking the
/// stack from its head counts.
@MainActor
@Suite("Group counts kept as the stack changes")
struct UndoStackCountTests {
  /// The closed groups at depth 0 from the head down, counted by walking the entries.
  private func walkedCount(_ stack: UndoStack) -> Int {
    var depth = 0
    var count = 0
    for entry in stack.entries.reversed() {
      switch entry {
      case .end:
        if depth == 0 { count += 1 }
        depth += 1
      case .begin:
        depth -= 1
        if depth < 0 { return count }
      case .action:
        continue
      }
    }
    return count
  }

  @Test("Random begins, ends, actions, pops, trims and removals", arguments: 1...6)
  func randomOperations(seed: Int) {
    final class Target {}
    let targets = [Target(), Target()]
    var state = UInt64(seed)
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var stack = UndoStack()
    for operation in 0..<3000 {
      switch next(9) {
      case 0, 1:
        stack.markBegin()
      case 2, 3:
        if stack.nestingLevel > 0 { stack.markEnd() }
      case 4:
        if stack.nestingLevel > 0 {
          stack.push(UndoAction(targetID: ObjectIdentifier(targets[next(2)]), perform: {}))
        }
      case 5:
        if stack.headIsBeginMark { stack.discardEmptyOpenGroup() }
      case 6:
        _ = stack.popHead()
      case 7:
        stack.limit = next(4) == 0 ? next(5) : stack.limit
      default:
        if next(20) == 0 {
          stack.removeAll()
        } else if next(5) == 0 {
          stack.removeActions(withTargetID: ObjectIdentifier(targets[next(2)]))
        }
      }
      #expect(
        stack.closedGroupCountFromHead == walkedCount(stack),
        "seed \(seed), operation \(operation)")
    }
  }

  @Test("A history of 50,000 groups is counted exactly after every group, undo and redo")
  func deepHistory() {
    let manager = UndoManager()
    manager.groupsByEvent = false
    final class Target {}
    let target = Target()
    for _ in 0..<50_000 {
      manager.beginUndoGrouping()
      manager.registerUndo(withTarget: target) { _ in }
      manager.endUndoGrouping()
      _ = manager.undoCount
    }
    #expect(manager.undoCount == 50_000)
    manager.undo()
    #expect(manager.undoCount == 49_999)
    #expect(manager.canRedo == false, "the undone action registered no redo")
  }
}
#endif
