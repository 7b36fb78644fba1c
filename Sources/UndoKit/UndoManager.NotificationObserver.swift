#if !canImport(Darwin)
import Foundation

extension UndoManager {
  /// An observer added with `addNotificationObserver(_:forNames:using:)`.
  struct NotificationObserver {
    /// The object that added it, by identity: removing it by that object removes it.
    let owner: ObjectIdentifier
    /// The notifications it follows.
    let names: [NSNotification.Name]
    /// Called with each of them.
    let handler: @MainActor (Notification) -> Void
  }
}
#endif
