import UndoKit

/// A minimal editable model: an integer whose changes register their inverse through `set`.
@MainActor
final class Counter {
  let manager: UndoManager
  private(set) var value: Int
  /// Every inverse performed, in order, as "set N".
  private(set) var performed: [String] = []

  init(_ manager: UndoManager, value: Int = 0) {
    self.manager = manager
    self.value = value
  }

  /// Sets the value and registers the inverse through the same entry point (redo works).
  func set(_ next: Int) {
    let previous = value
    manager.registerUndo(withTarget: self) { counter in
      counter.performed.append("set \(previous)")
      counter.set(previous)
    }
    value = next
  }

  /// Sets the value and registers an inverse that assigns directly (redo is lost).
  func setWithoutRedo(_ next: Int) {
    let previous = value
    manager.registerUndo(withTarget: self) { counter in
      counter.performed.append("assign \(previous)")
      counter.value = previous
    }
    value = next
  }

  /// Registers an inverse that runs `body` with the counter when performed.
  func registerUndo(_ body: @escaping @MainActor (Counter) -> Void) {
    manager.registerUndo(withTarget: self, handler: body)
  }
}

/// Creates a manager with grouping by event off, as the seed's editor does.
@MainActor
func explicitManager() -> UndoManager {
  let manager = UndoManager()
  manager.groupsByEvent = false
  return manager
}
