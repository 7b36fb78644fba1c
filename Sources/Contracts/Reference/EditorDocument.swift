import UndoKit

/// A document of the reference editor: an identity, an integer value, a revision and its own
/// undo history — the seed article's `PositionEditor`, grown.
@MainActor
public final class EditorDocument {
  /// Posted on the default center, with the document as object, after every value change.
  public static let didChange = Notification.Name("StateGateEditorDocumentDidChange")

  /// The source of revisions; monotonic across documents, so a reopened document never reuses one.
  private static var lastRevision = 0

  /// The document's identity.
  public private(set) var id: String
  /// The document's value (a position, in the seed's terms).
  public private(set) var value: Int
  /// Changes with every change of the value, including undo and redo.
  public private(set) var revision: Int
  /// The document's own history, with explicit groups (`groupsByEvent` off).
  public let history = UndoManager()
  /// The planted bug, for the fault catalogue; `nil` in the reference editor.
  let fault: EditorFault?
  /// The value before the latest change (only the `inverse-reads-current-value` fault reads it).
  private var previousValue = 0
  /// Work the `inverse-registered-late` fault postpones to the next run-loop turn.
  private var postponed: [() -> Void] = []

  /// Opens a document with its stored value; opening is not an undoable action.
  public convenience init(id: String, value: Int) {
    self.init(id: id, value: value, fault: nil)
  }

  init(id: String, value: Int, fault: EditorFault?) {
    self.id = id
    self.value = value
    self.revision = Self.nextRevision()
    self.fault = fault
    history.groupsByEvent = false
  }

  /// Sets the value and registers its inverse through this same method: the editing entry point.
  ///
  /// Because the inverse calls this method, undo registers the redo. Setting the current value
  /// registers nothing.
  public func setValue(_ next: Int) {
    guard next != value else { return }
    let previous = value
    switch fault {
    case .inverseAssignsDirectly:
      history.registerUndo(withTarget: self) { document in
        document.apply(previous)
      }
    case .inverseReadsCurrentValue:
      history.registerUndo(withTarget: self) { document in
        document.setValue(document.previousValue)
      }
    case .inverseRegisteredLate:
      history.registerUndo(withTarget: self) { document in
        let undone = document.value
        document.apply(previous)
        document.postponed.append { [unowned document] in
          document.history.registerUndo(withTarget: document) { $0.setValue(undone) }
        }
      }
    default:
      history.registerUndo(withTarget: self) { document in
        document.setValue(previous)
      }
    }
    previousValue = previous
    apply(next)
  }

  /// Runs work postponed to the next run-loop turn (only the `inverse-registered-late` fault
  /// postpones anything).
  func runPostponedWork() {
    let work = postponed
    postponed.removeAll()
    for item in work {
      item()
    }
  }

  /// Gives the document another identity and value, keeping its history (only the
  /// `history-across-switch` fault does this).
  func reopen(as id: String, value: Int) {
    self.id = id
    apply(value)
  }

  /// Records a finished gesture that moved the value from `start` to the current value as one
  /// named undo group; records nothing when the gesture ended where it began.
  public func commitGesture(from start: Int, actionName: String) {
    guard value != start else { return }
    history.beginUndoGrouping()
    history.registerUndo(withTarget: self) { document in
      document.setValue(start)
    }
    history.setActionName(actionName)
    history.endUndoGrouping()
  }

  /// Shows a value without recording it: gesture previews and programmatic changes.
  public func apply(_ next: Int) {
    value = next
    revision = Self.nextRevision()
    NotificationCenter.default.post(name: Self.didChange, object: self)
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
