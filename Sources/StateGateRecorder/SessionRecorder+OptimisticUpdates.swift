extension SessionRecorder {
  /// What the server answered to a write.
  public enum WriteAnswer: Sendable, Equatable {
    /// The write committed; the server's value.
    case saved(Bool)
    /// A business-rule rejection known not to have committed.
    case rejected
    /// A timeout or dropped connection: the outcome is unknown.
    case unknown
  }

  /// What the server answered to a sync (a read of a record's value).
  public enum SyncAnswer: Sendable, Equatable {
    /// The read succeeded: the server holds this value.
    case value(Bool)
    /// The read failed.
    case failed
  }

  /// Records that the list loaded `records`, in this order, with their authoritative values.
  ///
  /// - Parameters:
  ///   - records: The records in list order.
  ///   - id: Reads a record's identifier (kept only as a handle).
  ///   - value: Reads a record's value.
  public func loaded<Records: Sequence, ID: Hashable>(
    _ records: Records, id: (Records.Element) -> ID, value: (Records.Element) -> Bool
  ) {
    recordList(.load, item: .loadItem, records, id: id, value: value)
  }

  /// Records a session change (sign out and in): every record gets this authoritative value.
  ///
  /// - Parameters:
  ///   - records: The records in list order.
  ///   - id: Reads a record's identifier (kept only as a handle).
  ///   - value: Reads a record's value.
  public func sessionChanged<Records: Sequence, ID: Hashable>(
    _ records: Records, id: (Records.Element) -> ID, value: (Records.Element) -> Bool
  ) {
    recordList(.session, item: .sessionItem, records, id: id, value: value)
  }

  /// Records that the list was re-sorted into this order of records.
  ///
  /// - Parameters:
  ///   - order: The records in their new order.
  ///   - id: Reads a record's identifier.
  public func sorted<Records: Sequence, ID: Hashable>(
    _ order: Records, id: (Records.Element) -> ID
  ) {
    recordList(.sort, item: .sortItem, order, id: id, value: { _ in false })
  }

  /// Records a tap on record `record` that sent no write.
  public func tapped(record: some Hashable) {
    guard family == .optimisticUpdates else { return }
    let key = record.hashValue
    lock.lock()
    append(RecordedEntry(kind: .tap, handle: records.number(for: key)))
    lock.unlock()
  }

  /// Records a tap on record `record` that sent the write `token`.
  public func tapped(record: some Hashable, sent token: some Hashable) {
    guard family == .optimisticUpdates else { return }
    let key = record.hashValue
    let tokenKey = token.hashValue
    lock.lock()
    writesSent += 1
    requests.add(tokenKey, number: writesSent)
    append(RecordedEntry(kind: .tap, handle: records.number(for: key), value: writesSent))
    lock.unlock()
  }

  /// Records the server's answer to the write `token`.
  public func answered(write token: some Hashable, with answer: WriteAnswer) {
    guard family == .optimisticUpdates else { return }
    let code: UInt8 =
      switch answer {
      case .saved(let value): value ? RecordedEntry.Code.savedOn : RecordedEntry.Code.savedOff
      case .rejected: RecordedEntry.Code.rejected
      case .unknown: RecordedEntry.Code.unknown
      }
    let key = token.hashValue
    lock.lock()
    append(RecordedEntry(kind: .respond, flags: code, value: max(0, requests.number(for: key))))
    lock.unlock()
  }

  /// Records that the app cancelled the write `token`.
  public func cancelled(write token: some Hashable) {
    guard family == .optimisticUpdates else { return }
    let key = token.hashValue
    lock.lock()
    append(RecordedEntry(kind: .cancel, value: max(0, requests.number(for: key))))
    lock.unlock()
  }

  /// Records that the app started a sync of record `record`, sending the read `token`.
  public func syncStarted(record: some Hashable, sent token: some Hashable) {
    guard family == .optimisticUpdates else { return }
    let key = record.hashValue
    let tokenKey = token.hashValue
    lock.lock()
    syncsSent += 1
    requests.add(tokenKey, number: -syncsSent)
    append(RecordedEntry(kind: .sync, handle: records.number(for: key), value: syncsSent))
    lock.unlock()
  }

  /// Records the server's answer to the sync `token`.
  public func answered(sync token: some Hashable, with answer: SyncAnswer) {
    guard family == .optimisticUpdates else { return }
    let code: UInt8 =
      switch answer {
      case .value(let value): value ? RecordedEntry.Code.readOn : RecordedEntry.Code.readOff
      case .failed: RecordedEntry.Code.failed
      }
    let key = token.hashValue
    lock.lock()
    append(
      RecordedEntry(kind: .respondToSync, flags: code, value: max(0, -requests.number(for: key))))
    lock.unlock()
  }

  /// Records what the row of record `record` showed, with no write pending.
  ///
  /// - Parameters:
  ///   - record: The record.
  ///   - confirmed: The value the server last confirmed.
  ///   - displayed: The value the row shows.
  ///   - needsSync: Whether the record must be read before further writes.
  ///   - saving: Whether the row shows its saving indicator.
  ///   - tapEnabled: Whether the row accepts taps.
  public func showed(
    record: some Hashable, confirmed: Bool, displayed: Bool, needsSync: Bool, saving: Bool,
    tapEnabled: Bool
  ) {
    recordShown(
      record.hashValue, pending: nil, confirmed: confirmed, displayed: displayed,
      needsSync: needsSync, saving: saving, tapEnabled: tapEnabled)
  }

  /// Records what the row of record `record` showed while the write `pending` was in flight.
  ///
  /// - Parameters:
  ///   - record: The record.
  ///   - confirmed: The value the server last confirmed.
  ///   - displayed: The value the row shows.
  ///   - pending: The token of the write in flight.
  ///   - needsSync: Whether the record must be read before further writes.
  ///   - saving: Whether the row shows its saving indicator.
  ///   - tapEnabled: Whether the row accepts taps.
  public func showed(
    record: some Hashable, confirmed: Bool, displayed: Bool, pending: some Hashable,
    needsSync: Bool, saving: Bool, tapEnabled: Bool
  ) {
    let key = pending.hashValue
    recordShown(
      record.hashValue, pending: key, confirmed: confirmed, displayed: displayed,
      needsSync: needsSync, saving: saving, tapEnabled: tapEnabled)
  }

  /// Shown-state flags of a record.
  enum ShownRecord {
    static let confirmed: UInt8 = 1
    static let displayed: UInt8 = 2
    static let needsSync: UInt8 = 4
    static let saving: UInt8 = 8
    static let tapEnabled: UInt8 = 16
    static let pending: UInt8 = 32
  }

  private func recordShown(
    _ recordKey: Int, pending: Int?, confirmed: Bool, displayed: Bool, needsSync: Bool,
    saving: Bool, tapEnabled: Bool
  ) {
    guard family == .optimisticUpdates else { return }
    var flags: UInt8 = 0
    if confirmed { flags |= ShownRecord.confirmed }
    if displayed { flags |= ShownRecord.displayed }
    if needsSync { flags |= ShownRecord.needsSync }
    if saving { flags |= ShownRecord.saving }
    if tapEnabled { flags |= ShownRecord.tapEnabled }
    lock.lock()
    var request: Int64 = 0
    if let pending {
      flags |= ShownRecord.pending
      request = max(0, requests.number(for: pending))
    }
    append(
      RecordedEntry(
        kind: .shownRecord, flags: flags, handle: records.number(for: recordKey), value: request))
    lock.unlock()
  }

  private func recordList<Records: Sequence, ID: Hashable>(
    _ kind: RecordedEntry.Kind, item: RecordedEntry.Kind, _ list: Records,
    id: (Records.Element) -> ID, value: (Records.Element) -> Bool
  ) {
    guard family == .optimisticUpdates else { return }
    lock.lock()
    defer { lock.unlock() }
    appendList(RecordedEntry(kind: kind), item: item, list) { element in
      (id(element).hashValue, value(element) ? 1 : 0, 0)
    }
  }

  /// Appends `event`, then one slot of kind `item` per element (a record handle from the
  /// element's key, its flags and number), and writes the count of items into the event's slot.
  ///
  /// Call with the lock held. An event longer than the ring is cut to what fits.
  func appendList<Elements: Sequence>(
    _ event: RecordedEntry, item: RecordedEntry.Kind, _ list: Elements,
    slot: (Elements.Element) -> (key: Int, flags: UInt8, value: Int64)
  ) {
    // The count is written after the items, which are counted as they come.
    append(event)
    var items = 0
    for element in list where items < min(capacity - 1, Int(UInt16.max)) {
      let (key, flags, value) = slot(element)
      append(
        RecordedEntry(kind: item, flags: flags, handle: records.number(for: key), value: value))
      items += 1
    }
    // The head slot is the newest one `items` slots back.
    var slot = head + count - 1 - items
    if slot >= capacity { slot -= capacity }
    ring[slot].small = UInt16(items)
  }
}
