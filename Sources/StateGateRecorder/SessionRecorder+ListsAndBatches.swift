extension SessionRecorder {
  /// What the server answered to a batch as a whole, when it gives no value per record.
  public enum BatchAnswer: Sendable, Equatable {
    /// A business-rule rejection of the whole batch, known not to have committed any of it.
    case rejected
    /// A timeout or dropped connection: any part of the batch may have committed.
    case unknown
  }

  /// Records a read of record `record` the app started by itself (after an unknown outcome or a
  /// cancel), sending the read `token`; its answer is recorded with ``answered(sync:with:)``.
  ///
  /// The recording then requires `automatic-reads`.
  public func readStarted(record: some Hashable, sent token: some Hashable) {
    guard family == .optimisticUpdates else { return }
    let key = record.hashValue
    let tokenKey = token.hashValue
    lock.lock()
    syncsSent += 1
    requests.add(tokenKey, number: -syncsSent)
    needed |= RecordedCapability.automaticReads.bit
    append(RecordedEntry(kind: .read, handle: records.number(for: key), value: syncsSent))
    lock.unlock()
  }

  /// Records that the list now shows only records whose shown value is `showing` (`true`: on,
  /// `false`: off), or every record (`nil`).
  ///
  /// The recording then requires `filtering`.
  public func filtered(showing value: Bool?) {
    guard family == .optimisticUpdates else { return }
    let code =
      switch value {
      case true?: RecordedEntry.Code.filterOn
      case false?: RecordedEntry.Code.filterOff
      case nil: RecordedEntry.Code.filterNone
      }
    lock.lock()
    needed |= RecordedCapability.filtering.bit
    append(RecordedEntry(kind: .filter, flags: code))
    lock.unlock()
  }

  /// Records that the list now shows only records whose shown value is `value`: on, off or a
  /// declared word (`"close-friends"`).
  ///
  /// The recording then requires `filtering` (and `values` for a value beyond on/off).
  ///
  /// - Parameter value: The value the filter shows.
  public func filtered(showingValue value: some RecordableValue) {
    guard family == .optimisticUpdates else { return }
    let named = value.recordedValue(in: self)
    let code: UInt8 =
      switch named {
      case .on: RecordedEntry.Code.filterOn
      case .off: RecordedEntry.Code.filterOff
      default: RecordedEntry.Code.declaredValue
      }
    lock.lock()
    needed |= RecordedCapability.filtering.bit
    noteValue(Int64(named.index))
    append(RecordedEntry(kind: .filter, flags: code, extra: Int64(named.index)))
    lock.unlock()
  }

  /// Records that the app started reloading the whole list, sending the list read `token`.
  ///
  /// The recording then requires `refresh`.
  public func refreshStarted(sent token: some Hashable) {
    guard family == .optimisticUpdates else { return }
    let tokenKey = token.hashValue
    lock.lock()
    refreshesSent += 1
    refreshes.add(tokenKey, number: refreshesSent)
    needed |= RecordedCapability.refresh.bit
    append(RecordedEntry(kind: .refresh, value: refreshesSent))
    lock.unlock()
  }

  /// Records the server's answer to the refresh `token`: the records it listed, with their
  /// values (records it does not list keep theirs).
  ///
  /// - Parameters:
  ///   - token: The refresh's token.
  ///   - records: The records the server listed.
  ///   - id: Reads a record's identifier (kept only as a handle).
  ///   - value: Reads a record's value: a Boolean (on/off), a declared word or a
  ///     ``RecordedValue``.
  @inlinable
  public func answered<Records: Sequence, ID: Hashable, Value: RecordableValue>(
    refresh token: some Hashable, listing records: Records, id: (Records.Element) -> ID,
    value: (Records.Element) -> Value
  ) {
    guard beginList(.refreshListed, token: token.hashValue) else { return }
    for record in records {
      addValueToList(id(record).hashValue, value(record).recordedValue(in: self))
    }
    endList()
  }

  /// Records that the refresh `token` failed: nothing changes.
  public func failed(refresh token: some Hashable) {
    guard family == .optimisticUpdates else { return }
    let tokenKey = token.hashValue
    lock.lock()
    let number = refreshes.number(for: tokenKey)
    needed |= RecordedCapability.refresh.bit
    append(
      RecordedEntry(kind: .respondToRefresh, flags: RecordedEntry.Code.failed, value: number))
    lock.unlock()
  }

  /// Records that the user toggled `records` and the app sent their writes as one request, the
  /// batch `token`.
  ///
  /// The recording then requires `batches`.
  ///
  /// - Parameters:
  ///   - records: The records of the batch, in order.
  ///   - id: Reads a record's identifier (kept only as a handle).
  ///   - token: The batch's token.
  @inlinable
  public func batchSent<Records: Sequence, ID: Hashable>(
    records: Records, id: (Records.Element) -> ID, sent token: some Hashable
  ) {
    guard beginList(.batch, token: token.hashValue) else { return }
    for record in records { addToList(id(record).hashValue, flags: 0, value: 0) }
    endList()
  }

  /// Records that the app sent the writes of the records `records` (their identifiers) as one
  /// request, the batch `token`.
  @inlinable
  public func batchSent<Records: Sequence>(records: Records, sent token: some Hashable)
  where Records.Element: Hashable {
    batchSent(records: records, id: { $0 }, sent: token)
  }

  /// Records the server's answer to the batch `token` as a whole: rejected or unknown.
  public func answered(batch token: some Hashable, with answer: BatchAnswer) {
    guard family == .optimisticUpdates else { return }
    let code = answer == .rejected ? RecordedEntry.Code.rejected : RecordedEntry.Code.unknown
    let tokenKey = token.hashValue
    lock.lock()
    let number = batches.number(for: tokenKey)
    needed |= RecordedCapability.batches.bit
    append(RecordedEntry(kind: .respondToBatch, flags: code, value: number))
    lock.unlock()
  }

  /// Records that the batch `token` committed whole, with the server's value of each record.
  ///
  /// - Parameters:
  ///   - token: The batch's token.
  ///   - records: The batch's records.
  ///   - id: Reads a record's identifier (kept only as a handle).
  ///   - value: Reads the server's value of a record: a Boolean (on/off), a declared word or a
  ///     ``RecordedValue``.
  @inlinable
  public func answered<Records: Sequence, ID: Hashable, Value: RecordableValue>(
    batch token: some Hashable, saved records: Records, id: (Records.Element) -> ID,
    value: (Records.Element) -> Value
  ) {
    guard beginList(.batchSaved, token: token.hashValue) else { return }
    for record in records {
      addValueToList(id(record).hashValue, value(record).recordedValue(in: self))
    }
    endList()
  }

  /// Records the server's answer to the batch `token` record by record.
  ///
  /// - Parameters:
  ///   - token: The batch's token.
  ///   - records: The batch's records.
  ///   - id: Reads a record's identifier (kept only as a handle).
  ///   - outcome: Reads what the server answered for a record.
  @inlinable
  public func answered<Records: Sequence, ID: Hashable>(
    batch token: some Hashable, each records: Records, id: (Records.Element) -> ID,
    outcome: (Records.Element) -> WriteAnswer
  ) {
    guard beginList(.batchEach, token: token.hashValue) else { return }
    for record in records {
      addOutcomeToList(id(record).hashValue, outcome(record))
    }
    endList()
  }
}
