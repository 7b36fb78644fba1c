// Compiled on every platform: on Apple platforms it extends Foundation's own `UndoManager`.
import Foundation

extension UndoManager {
  /// The center this manager posts its notifications to.
  ///
  /// It is the process's default center, as for Apple's `UndoManager`. Code that follows a
  /// manager's notifications, or posts its own beside them, can name the center through it.
  public var notificationCenter: NotificationCenter { .default }
}
