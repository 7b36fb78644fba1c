// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The notification names and the user-info key keep Apple's spelling so user code compiles.
#if !canImport(Darwin)
import Foundation

extension NSNotification.Name {
  /// Posted when the manager opens or closes a group (not a top-level group it opens by event),
  /// and when ``UndoManager/canRedo`` is checked.
  public static let NSUndoManagerCheckpoint = NSNotification.Name(
    "NSUndoManagerCheckpointNotification")
  /// Posted after the manager opens a group outside undo and redo.
  public static let NSUndoManagerDidOpenUndoGroup = NSNotification.Name(
    "NSUndoManagerDidOpenUndoGroupNotification")
  /// Posted before the manager closes a group outside undo and redo.
  public static let NSUndoManagerWillCloseUndoGroup = NSNotification.Name(
    "NSUndoManagerWillCloseUndoGroupNotification")
  /// Posted after the manager closes a group outside undo and redo; its user info carries
  /// `NSUndoManagerGroupIsDiscardableKey` when the group is discardable.
  public static let NSUndoManagerDidCloseUndoGroup = NSNotification.Name(
    "NSUndoManagerDidCloseUndoGroupNotification")
  /// Posted before an undo performs its actions, with ``UndoManager/isUndoing`` already true.
  public static let NSUndoManagerWillUndoChange = NSNotification.Name(
    "NSUndoManagerWillUndoChangeNotification")
  /// Posted after an undo performed its actions, with ``UndoManager/isUndoing`` still true.
  public static let NSUndoManagerDidUndoChange = NSNotification.Name(
    "NSUndoManagerDidUndoChangeNotification")
  /// Posted before a redo performs its actions, with ``UndoManager/isRedoing`` already true.
  public static let NSUndoManagerWillRedoChange = NSNotification.Name(
    "NSUndoManagerWillRedoChangeNotification")
  /// Posted after a redo performed its actions, with ``UndoManager/isRedoing`` still true.
  public static let NSUndoManagerDidRedoChange = NSNotification.Name(
    "NSUndoManagerDidRedoChangeNotification")
}

/// The user-info key, on close, undo and redo notifications, whose value `true` marks a
/// discardable group.
public let NSUndoManagerGroupIsDiscardableKey = "NSUndoManagerGroupIsDiscardableKey"
#endif
