#if !canImport(Darwin)
import Foundation

extension UndoManager {
  /// Ends the current event for every undo manager: each one whose automatic top-level group is
  /// waiting for the end of the event closes it, in the order the groups were opened.
  ///
  /// UIKit and AppKit do this after every event. On Linux call it where an event ends (a test step,
  /// a harness action); a pass of the main run loop in one of ``runLoopModes`` does the same.
  /// Not part of Apple's API.
  public static func endEvent() {
    let managers = awaitingEndOfEvent.compactMap(\.manager)
    awaitingEndOfEvent.removeAll()
    for manager in managers {
      manager.processEndOfEvent()
    }
  }

  /// Records that the automatic group waits for the end of the event, and asks the current run loop
  /// to end it on its next pass.
  func scheduleEndOfEvent() {
    isEndOfEventPending = true
    awaitingEndOfEvent.removeAll { $0.manager?.isEndOfEventPending != true }
    awaitingEndOfEvent.append(WeakUndoManager(manager: self))
    RunLoop.current.perform(inModes: runLoopModes) { [weak self] in
      MainActor.assumeIsolated {
        self?.processEndOfEvent()
      }
    }
  }

  /// Closes the automatic group if it still waits for the end of the event.
  ///
  /// Like Apple, it calls the public `endUndoGrouping()`: if the group was already closed by hand,
  /// that is an ``Misuse/Kind/endWithoutBegin`` misuse.
  private func processEndOfEvent() {
    guard groupsByEvent, isEndOfEventPending else { return }
    isEndOfEventPending = false
    endUndoGrouping()
  }
}

/// A weak reference to a manager whose automatic group waits for the end of the event.
private struct WeakUndoManager {
  weak var manager: UndoManager?
}

/// The managers waiting for ``UndoManager/endEvent()``, oldest first.
@MainActor private var awaitingEndOfEvent: [WeakUndoManager] = []
#endif
