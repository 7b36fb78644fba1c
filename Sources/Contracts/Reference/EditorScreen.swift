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

  /// The undo-manager notifications after which the buttons may change.
  private static let historyNotifications: [Notification.Name] = [
    .NSUndoManagerCheckpoint, .NSUndoManagerDidCloseUndoGroup, .NSUndoManagerDidUndoChange,
    .NSUndoManagerDidRedoChange,
  ]

  /// Creates a screen showing `document`.
  public init(showing document: EditorDocument) {
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
      MainActor.assumeIsolated { self?.refresh() }
    }
    observers.append(
      center.addObserver(
        forName: EditorDocument.didChange, object: document, queue: nil, using: onChange))
    for name in Self.historyNotifications {
      observers.append(
        center.addObserver(forName: name, object: document.history, queue: nil, using: onChange))
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
