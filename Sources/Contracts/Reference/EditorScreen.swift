import UndoKit

/// The reference editor's UI layer: a copy of the value and the Undo/Redo button states,
/// refreshed only from notifications, as a real screen is.
@MainActor
public final class EditorScreen {
  /// The value the canvas shows.
  public private(set) var displayedValue = 0
  /// Whether the Undo button is enabled.
  public private(set) var isUndoEnabled = false
  /// Whether the Redo button is enabled.
  public private(set) var isRedoEnabled = false

  private weak var document: EditorDocument?
  private var observers: [any NSObjectProtocol] = []
  /// The planted bug, for the fault catalogue; `nil` in the reference editor.
  let fault: EditorFault?

  /// The undo-manager notifications after which the buttons may change.
  private static let historyNotifications: [Notification.Name] = [
    .NSUndoManagerCheckpoint, .NSUndoManagerDidCloseUndoGroup, .NSUndoManagerDidUndoChange,
    .NSUndoManagerDidRedoChange,
  ]

  /// Creates a screen showing `document`.
  public convenience init(showing document: EditorDocument) {
    self.init(showing: document, fault: nil)
  }

  init(showing document: EditorDocument, fault: EditorFault?) {
    self.fault = fault
    bind(to: document)
  }

  isolated deinit {
    unbind()
  }

  /// Shows `document` from now on: observes its changes and its history's notifications.
  public func bind(to document: EditorDocument) {
    unbind()
    self.document = document
    let center = NotificationCenter.default
    let onChange: @Sendable (Notification) -> Void = { [weak self] _ in
      MainActor.assumeIsolated { self?.documentDidChange() }
    }
    observers.append(
      center.addObserver(
        forName: EditorDocument.didChange, object: document, queue: nil, using: onChange))
    let ignored: [Notification.Name] =
      fault == .uiStaleAfterUndo ? [.NSUndoManagerDidUndoChange, .NSUndoManagerDidRedoChange] : []
    for name in Self.historyNotifications where !ignored.contains(name) {
      observers.append(
        center.addObserver(forName: name, object: document.history, queue: nil, using: onChange))
    }
    refresh()
  }

  private func documentDidChange() {
    if fault == .uiStaleAfterUndo, let history = document?.history,
      history.isUndoing || history.isRedoing
    {
      return
    }
    refresh()
  }

  private func refresh() {
    guard let document else { return }
    displayedValue = document.value
    isUndoEnabled = document.history.canUndo
    isRedoEnabled = document.history.redoCount > 0
  }

  private func unbind() {
    for observer in observers {
      NotificationCenter.default.removeObserver(observer)
    }
    observers.removeAll()
  }
}
