import Contracts
import ReferenceModels
import Testing

/// The reference inspector, driven by hand: one group for a selection, each item's own value back.
@MainActor
@Suite("Reference inspector selection")
struct ReferenceInspectorTests {
  private func inspector() -> ReferenceInspector {
    let inspector = ReferenceInspector()
    inspector.loadItems([
      ItemValue(id: "a", value: 10), ItemValue(id: "b", value: 20), ItemValue(id: "c", value: 30),
    ])
    return inspector
  }

  @Test("Loading items selects the first and records nothing; a fresh inspector holds one item")
  func loadingItems() {
    #expect(ReferenceInspector().itemIDs == ["item"])
    #expect(ReferenceInspector().value == 0)
    let inspector = inspector()
    #expect(inspector.selectedItemIDs == ["a"])
    #expect(inspector.value == 10)
    #expect(inspector.undoManager.undoCount == 0)
    #expect(inspector.capabilities.contains(.selection))
  }

  @Test("One adjustment of two items with different values is one group; undo gives each its own")
  func adjustmentIsOneGroup() {
    let inspector = inspector()
    inspector.select(["a", "b"])
    #expect(inspector.inspectorValue == nil)
    inspector.adjust(to: 50)
    #expect(
      [inspector.value(of: "a"), inspector.value(of: "b"), inspector.value(of: "c")] == [
        50, 50, 30,
      ])
    #expect(inspector.inspectorValue == 50)
    #expect(inspector.undoManager.undoCount == 1)
    inspector.undo()
    #expect(
      [inspector.value(of: "a"), inspector.value(of: "b"), inspector.value(of: "c")] == [
        10, 20, 30,
      ])
    #expect(inspector.inspectorValue == nil)
    inspector.redo()
    #expect([inspector.value(of: "a"), inspector.value(of: "b")] == [50, 50])
  }

  @Test("A drag on a selection is one group; a cancelled drag gives every item its start")
  func dragIsOneGroup() {
    let inspector = inspector()
    inspector.select(["a", "c"])
    inspector.beginDrag()
    inspector.moveDrag(to: 40)
    inspector.moveDrag(to: 60)
    inspector.endDrag()
    #expect(inspector.undoManager.undoCount == 1)
    inspector.undo()
    #expect([inspector.value(of: "a"), inspector.value(of: "c")] == [10, 30])
    inspector.beginDrag()
    inspector.moveDrag(to: 70)
    inspector.cancelDrag()
    #expect([inspector.value(of: "a"), inspector.value(of: "c")] == [10, 30])
    #expect(inspector.undoManager.undoCount == 0)
    #expect(inspector.undoManager.redoCount == 1)
  }

  @Test("Selecting is not an edit: no group, the redo branch kept; unknown ids are ignored")
  func selectingIsNotAnEdit() {
    let inspector = inspector()
    inspector.adjust(to: 40)
    inspector.undo()
    inspector.select(["b", "c"])
    inspector.select(["nowhere"])
    #expect(inspector.selectedItemIDs == ["b", "c"])
    #expect(inspector.undoManager.undoCount == 0)
    #expect(inspector.undoManager.redoCount == 1)
    inspector.redo()
    #expect(inspector.value(of: "a") == 40)
    #expect(inspector.selectedItemIDs == ["b", "c"])
  }

  @Test("Setting items to the value they all hold records nothing")
  func sameValueRecordsNothing() {
    let inspector = inspector()
    inspector.select(["a", "b"])
    inspector.adjust(to: 20)
    inspector.adjust(to: 20)
    #expect(inspector.undoManager.undoCount == 1)
  }
}
