extension SessionRecorder {
  /// Records that the program loaded several items with their values, the first one selected
  /// (not an edit, not in history).
  ///
  /// Items are named like records (`a`, `b`, … in the order first seen); the recording then
  /// requires `selection`.
  ///
  /// - Parameters:
  ///   - items: The items in order.
  ///   - id: Reads an item's identifier (kept only as a handle).
  ///   - value: Reads an item's value.
  @inlinable
  public func itemsLoaded<Items: Sequence, ID: Hashable>(
    _ items: Items, id: (Items.Element) -> ID, value: (Items.Element) -> Int
  ) {
    guard beginList(.items, token: 0) else { return }
    for item in items { addToList(id(item).hashValue, flags: 0, value: Int64(value(item))) }
    endList()
  }

  /// Records that the user selected the items `items` (not an edit, not in history).
  ///
  /// - Parameters:
  ///   - items: The selected items, in order.
  ///   - id: Reads an item's identifier.
  @inlinable
  public func selected<Items: Sequence, ID: Hashable>(
    _ items: Items, id: (Items.Element) -> ID
  ) {
    guard beginList(.select, token: 0) else { return }
    for item in items { addToList(id(item).hashValue, flags: 0, value: 0) }
    endList()
  }

  /// Records that the user selected the items whose identifiers are `items`.
  @inlinable
  public func selected<Items: Sequence>(_ items: Items) where Items.Element: Hashable {
    selected(items, id: { $0 })
  }

  /// Records that `duration` passed on the app's clock with no other event (whole
  /// milliseconds, rounded down), so a coalescing window (undo history) or a write timeout
  /// (optimistic updates) replays as it ran.
  ///
  /// Time passing right after time passing adds to it; a gap is recorded as at most one day,
  /// longer than any coalescing window or write timeout. The recording then requires
  /// `coalescing-window` (undo history) or `write-timeouts` (optimistic updates).
  public func timePassed(_ duration: Duration) {
    let milliseconds = Self.milliseconds(duration)
    let required: RecordedCapability =
      family == .undoHistory ? .coalescingWindow : .writeTimeouts
    lock.lock()
    defer { lock.unlock() }
    needed |= required.bit
    if count > 0 {
      var newest = head + count - 1
      if newest >= capacity { newest -= capacity }
      if ring[newest].kind == .wait {
        ring[newest].value = min(Self.longestWait, ring[newest].value + milliseconds)
        return
      }
    }
    append(RecordedEntry(kind: .wait, value: milliseconds))
  }

  /// The longest time passing one event records, in milliseconds: one day.
  static let longestWait: Int64 = 86_400_000
}
