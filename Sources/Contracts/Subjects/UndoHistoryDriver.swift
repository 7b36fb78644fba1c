/// Turns undo-history actions into calls on a subject: the one place a step meets the subject's
/// API, shared by the runner's session and the explorers (which keep only their judging).
///
/// A calculation is given the subject as the number of its start (the first `calculate` is 1),
/// and a `deliver` of a name never started calls nothing.
package struct UndoHistoryDriver {
  private var calculationIDs: [String: Int] = [:]

  /// A driver that has started no calculation.
  package init() {}

  /// Calls `subject` for `action`; a `wait` moves `clock` on by its length, read against the
  /// subject's coalescing window.
  @MainActor
  package mutating func apply(
    _ action: UndoHistoryAction, to subject: any UndoHistorySubject, clock: VirtualClock
  ) {
    switch action {
    case .adjust(let value): subject.adjust(to: value)
    case .dragBegan: subject.beginDrag()
    case .dragMoved(let value): subject.moveDrag(to: value)
    case .dragEnded: subject.endDrag()
    case .dragCancelled: subject.cancelDrag()
    case .load(let value): subject.load(value)
    case .switchDocument(let document, let value):
      subject.switchDocument(to: document, value: value)
    case .undo: subject.undo()
    case .redo: subject.redo()
    case .calculate(let name):
      let id = calculationIDs.count + 1
      calculationIDs[name] = id
      subject.startCalculation(id: id)
    case .deliver(let name, let result):
      if let id = calculationIDs[name] {
        subject.deliverCalculation(id: id, result: result)
      }
    case .levels(let count): subject.limitHistory(to: count)
    case .wait(let length): clock.advance(by: length.duration(window: subject.coalescingWindow))
    case .items(let items): subject.loadItems(items)
    case .select(let ids): subject.select(ids)
    }
  }
}
