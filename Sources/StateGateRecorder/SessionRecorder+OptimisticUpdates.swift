extension SessionRecorder {
  /// What the server answered to a write.
  public enum WriteAnswer: Sendable, Equatable {
    /// The write committed; the server's value.
    case saved(Bool)
    /// The write committed; the server's value, on, off or one the app declared (such as
    /// `requested`).
    case savedValue(RecordedValue)
    /// A business-rule rejection known not to have committed.
    case rejected
    /// A timeout or dropped connection: the outcome is unknown.
    case unknown
  }

  /// What the server answered to a sync (a read of a record's value).
  public enum SyncAnswer: Sendable, Equatable {
    /// The read succeeded: the server holds this value.
    case value(Bool)
    /// The read succeeded: the server holds this value, on, off or one the app declared.
    case readValue(RecordedValue)
    /// The read failed.
    case failed
  }

  /// Records that the list loaded `records`, in this order, with their authoritative values.
  ///
  /// - Parameters:
  ///   - records: The records in list order.
  ///   - id: Reads a record's identifier (kept only as a handle).
  ///   - value: Reads a record's value: a Boolean (on/off), a declared word or a
  ///     ``RecordedValue``.
  @inlinable
  public func loaded<Records: Sequence, ID: Hashable, Value: RecordableValue>(
    _ records: Records, id: (Records.Element) -> ID, value: (Records.Element) -> Value
  ) {
    guard beginList(.load, token: 0) else { return }
    for record in records {
      addValueToList(id(record).hashValue, value(record).recordedValue(in: self))
    }
    endList()
  }

  /// Records a session change (sign out and in): every record gets this authoritative value.
  ///
  /// - Parameters:
  ///   - records: The records in list order.
  ///   - id: Reads a record's identifier (kept only as a handle).
  ///   - value: Reads a record's value: a Boolean (on/off), a declared word or a
  ///     ``RecordedValue``.
  @inlinable
  public func sessionChanged<Records: Sequence, ID: Hashable, Value: RecordableValue>(
    _ records: Records, id: (Records.Element) -> ID, value: (Records.Element) -> Value
  ) {
    guard beginList(.session, token: 0) else { return }
    for record in records {
      addValueToList(id(record).hashValue, value(record).recordedValue(in: self))
    }
    endList()
  }

  /// Records that the list was re-sorted into this order of records.
  ///
  /// - Parameters:
  ///   - order: The records in their new order.
  ///   - id: Reads a record's identifier.
  @inlinable
  public func sorted<Records: Sequence, ID: Hashable>(
    _ order: Records, id: (Records.Element) -> ID
  ) {
    guard beginList(.sort, token: 0) else { return }
    for record in order { addToList(id(record).hashValue, flags: 0, value: 0) }
    endList()
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

  /// Records a tap on record `record` that the app queued behind the record's pending write.
  ///
  /// Once the pending write is answered the app sends the latest queued value by itself, as the
  /// write `token` (the queue-latest rule; a later queued tap replaces this one). Record the
  /// write's answer with ``answered(write:with:)`` under the same `token`.
  ///
  /// The recording then requires `latest-tap-queued`.
  public func tapped(record: some Hashable, queued token: some Hashable) {
    guard family == .optimisticUpdates else { return }
    let key = record.hashValue
    let tokenKey = token.hashValue
    lock.lock()
    needed |= RecordedCapability.latestTapQueued.bit
    writesQueued += 1
    let number = RecordedEntry.Code.queuedWrite + writesQueued
    requests.add(tokenKey, number: number)
    append(RecordedEntry(kind: .tap, handle: records.number(for: key), value: number))
    lock.unlock()
  }

  /// Records the server's answer to the write `token`.
  public func answered(write token: some Hashable, with answer: WriteAnswer) {
    guard family == .optimisticUpdates else { return }
    let (code, index) = Self.slot(of: answer)
    let key = token.hashValue
    lock.lock()
    if code == RecordedEntry.Code.declaredValue { noteValue(index) }
    append(
      RecordedEntry(
        kind: .respond, flags: code, value: max(0, requests.number(for: key)), extra: index))
    lock.unlock()
  }

  /// Records that the write `token` committed with the server's value `value`: on, off or a
  /// declared word (`"requested"`).
  ///
  /// - Parameters:
  ///   - token: The write's token.
  ///   - value: The value the server saved.
  public func answered(write token: some Hashable, saved value: some RecordableValue) {
    answered(write: token, with: .savedValue(value.recordedValue(in: self)))
  }

  /// Records that the user picked `value` for record `record` (a follow menu, a reaction) and
  /// no write was sent.
  ///
  /// - Parameters:
  ///   - record: The record.
  ///   - value: The value picked: on, off or a declared word.
  public func chose(record: some Hashable, value: some RecordableValue) {
    recordChoice(record.hashValue, value.recordedValue(in: self), token: nil)
  }

  /// Records that the user picked `value` for record `record` and the app sent the write
  /// `token` (a suite's `set a close-friends as r1`).
  ///
  /// - Parameters:
  ///   - record: The record.
  ///   - value: The value picked: on, off or a declared word.
  ///   - token: The write's token.
  public func chose(record: some Hashable, value: some RecordableValue, sent token: some Hashable) {
    recordChoice(record.hashValue, value.recordedValue(in: self), token: token.hashValue)
  }

  private func recordChoice(_ key: Int, _ value: RecordedValue, token: Int?) {
    guard family == .optimisticUpdates else { return }
    lock.lock()
    var request: Int64 = 0
    if let token {
      writesSent += 1
      requests.add(token, number: writesSent)
      request = writesSent
    }
    noteValue(Int64(value.index))
    append(
      RecordedEntry(
        kind: .choose, handle: records.number(for: key), value: request,
        extra: Int64(value.index)))
    lock.unlock()
  }

  /// Notes that an event names the value at `index`: one beyond on/off makes the recording
  /// require `values`.
  ///
  /// Call with the lock held.
  @usableFromInline
  func noteValue(_ index: Int64) {
    if RecordedValue(index: UInt8(truncatingIfNeeded: index)).isBeyondOnOff {
      needed |= RecordedCapability.values.bit
    }
  }

  /// The code a write's answer is recorded with, and the index of its value when the code is
  /// ``RecordedEntry/Code/declaredValue``.
  @usableFromInline
  static func slot(of answer: WriteAnswer) -> (code: UInt8, index: Int64) {
    switch answer {
    case .saved(let value): (value ? RecordedEntry.Code.savedOn : RecordedEntry.Code.savedOff, 0)
    case .savedValue(let value) where value.index < 2: (value.index, 0)
    case .savedValue(let value): (RecordedEntry.Code.declaredValue, Int64(value.index))
    case .rejected: (RecordedEntry.Code.rejected, 0)
    case .unknown: (RecordedEntry.Code.unknown, 0)
    }
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
    let (code, index): (UInt8, Int64) =
      switch answer {
      case .value(let value): (value ? RecordedEntry.Code.readOn : RecordedEntry.Code.readOff, 0)
      case .readValue(let value) where value.index < 2: (value.index, 0)
      case .readValue(let value): (RecordedEntry.Code.declaredValue, Int64(value.index))
      case .failed: (RecordedEntry.Code.failed, 0)
      }
    let key = token.hashValue
    lock.lock()
    if code == RecordedEntry.Code.declaredValue { noteValue(index) }
    append(
      RecordedEntry(
        kind: .respondToSync, flags: code, value: max(0, -requests.number(for: key)),
        extra: index))
    lock.unlock()
  }

  /// Records that the sync (or read) `token` found the server holding `value`: on, off or a
  /// declared word.
  ///
  /// - Parameters:
  ///   - token: The sync's token.
  ///   - value: The value the server holds.
  public func answered(sync token: some Hashable, read value: some RecordableValue) {
    answered(sync: token, with: .readValue(value.recordedValue(in: self)))
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

  /// Records what the row of record `record` showed, with no write pending, when its values may
  /// be beyond on/off: each a Boolean, a declared word or a ``RecordedValue``.
  ///
  /// - Parameters:
  ///   - record: The record.
  ///   - confirmed: The value the server last confirmed.
  ///   - displayed: The value the row shows.
  ///   - needsSync: Whether the record must be read before further writes.
  ///   - saving: Whether the row shows its saving indicator.
  ///   - tapEnabled: Whether the row accepts taps.
  public func showed(
    record: some Hashable, confirmed: some RecordableValue, displayed: some RecordableValue,
    needsSync: Bool, saving: Bool, tapEnabled: Bool
  ) {
    recordShown(
      record.hashValue, pending: nil, confirmed: confirmed.recordedValue(in: self),
      displayed: displayed.recordedValue(in: self), needsSync: needsSync, saving: saving,
      tapEnabled: tapEnabled)
  }

  /// Records what the row of record `record` showed while the write `pending` was in flight,
  /// when its values may be beyond on/off.
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
    record: some Hashable, confirmed: some RecordableValue, displayed: some RecordableValue,
    pending: some Hashable, needsSync: Bool, saving: Bool, tapEnabled: Bool
  ) {
    recordShown(
      record.hashValue, pending: pending.hashValue, confirmed: confirmed.recordedValue(in: self),
      displayed: displayed.recordedValue(in: self), needsSync: needsSync, saving: saving,
      tapEnabled: tapEnabled)
  }

  /// Shown-state flags of a record.
  enum ShownRecord {
    static let confirmed: UInt8 = 1
    static let displayed: UInt8 = 2
    static let needsSync: UInt8 = 4
    static let saving: UInt8 = 8
    static let tapEnabled: UInt8 = 16
    static let pending: UInt8 = 32
    /// The confirmed and displayed values are words: their indices are in `extra` (confirmed
    /// in the low byte, displayed in the next).
    static let valued: UInt8 = 64
  }

  private func recordShown(
    _ recordKey: Int, pending: Int?, confirmed: Bool, displayed: Bool, needsSync: Bool,
    saving: Bool, tapEnabled: Bool
  ) {
    recordShown(
      recordKey, pending: pending, confirmed: confirmed ? .on : .off,
      displayed: displayed ? .on : .off, needsSync: needsSync, saving: saving,
      tapEnabled: tapEnabled)
  }

  private func recordShown(
    _ recordKey: Int, pending: Int?, confirmed: RecordedValue, displayed: RecordedValue,
    needsSync: Bool, saving: Bool, tapEnabled: Bool
  ) {
    guard family == .optimisticUpdates else { return }
    var flags: UInt8 = 0
    var extra: Int64 = 0
    if confirmed.index >= 2 || displayed.index >= 2 {
      // Values beyond on/off are written as words; on/off alone as the Booleans they always were.
      flags |= ShownRecord.valued
      extra = Int64(confirmed.index) | Int64(displayed.index) << 8
    }
    if confirmed == .on { flags |= ShownRecord.confirmed }
    if displayed == .on { flags |= ShownRecord.displayed }
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
        kind: .shownRecord, flags: flags, handle: records.number(for: recordKey), value: request,
        extra: extra))
    lock.unlock()
  }
}
