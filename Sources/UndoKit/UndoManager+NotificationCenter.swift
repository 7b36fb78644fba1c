// Compiled on every platform: on Apple platforms it extends Foundation's own `UndoManager`.
import Foundation

@MainActor
extension UndoManager {
  /// The center this manager posts its notifications to.
  ///
  /// It is the process's default center, as for Apple's `UndoManager`, unless the manager was
  /// created with a center of its own (`init(ownNotificationCenter:)`, Linux only). Code that
  /// follows a manager's notifications, or posts its own beside them, can name the center through
  /// it.
  public var notificationCenter: NotificationCenter {
    #if canImport(Darwin)
    .default
    #else
    guard hasOwnNotificationCenter else { return .default }
    if let ownNotificationCenter { return ownNotificationCenter }
    let center = NotificationCenter()
    ownNotificationCenter = center
    return center
    #endif
  }

  /// The center this manager posts to now: ``notificationCenter``, or `nil` while that is a
  /// center of the manager's own that nobody has asked for, so nobody can observe it.
  ///
  /// Code that posts its own notifications beside the manager's can skip posting when it is
  /// `nil`. Not part of Apple's API.
  public var postingNotificationCenter: NotificationCenter? {
    #if canImport(Darwin)
    .default
    #else
    hasOwnNotificationCenter ? ownNotificationCenter : .default
    #endif
  }

  /// Calls `handler` with each notification among `names` this manager posts, synchronously,
  /// before it is posted on the notification center.
  ///
  /// A lighter path than a notification center's observers for code that follows one manager;
  /// it works whether or not the manager has a center of its own. Not part of Apple's API.
  ///
  /// - Note: On Apple platforms the observer is an observer of the default center, called in the
  ///   order observers were added there.
  ///
  /// - Parameters:
  ///   - owner: The object the observer belongs to; ``removeNotificationObservers(of:)`` with it
  ///     removes the observer.
  ///   - names: The notifications to follow.
  ///   - handler: Called with each of them, on the main actor.
  public func addNotificationObserver(
    _ owner: AnyObject, forNames names: [NSNotification.Name],
    using handler: @escaping @MainActor (Notification) -> Void
  ) {
    #if canImport(Darwin)
    let center = notificationCenter
    let tokens = names.map { name in
      center.addObserver(forName: name, object: self, queue: nil) { notification in
        nonisolated(unsafe) let notification = notification
        MainActor.assumeIsolated { handler(notification) }
      }
    }
    darwinObservers[ObserverKey(manager: self, owner: owner), default: []] += tokens
    #else
    notificationObservers.append(
      NotificationObserver(owner: ObjectIdentifier(owner), names: names, handler: handler))
    #endif
  }

  /// Removes the observers `owner` added with ``addNotificationObserver(_:forNames:using:)``.
  ///
  /// - Parameter owner: The object the observers belong to.
  public func removeNotificationObservers(of owner: AnyObject) {
    #if canImport(Darwin)
    let center = notificationCenter
    for token in darwinObservers.removeValue(forKey: ObserverKey(manager: self, owner: owner)) ?? []
    {
      center.removeObserver(token)
    }
    #else
    let id = ObjectIdentifier(owner)
    notificationObservers.removeAll { $0.owner == id }
    #endif
  }
}

#if canImport(Darwin)
extension UndoManager {
  /// Creates an undo manager; on Apple platforms it posts to the default center either way.
  ///
  /// - Parameter ownNotificationCenter: Ignored on Apple platforms.
  public convenience init(ownNotificationCenter: Bool) {
    self.init()
  }
}

/// A manager and the owner of observers added to it.
private struct ObserverKey: Hashable {
  let manager: ObjectIdentifier
  let owner: ObjectIdentifier

  init(manager: AnyObject, owner: AnyObject) {
    self.manager = ObjectIdentifier(manager)
    self.owner = ObjectIdentifier(owner)
  }
}

/// The center observers that stand for `addNotificationObserver(_:forNames:using:)` on Apple
/// platforms, by manager and owner.
@MainActor private var darwinObservers: [ObserverKey: [any NSObjectProtocol]] = [:]
#endif
