import UndoKit

/// The reference editor's UI layer: a copy of the value and the Undo/Redo button states,
/// refreshed only from notifications, as a real screen is.
///
/// ``refreshNotifications`` is the seam where a screen decides which history events it follows.
@MainActor
open class EditorScreen {
  /// The value the canvas shows.
  public private(set) var displayedValue = 0
  /// Whether the Undo button is enabled.
  public private(set) var isUndoEnabled = false
  /// Whether the Redo button is enabled.
  public private(set) var isRedoEnabled = false

  /// The document shown.
  public private(set) weak var document: EditorDocument?
  /// The history whose notifications the screen follows: the bound document's.
  private weak var history: UndoManager?

  /// Creates a screen that shows nothing until it is bound to a document.
  public init() {}

  isolated deinit {
    unbind()
  }

  /// The undo-manager notifications after which the buttons may change.
  open var refreshNotifications: [Notification.Name] {
    [
      .NSUndoManagerCheckpoint, .NSUndoManagerDidCloseUndoGroup, .NSUndoManagerDidUndoChange,
      .NSUndoManagerDidRedoChange,
    ]
  }

  /// Shows `document` from now on: follows its changes and its history's notifications.
  public func bind(to document: EditorDocument) {
    unbind()
    self.document = document
    history = document.history
    document.addChangeObserver(self) { [weak self] in
      self?.documentDidChange()
    }
    document.history.addNotificationObserver(self, forNames: refreshNotifications) {
      [weak self] _ in
      self?.documentDidChange()
    }
    refresh()
  }

  /// The document or its history changed.
  open func documentDidChange() {
    refresh()
  }

  /// Copies the value and the button states from the document.
  public func refresh() {
    guard let document else { return }
    displayedValue = document.value
    isUndoEnabled = document.history.canUndo
    isRedoEnabled = document.history.redoCount > 0
  }

  private func unbind() {
    document?.removeChangeObservers(of: self)
    history?.removeNotificationObservers(of: self)
    history = nil
  }
}
