extension SessionRecorder {
  /// Records a single control's adjustment (a button): one user action.
  public func adjusted(to value: Int) {
    recordEditor(RecordedEntry(kind: .adjust, value: Int64(value)))
  }

  /// Records that a drag began.
  public func dragBegan() {
    recordEditor(RecordedEntry(kind: .dragBegan))
  }

  /// Records one position callback of the drag in progress.
  public func dragMoved(to value: Int) {
    recordEditor(RecordedEntry(kind: .dragMoved, value: Int64(value)))
  }

  /// Records that the drag ended.
  public func dragEnded() {
    recordEditor(RecordedEntry(kind: .dragEnded))
  }

  /// Records that the drag was cancelled.
  public func dragCancelled() {
    recordEditor(RecordedEntry(kind: .dragCancelled))
  }

  /// Records the user's Undo command.
  public func undid() {
    recordEditor(RecordedEntry(kind: .undo))
  }

  /// Records the user's Redo command.
  public func redid() {
    recordEditor(RecordedEntry(kind: .redo))
  }

  /// Records a programmatic load of the document's value (not an edit).
  public func loaded(value: Int) {
    recordEditor(RecordedEntry(kind: .loadValue, value: Int64(value)))
  }

  /// Records that the user set the history limit to `levels` groups (0: unlimited).
  public func limitedHistory(to levels: Int) {
    recordEditor(RecordedEntry(kind: .levels, value: Int64(levels)))
  }

  /// Records a switch to document `document`, whose stored value is `value`.
  public func switchedDocument(to document: some Hashable, value: Int) {
    guard family == .undoHistory else { return }
    let key = document.hashValue
    lock.lock()
    append(
      RecordedEntry(
        kind: .switchDocument, handle: documents.number(for: key), value: Int64(value)))
    lock.unlock()
  }

  /// Records that the asynchronous calculation `calculation` started.
  public func calculationStarted(_ calculation: some Hashable) {
    guard family == .undoHistory else { return }
    let key = calculation.hashValue
    lock.lock()
    calculationsStarted += 1
    calculations.add(key, number: calculationsStarted)
    append(RecordedEntry(kind: .calculate, value: calculationsStarted))
    lock.unlock()
  }

  /// Records that the result `result` of calculation `calculation` arrived.
  public func calculationDelivered(_ calculation: some Hashable, result: Int) {
    guard family == .undoHistory else { return }
    let key = calculation.hashValue
    lock.lock()
    let number = calculations.number(for: key)
    append(
      RecordedEntry(kind: .deliver, handle: UInt32(clamping: number), extra: Int64(result)))
    lock.unlock()
  }

  /// Shown-state flags of an editor.
  enum ShownEditor {
    static let canUndo: UInt8 = 1
    static let canRedo: UInt8 = 2
    static let undoEnabled: UInt8 = 4
    static let redoEnabled: UInt8 = 8
  }

  /// Records what the editor showed after the last event.
  ///
  /// - Parameters:
  ///   - value: The model's value.
  ///   - display: The value the UI shows.
  ///   - level: The undo manager's grouping level.
  ///   - canUndo: Whether the history can undo.
  ///   - canRedo: Whether the history can redo.
  ///   - undoEnabled: Whether the UI's Undo control is enabled.
  ///   - redoEnabled: Whether the UI's Redo control is enabled.
  public func showed(
    value: Int, display: Int, level: Int, canUndo: Bool, canRedo: Bool, undoEnabled: Bool,
    redoEnabled: Bool
  ) {
    var flags: UInt8 = 0
    if canUndo { flags |= ShownEditor.canUndo }
    if canRedo { flags |= ShownEditor.canRedo }
    if undoEnabled { flags |= ShownEditor.undoEnabled }
    if redoEnabled { flags |= ShownEditor.redoEnabled }
    recordEditor(
      RecordedEntry(
        kind: .shownEditor, flags: flags, small: UInt16(clamping: level), value: Int64(value),
        extra: Int64(display)))
  }

  private func recordEditor(_ entry: RecordedEntry) {
    guard family == .undoHistory else { return }
    lock.lock()
    append(entry)
    lock.unlock()
  }
}
