import UndoKit

/// A document of the reference editor: an identity, an integer value, a revision and a history —
/// the undo/redo article's `PositionEditor`, grown.
///
/// `setValue(_:)` is the editing entry point: it registers the inverse of every change through
/// itself, so undoing registers the redo. ``registerInverse(restoring:)`` is the seam where a
/// document decides how that inverse is registered.
@MainActor
open class EditorDocument {
  /// Posted on its history's notification center, with the document as object, after every
  /// value change, once anyone can observe that center (see `postingNotificationCenter`).
  public static let didChange = Notification.Name("StateGateEditorDocumentDidChange")

  /// The source of revisions; monotonic across documents, so a reopened document never reuses one.
  private static var lastRevision = 0

  /// The document's identity.
  public let id: String
  /// The document's value (a position, in the undo/redo article's terms).
  public private(set) var value: Int
  /// Changes with every change of the value, including undo and redo.
  public private(set) var revision: Int
  /// The document's history, with explicit groups (`groupsByEvent` off).
  public let history: UndoManager
  /// Called after every value change, oldest first, with the object that added each.
  private var changeObservers: [(owner: ObjectIdentifier, handler: @MainActor () -> Void)] = []

  /// Opens a document with its stored value; opening is not an undoable action.
  ///
  /// - Parameters:
  ///   - id: The document's identity.
  ///   - value: Its stored value.
  ///   - history: The undo manager that records its edits. Unless given, a new one that posts to
  ///     a center of its own: the document's screen follows it directly, and code that observes
  ///     it through `history.notificationCenter` still gets every notification.
  public required init(
    id: String, value: Int, history: UndoManager = UndoManager(ownNotificationCenter: true)
  ) {
    self.id = id
    self.value = value
    self.history = history
    self.revision = Self.nextRevision()
    history.groupsByEvent = false
  }

  /// Sets the value and registers its inverse: the editing entry point.
  ///
  /// Setting the current value registers nothing.
  public func setValue(_ next: Int) {
    guard next != value else { return }
    registerInverse(restoring: value)
    apply(next)
  }

  /// Registers the inverse of a change that replaces `previous`: a call of the entry point that
  /// sets `previous` back, so undoing registers the redo.
  open func registerInverse(restoring previous: Int) {
    history.registerUndo(withTarget: self) { document in
      document.setValue(previous)
    }
  }

  /// Records a finished gesture that moved the value from `start` to the current value as one
  /// named undo group; records nothing when the gesture ended where it began.
  public func commitGesture(from start: Int, actionName: String) {
    guard value != start else { return }
    history.beginUndoGrouping()
    registerInverse(restoring: start)
    history.setActionName(actionName)
    history.endUndoGrouping()
  }

  /// Shows a value without recording it: gesture previews and programmatic changes.
  public func apply(_ next: Int) {
    value = next
    revision = Self.nextRevision()
    for observer in changeObservers {
      observer.handler()
    }
    history.postingNotificationCenter?.post(name: Self.didChange, object: self)
  }

  /// Calls `handler` after every value change, before ``didChange`` is posted: the light way for
  /// a screen to follow its document.
  ///
  /// - Parameters:
  ///   - owner: The object the observer belongs to; ``removeChangeObservers(of:)`` with it
  ///     removes the observer.
  ///   - handler: Called after each change.
  public func addChangeObserver(_ owner: AnyObject, using handler: @escaping @MainActor () -> Void)
  {
    changeObservers.append((ObjectIdentifier(owner), handler))
  }

  /// Removes the observers `owner` added with ``addChangeObserver(_:using:)``.
  public func removeChangeObservers(of owner: AnyObject) {
    let id = ObjectIdentifier(owner)
    changeObservers.removeAll { $0.owner == id }
  }

  /// Loads a value programmatically: not an edit, and it clears both history stacks.
  public func load(_ next: Int) {
    history.removeAllActions()
    apply(next)
  }

  private static func nextRevision() -> Int {
    lastRevision += 1
    return lastRevision
  }
}
