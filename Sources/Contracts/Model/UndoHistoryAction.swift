/// A user or system action on an undo-history subject, as a suite step names it.
public enum UndoHistoryAction: Hashable, Sendable, CustomStringConvertible {
  /// `adjust N`: a single control (a button) sets the value; one undo group.
  case adjust(Int)
  /// `drag began`: a continuous gesture starts.
  case dragBegan
  /// `drag moved N`: one position callback of the gesture.
  case dragMoved(Int)
  /// `drag ended`: the gesture completes; the whole drag is one undo group.
  case dragEnded
  /// `drag cancelled`: the gesture is cancelled; the subject's cancel rule applies.
  case dragCancelled
  /// `load N`: the program loads the document's value; not an edit, not in history.
  case load(Int)
  /// `switch DOC N`: the user switches to document `DOC`, whose value is `N`.
  case switchDocument(String, Int)
  /// `undo`: the user's Undo command.
  case undo
  /// `redo`: the user's Redo command.
  case redo
  /// `calculate as NAME`: an asynchronous calculation starts; its result is delivered later.
  case calculate(String)
  /// `deliver NAME N`: the calculation's result `N` arrives (possibly stale).
  case deliver(String, Int)
  /// `levels N`: the editor sets `levelsOfUndo` to `N`.
  case levels(Int)
  /// `wait 800ms`, `wait 2s`, `wait window`: time passes on the runner's clock; nothing else
  /// happens. A wait is no action of the user's: it ends no coalescing run by itself, but the time
  /// it lets pass may.
  case wait(WaitLength)

  /// The action as a suite writes it.
  public var description: String {
    switch self {
    case .adjust(let value): "adjust \(value)"
    case .dragBegan: "drag began"
    case .dragMoved(let value): "drag moved \(value)"
    case .dragEnded: "drag ended"
    case .dragCancelled: "drag cancelled"
    case .load(let value): "load \(value)"
    case .switchDocument(let document, let value): "switch \(document) \(value)"
    case .undo: "undo"
    case .redo: "redo"
    case .calculate(let name): "calculate as \(name)"
    case .deliver(let name, let value): "deliver \(name) \(value)"
    case .levels(let count): "levels \(count)"
    case .wait(let length): "wait \(length)"
    }
  }

  /// Whether the action edits the document as a user action (and so may enter history).
  public var isEdit: Bool {
    switch self {
    case .adjust, .dragEnded, .dragCancelled, .deliver: true
    case .dragBegan, .dragMoved, .load, .switchDocument, .undo, .redo, .calculate, .levels,
      .wait:
      false
    }
  }
}
