extension SessionRecorder {
  /// An event followed by a list of records or items: the list's slots come one by one from the
  /// caller's own loop, so the loop is specialised in the app and allocates nothing.
  @usableFromInline
  enum ListEvent: UInt8 {
    case load, session, sort, refreshListed, batch, batchSaved, batchEach, items, select
  }

  /// Takes the lock and appends the slot of `event` (with the handle of the request `token`
  /// names, for an answer); the caller adds the list with ``addToList(_:flags:value:)`` and ends
  /// it with ``endList()``.
  ///
  /// - Returns: `false`, with the lock not taken, when the event belongs to the other family.
  @usableFromInline
  func beginList(_ event: ListEvent, token: Int) -> Bool {
    let head: RecordedEntry
    let item: RecordedEntry.Kind
    let required: RecordedCapability?
    switch event {
    case .load, .session, .sort:
      guard family == .optimisticUpdates else { return false }
      lock.lock()
      head = RecordedEntry(kind: event == .load ? .load : event == .session ? .session : .sort)
      item = event == .load ? .loadItem : event == .session ? .sessionItem : .sortItem
      required = nil
    case .refreshListed:
      guard family == .optimisticUpdates else { return false }
      lock.lock()
      head = RecordedEntry(
        kind: .respondToRefresh, flags: RecordedEntry.Code.listed,
        value: refreshes.number(for: token))
      item = .refreshItem
      required = .refresh
    case .batch:
      guard family == .optimisticUpdates else { return false }
      lock.lock()
      batchesSent += 1
      batches.add(token, number: batchesSent)
      head = RecordedEntry(kind: .batch, value: batchesSent)
      item = .batchItem
      required = .batches
    case .batchSaved, .batchEach:
      guard family == .optimisticUpdates else { return false }
      lock.lock()
      head = RecordedEntry(
        kind: .respondToBatch,
        flags: event == .batchSaved ? RecordedEntry.Code.batchSaved : RecordedEntry.Code.batchEach,
        value: batches.number(for: token))
      item = .batchAnswerItem
      required = .batches
    case .items, .select:
      guard family == .undoHistory else { return false }
      lock.lock()
      head = RecordedEntry(kind: event == .items ? .items : .select)
      item = event == .items ? .itemValue : .selectItem
      required = .selection
    }
    if let required { needed |= required.bit }
    append(head)
    listItem = item
    listItems = 0
    return true
  }

  /// Appends one record or item of the list begun by ``beginList(_:token:)``: its handle from
  /// `key` (an identifier's hash value), its flags and number; a list longer than the ring is
  /// cut to what fits.
  @usableFromInline
  func addToList(_ key: Int, flags: UInt8, value: Int64) {
    guard listItems < min(capacity - 1, Int(UInt16.max)) else { return }
    append(
      RecordedEntry(kind: listItem, flags: flags, handle: records.number(for: key), value: value))
    listItems += 1
  }

  /// Writes the count of the list's items into its event's slot and releases the lock.
  @usableFromInline
  func endList() {
    // The event's slot is the newest one `listItems` slots back.
    var slot = head + count - 1 - listItems
    if slot >= capacity { slot -= capacity }
    ring[slot].small = UInt16(listItems)
    lock.unlock()
  }

  /// Appends one record of a list of values (a load, a session change, a refreshed list, a
  /// saved batch) with its value; one beyond on/off makes the recording require `values`.
  @usableFromInline
  func addValueToList(_ key: Int, _ value: RecordedValue) {
    if value.isBeyondOnOff { needed |= RecordedCapability.values.bit }
    if listItem == .batchAnswerItem {
      let (code, index) = Self.slot(of: .savedValue(value))
      addToList(key, flags: code, value: index)
    } else {
      addToList(key, flags: value.index, value: 0)
    }
  }

  /// Appends one record of a batch answered record by record, with its outcome.
  @usableFromInline
  func addOutcomeToList(_ key: Int, _ answer: WriteAnswer) {
    let (code, index) = Self.slot(of: answer)
    if code == RecordedEntry.Code.declaredValue { noteValue(index) }
    addToList(key, flags: code, value: index)
  }
}
