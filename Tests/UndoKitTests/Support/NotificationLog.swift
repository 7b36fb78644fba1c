import Foundation
import UndoKit

/// Records the undo notifications one manager posts, as short labels in posting order.
///
/// Labels: checkpoint, didOpen, willClose, didClose, willUndo, didUndo, willRedo, didRedo; a
/// `+discardable` suffix when the user info marks the group discardable. `detail`, when given,
/// is appended in brackets (for the manager's state at posting time).
@MainActor
final class NotificationLog {
  static let labels: [(NSNotification.Name, String)] = [
    (.NSUndoManagerCheckpoint, "checkpoint"),
    (.NSUndoManagerDidOpenUndoGroup, "didOpen"),
    (.NSUndoManagerWillCloseUndoGroup, "willClose"),
    (.NSUndoManagerDidCloseUndoGroup, "didClose"),
    (.NSUndoManagerWillUndoChange, "willUndo"),
    (.NSUndoManagerDidUndoChange, "didUndo"),
    (.NSUndoManagerWillRedoChange, "willRedo"),
    (.NSUndoManagerDidRedoChange, "didRedo"),
  ]

  private(set) var entries: [String] = []
  private var observers: [any NSObjectProtocol] = []
  private let detail: ((UndoManager) -> String)?

  init(_ manager: UndoManager, detail: ((UndoManager) -> String)? = nil) {
    self.detail = detail
    for (name, label) in Self.labels {
      let observer = NotificationCenter.default.addObserver(
        forName: name, object: manager, queue: nil
      ) { [weak self, weak manager] note in
        let discardable = note.userInfo?[NSUndoManagerGroupIsDiscardableKey] as? Bool == true
        MainActor.assumeIsolated {
          guard let self, let manager else { return }
          self.record(label + (discardable ? "+discardable" : ""), manager)
        }
      }
      observers.append(observer)
    }
  }

  isolated deinit {
    for observer in observers {
      NotificationCenter.default.removeObserver(observer)
    }
  }

  /// Forgets what was recorded so far.
  func clear() {
    entries.removeAll()
  }

  /// The entries other than checkpoints.
  var withoutCheckpoints: [String] {
    entries.filter { !$0.hasPrefix("checkpoint") }
  }

  private func record(_ label: String, _ manager: UndoManager) {
    entries.append(detail.map { "\(label)[\($0(manager))]" } ?? label)
  }
}
