// Compiled on every platform: on Apple platforms it extends Foundation's own `UndoManager`.
import Foundation

extension UndoManager {
  /// The center this manager posts its notifications to: the process's default center, as
  /// Apple's `UndoManager` does. Code that follows a manager's notifications, or posts its own
  /// beside them, can name the center through the manager.
  public var notificationCenter: NotificationCenter { .default }
}
