#if !canImport(Darwin)
import Foundation

/// A general-purpose recorder of operations that enables undo and redo, behaving like Foundation's
/// `UndoManager` on Apple platforms.
///
/// The manager keeps two stacks of groups (undo and redo) in Apple's model: begin marks, end marks
/// and actions, where an open or empty group already counts as a group. Registrations go to the redo
/// stack while undoing and to the undo stack otherwise; a registration outside undo and redo clears
/// the redo stack.
///
/// Calls that Apple answers with `NSInternalInconsistencyException` are reported as
/// ``UndoManager/Misuse``: they trap unless a ``UndoManager/misuseHandler`` is installed, in which
/// case the call returns without changing any state.
///
/// - Note: With ``groupsByEvent`` on, the automatic top-level group closes at the end of the event.
///   Linux has no UIKit event loop: the end of an event is a pass of the main run loop in one of
///   ``runLoopModes``, or an explicit call to ``endEvent()``.
@MainActor
open class UndoManager {
  var undoStack = UndoStack()
  var redoStack = UndoStack()
  /// How many `disableUndoRegistration()` calls are not yet balanced by an enable.
  private var disableCount = 0
  /// Whether the automatic top-level group is open and waits for the end of the event.
  var isEndOfEventPending = false
  /// Guards against posting a checkpoint from inside a checkpoint observer.
  private var isPostingCheckpoint = false
  /// The observers added with `addNotificationObserver(_:forNames:using:)`, oldest first.
  var notificationObservers: [NotificationObserver] = []
  /// Whether the manager posts to a center of its own rather than the default center.
  let hasOwnNotificationCenter: Bool
  /// The manager's own center, created when `notificationCenter` is first read.
  var ownNotificationCenter: NotificationCenter?

  /// Whether undo is in progress (see `UndoManager.isUndoing`).
  public private(set) var isUndoing = false

  /// Whether redo is in progress (see `UndoManager.isRedoing`).
  public private(set) var isRedoing = false

  /// Whether the manager opens a top-level group at the first registration of an event and
  /// closes it at the end of the event; `true` by default (see `UndoManager.groupsByEvent`).
  open var groupsByEvent = true

  /// The run-loop modes in which the end of an event closes the automatic group;
  /// `[.default]` by default (see `UndoManager.runLoopModes`).
  ///
  /// Read when the automatic group opens; changing it does not move an end already scheduled.
  open var runLoopModes: [RunLoop.Mode] = [.default]

  /// Creates an undo manager with empty stacks, registration enabled and grouping by event.
  public init() {
    hasOwnNotificationCenter = false
  }

  /// Creates an undo manager that posts its notifications to a center of its own, or, when
  /// `ownNotificationCenter` is `false`, to the default center as `init()` does.
  ///
  /// Its own center is created the first time ``notificationCenter`` is read. Until then nobody
  /// can observe it, so the manager posts nothing there; observers added with
  /// ``addNotificationObserver(_:forNames:using:)`` are called either way. Not part of Apple's API.
  ///
  /// - Parameter ownNotificationCenter: Whether the manager posts to a center of its own.
  public init(ownNotificationCenter: Bool) {
    hasOwnNotificationCenter = ownNotificationCenter
  }

  // MARK: - Grouping

  /// The number of nested open groups: of the redo stack while undoing, else of the undo stack.
  open var groupingLevel: Int {
    isUndoing ? redoStack.nestingLevel : undoStack.nestingLevel
  }

  /// Opens a new group, nested in any open one (see `UndoManager.beginUndoGrouping()`).
  ///
  /// With ``groupsByEvent`` on and no group open, it first opens the automatic top-level group, so
  /// ``groupingLevel`` becomes 2. Posts `NSUndoManagerCheckpoint` (except for a top-level group
  /// while grouping by event) and `NSUndoManagerDidOpenUndoGroup` (except while undoing or redoing).
  /// Does nothing while registration is disabled.
  open func beginUndoGrouping() {
    guard isUndoRegistrationEnabled else { return }
    let duringUndoOrRedo = isUndoing || isRedoing
    if !duringUndoOrRedo {
      prepareEventGrouping()
    }
    if !(groupsByEvent && groupingLevel == 0) {
      postCheckpoint()
    }
    modifyCurrentStack { $0.markBegin() }
    if !duringUndoOrRedo {
      post(.NSUndoManagerDidOpenUndoGroup)
    }
  }

  /// Closes the innermost open group (see `UndoManager.endUndoGrouping()`).
  ///
  /// An empty group is kept, counts for ``canUndo`` and clears the redo stack. Posts
  /// `NSUndoManagerCheckpoint`, `NSUndoManagerWillCloseUndoGroup` and
  /// `NSUndoManagerDidCloseUndoGroup`; only the checkpoint while undoing or redoing. Closing with no
  /// group open is a ``Misuse/Kind/endWithoutBegin`` misuse. Does nothing while registration is
  /// disabled.
  open func endUndoGrouping() {
    endGroup(removingIfEmpty: false)
  }

  // MARK: - Registration

  /// Registers a closure that undoes an operation on `target` (see
  /// `UndoManager.registerUndo(withTarget:handler:)`).
  ///
  /// The manager keeps an unowned reference to `target`: performing an action whose target is gone
  /// traps. Outside undo and redo the registration clears the redo stack. Without an open group and
  /// with ``groupsByEvent`` off this is a ``Misuse/Kind/registrationWithoutGroup`` misuse. Does
  /// nothing while registration is disabled.
  ///
  /// - Parameters:
  ///   - target: The object the operation applies to.
  ///   - handler: The operation, called with `target` on undo (or redo).
  public func registerUndo<TargetType: AnyObject>(
    withTarget target: TargetType, handler: @escaping @MainActor (TargetType) -> Void
  ) {
    guard isUndoRegistrationEnabled else { return }
    guard hasOrCanOpenGroup else {
      return reportMisuse(.registrationWithoutGroup)
    }
    if !isUndoing && !isRedoing {
      redoStack.removeAll()
    }
    prepareEventGrouping()
    // An observer of the group's opening may have closed it again.
    guard groupingLevel > 0 else {
      return reportMisuse(.registrationWithoutGroup)
    }
    let action = UndoAction(targetID: ObjectIdentifier(target)) { [unowned target] in
      handler(target)
    }
    modifyCurrentStack { $0.push(action) }
  }

  /// Whether registration is enabled: every `disableUndoRegistration()` has been balanced.
  open var isUndoRegistrationEnabled: Bool { disableCount == 0 }

  /// Disables registration until a matching `enableUndoRegistration()`; calls are counted.
  ///
  /// While disabled, registrations, grouping, action names, discardability and user info are
  /// ignored; undo and redo still perform actions but record no inverse group.
  open func disableUndoRegistration() {
    disableCount += 1
  }

  /// Balances one `disableUndoRegistration()`; without one it is an
  /// ``Misuse/Kind/enableWithoutDisable`` misuse.
  open func enableUndoRegistration() {
    guard disableCount > 0 else {
      return reportMisuse(.enableWithoutDisable)
    }
    disableCount -= 1
  }

  // MARK: - Undo and redo

  /// Whether the undo stack holds a group, open or empty ones included (see `UndoManager.canUndo`).
  open var canUndo: Bool { undoStack.groupCount > 0 }

  /// Whether the redo stack holds a group; posts `NSUndoManagerCheckpoint` first (see
  /// `UndoManager.canRedo`).
  open var canRedo: Bool {
    postCheckpoint()
    return redoStack.groupCount > 0
  }

  /// The number of times ``undo()`` can be called before nothing is left (see
  /// `UndoManager.undoCount`).
  ///
  /// Counted as Apple's `topLevelGroupCount` does: closed groups at the top level of the stack,
  /// walking down from the head. While a top-level group is open the walk stops at it, so the
  /// count is 0 (or the number of closed groups inside the open one) although ``canUndo`` is true.
  open var undoCount: Int { undoStack.closedGroupCountFromHead }

  /// The number of times ``redo()`` can be called before nothing is left, counted like
  /// ``undoCount``.
  open var redoCount: Int { redoStack.closedGroupCountFromHead }

  /// Closes the automatic top-level group if it is the only one open, then undoes the most recent
  /// group (see `UndoManager.undo()`).
  ///
  /// Any other open group makes this a ``Misuse/Kind/undoWithOpenGroups`` misuse: close groups
  /// yourself before undoing when ``groupsByEvent`` is off.
  open func undo() {
    postCheckpoint()
    if isEndOfEventPending && undoStack.nestingLevel == 1 {
      endUndoGrouping()
      isEndOfEventPending = false
    }
    guard undoStack.nestingLevel == 0 else {
      return reportMisuse(.undoWithOpenGroups)
    }
    undoNestedGroup()
  }

  /// Undoes the most recently closed group, even one nested in a still-open group (see
  /// `UndoManager.undoNestedGroup()`).
  ///
  /// Performs the group's actions newest first. Registrations they make form one group on the redo
  /// stack, which is dropped if it stays empty. Posts `NSUndoManagerWillUndoChange` and
  /// `NSUndoManagerDidUndoChange` with ``isUndoing`` already true. Does nothing on an empty stack; a
  /// group open since the last close is a ``Misuse/Kind/undoNestedGroupWithOpenGroup`` misuse.
  open func undoNestedGroup() {
    postCheckpoint()
    guard !undoStack.isEmpty else { return }
    guard undoStack.headIsEndMark else {
      return reportMisuse(.undoNestedGroupWithOpenGroup)
    }
    isUndoing = true
    post(.NSUndoManagerWillUndoChange)
    let undoneGroup = undoStack.topLevelInfo
    beginUndoGrouping()
    if isUndoRegistrationEnabled {
      redoStack.topLevelInfo = undoneGroup
    }
    performHeadGroup(ofRedoStack: false)
    if isUndoRegistrationEnabled {
      endGroup(removingIfEmpty: true)
    }
    post(.NSUndoManagerDidUndoChange, discardable: undoneGroup?.isDiscardable ?? false)
    isUndoing = false
  }

  /// Redoes the most recently undone group (see `UndoManager.redo()`).
  ///
  /// Performs the redo group's actions newest first; their registrations go to the undo stack as
  /// one group (kept even if empty) and leave the other redo groups alone. Posts
  /// `NSUndoManagerWillRedoChange` and `NSUndoManagerDidRedoChange` with ``isRedoing`` already true.
  /// Calling it from inside an undo handler is a ``Misuse/Kind/redoWhileUndoing`` misuse.
  open func redo() {
    guard canRedo else { return }
    guard redoStack.headIsEndMark else {
      return reportMisuse(.redoWhileUndoing)
    }
    isRedoing = true
    post(.NSUndoManagerWillRedoChange)
    let redoneGroup = redoStack.topLevelInfo
    beginUndoGrouping()
    if isUndoRegistrationEnabled {
      undoStack.topLevelInfo = redoneGroup
    }
    performHeadGroup(ofRedoStack: true)
    postCheckpoint()
    endUndoGrouping()
    post(.NSUndoManagerDidRedoChange, discardable: redoneGroup?.isDiscardable ?? false)
    isRedoing = false
  }

  // MARK: - Limits and removal

  /// The most groups the undo stack keeps; 0 (the default) keeps all (see
  /// `UndoManager.levelsOfUndo`).
  ///
  /// When closing a group exceeds the limit, the oldest groups are dropped; lowering the limit
  /// drops them at once. The redo stack is not limited.
  ///
  /// - Note: Apple's property is an unsigned integer, so a negative value means "no limit" there;
  ///   UndoKit stores it as 0 (unlimited).
  open var levelsOfUndo: Int {
    get { undoStack.limit }
    set {
      undoStack.limit = max(0, newValue)
    }
  }

  /// Empties both stacks, open groups included, and re-enables registration (see
  /// `UndoManager.removeAllActions()`).
  open func removeAllActions() {
    undoStack.removeAll()
    redoStack.removeAll()
    isUndoing = false
    isRedoing = false
    disableCount = 0
    isEndOfEventPending = false
  }

  /// Removes every action whose target is `target` from both stacks, and the closed groups this
  /// leaves empty (see `UndoManager.removeAllActions(withTarget:)`).
  ///
  /// - Parameter target: The target, compared by identity; a value that is not an object matches
  ///   nothing.
  open func removeAllActions(withTarget target: Any) {
    let targetID = ObjectIdentifier(target as AnyObject)
    undoStack.removeActions(withTargetID: targetID)
    redoStack.removeActions(withTargetID: targetID)
  }

  // MARK: - Action names, discardability and user info

  /// Names the current top-level group, shown in menu titles (see `UndoManager.setActionName(_:)`).
  ///
  /// While undoing it names the redo group being built. With ``groupsByEvent`` on and no group
  /// open it opens the automatic group; with it off that is an
  /// ``Misuse/Kind/actionNameWithoutGroup`` misuse. `""` clears the name.
  open func setActionName(_ actionName: String) {
    updateCurrentGroup(misuse: .actionNameWithoutGroup) { $0.actionName = actionName }
  }

  /// The name of the group ``undo()`` would undo, or `""` if it has none or nothing can be undone.
  open var undoActionName: String { undoStack.topLevelInfo?.actionName ?? "" }

  /// The name of the group ``redo()`` would redo, or `""` if it has none or nothing can be redone.
  open var redoActionName: String { redoStack.topLevelInfo?.actionName ?? "" }

  /// The title of an Undo menu item: "Undo" followed by ``undoActionName``, or "Undo" alone when
  /// the group has no name or nothing can be undone.
  open var undoMenuItemTitle: String {
    let name = undoActionName
    return canUndo && !name.isEmpty ? undoMenuTitle(forUndoActionName: name) : "Undo"
  }

  /// The title of a Redo menu item: "Redo" followed by ``redoActionName``, or "Redo" alone when
  /// the group has no name or nothing can be redone.
  open var redoMenuItemTitle: String {
    let name = redoActionName
    return canRedo && !name.isEmpty ? redoMenuTitle(forUndoActionName: name) : "Redo"
  }

  /// Returns the Undo menu title for an action name: `"Undo <name>"`.
  ///
  /// - Note: Like Apple's format, an empty name gives `"Undo "`; override to localize.
  open func undoMenuTitle(forUndoActionName actionName: String) -> String {
    "Undo \(actionName)"
  }

  /// Returns the Redo menu title for an action name: `"Redo <name>"`.
  ///
  /// - Note: Like Apple's format, an empty name gives `"Redo "`; override to localize.
  open func redoMenuTitle(forUndoActionName actionName: String) -> String {
    "Redo \(actionName)"
  }

  /// Marks the current top-level group as discardable or not (see
  /// `UndoManager.setActionIsDiscardable(_:)`); the flag travels across undo and redo.
  open func setActionIsDiscardable(_ discardable: Bool) {
    updateCurrentGroup(misuse: .discardabilityWithoutGroup) { $0.isDiscardable = discardable }
  }

  /// Whether the group ``undo()`` would undo is discardable; `false` when nothing can be undone.
  open var undoActionIsDiscardable: Bool { undoStack.topLevelInfo?.isDiscardable ?? false }

  /// Whether the group ``redo()`` would redo is discardable; `false` when nothing can be redone.
  open var redoActionIsDiscardable: Bool { redoStack.topLevelInfo?.isDiscardable ?? false }

  /// Stores `info` under `key` with the current top-level group; `nil` removes the key.
  ///
  /// See `UndoManager.setActionUserInfoValue(_:forKey:)`. The values travel across undo and redo.
  open func setActionUserInfoValue(_ info: Any?, forKey key: UserInfoKey) {
    updateCurrentGroup(misuse: .userInfoWithoutGroup) { $0.userInfo[key] = info }
  }

  /// Returns the value stored under `key` with the group ``undo()`` would undo.
  open func undoActionUserInfoValue(forKey key: UserInfoKey) -> Any? {
    undoStack.topLevelInfo?.userInfo[key]
  }

  /// Returns the value stored under `key` with the group ``redo()`` would redo.
  open func redoActionUserInfoValue(forKey key: UserInfoKey) -> Any? {
    redoStack.topLevelInfo?.userInfo[key]
  }

  /// Applies `change` to the current top-level group, opening the automatic group if needed.
  private func updateCurrentGroup(
    misuse: Misuse.Kind, _ change: (inout UndoGroupInfo) -> Void
  ) {
    guard isUndoRegistrationEnabled else { return }
    guard hasOrCanOpenGroup else {
      return reportMisuse(misuse)
    }
    prepareEventGrouping()
    modifyCurrentStack { stack in
      guard var info = stack.topLevelInfo else { return }
      change(&info)
      stack.topLevelInfo = info
    }
  }

  // MARK: - Internals shared by the extensions

  /// Whether a registration (or an action name) now has a group to go to, opening the automatic
  /// group if needed.
  var hasOrCanOpenGroup: Bool {
    groupingLevel > 0 || (groupsByEvent && !isEndOfEventPending)
  }

  /// Applies `body` to the stack registrations currently go to.
  func modifyCurrentStack<Result>(_ body: (inout UndoStack) -> Result) -> Result {
    isUndoing ? body(&redoStack) : body(&undoStack)
  }

  /// Opens the automatic top-level group when grouping by event and none is open.
  func prepareEventGrouping() {
    guard groupsByEvent, !isEndOfEventPending, groupingLevel == 0 else { return }
    scheduleEndOfEvent()
    beginUndoGrouping()
  }

  /// Closes the innermost group of the current stack; see `endUndoGrouping()`.
  private func endGroup(removingIfEmpty: Bool) {
    guard isUndoRegistrationEnabled else { return }
    postCheckpoint()
    guard groupingLevel > 0 else {
      return reportMisuse(.endWithoutBegin)
    }
    let duringUndoOrRedo = isUndoing || isRedoing
    if !duringUndoOrRedo {
      post(.NSUndoManagerWillCloseUndoGroup)
    }
    // An observer may have closed or removed groups meanwhile.
    guard groupingLevel > 0 else {
      return reportMisuse(.endWithoutBegin)
    }
    let isEmpty = modifyCurrentStack { $0.headIsBeginMark }
    if isEmpty && removingIfEmpty {
      modifyCurrentStack { $0.discardEmptyOpenGroup() }
      return
    }
    if isEmpty && !duringUndoOrRedo {
      redoStack.removeAll()
    }
    let isDiscardable = modifyCurrentStack { $0.topLevelInfo?.isDiscardable ?? false }
    modifyCurrentStack { $0.markEnd() }
    if !duringUndoOrRedo {
      post(.NSUndoManagerDidCloseUndoGroup, discardable: isDiscardable)
    }
  }

  /// Pops the group at the head of the undo (or redo) stack and performs its actions newest first.
  ///
  /// Each action is popped before it runs, so handlers see the stack without it. Stops early if a
  /// handler emptied the stack (for example with `removeAllActions()`).
  private func performHeadGroup(ofRedoStack fromRedo: Bool) {
    let baseLevel = fromRedo ? redoStack.nestingLevel : undoStack.nestingLevel
    while let entry = fromRedo ? redoStack.popHead() : undoStack.popHead() {
      switch entry {
      case .action(let action):
        action.perform()
      case .end:
        continue
      case .begin:
        let level = fromRedo ? redoStack.nestingLevel : undoStack.nestingLevel
        if level == baseLevel {
          return
        }
      }
    }
  }

  /// Posts the checkpoint notification unless one is being posted already.
  func postCheckpoint() {
    guard !isPostingCheckpoint else { return }
    isPostingCheckpoint = true
    post(.NSUndoManagerCheckpoint)
    isPostingCheckpoint = false
  }

  /// Posts `name` with the manager as object: to the observers of
  /// `addNotificationObserver(_:forNames:using:)` that follow it, then on the notification center
  /// unless nobody can observe it there yet (see ``postingNotificationCenter``).
  func post(_ name: NSNotification.Name, discardable: Bool = false) {
    let center = postingNotificationCenter
    let observers = notificationObservers
    guard center != nil || observers.contains(where: { $0.names.contains(name) }) else { return }
    let userInfo: [AnyHashable: Any]? =
      discardable ? [NSUndoManagerGroupIsDiscardableKey: true] : nil
    let notification = Notification(name: name, object: self, userInfo: userInfo)
    // A copy: observers added or removed while one runs take effect from the next notification,
    // as with a notification center.
    for observer in observers where observer.names.contains(name) {
      observer.handler(notification)
    }
    center?.post(notification)
  }
}
#endif
