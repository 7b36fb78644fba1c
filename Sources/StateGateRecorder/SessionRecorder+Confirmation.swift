extension SessionRecorder {
  /// Records that the user confirmed the question a removing tap opened on record `record`
  /// (the confirmation rule), and that nothing was sent.
  public func confirmed(record: some Hashable) {
    recordAnswer(.confirm, record: record.hashValue, token: nil)
  }

  /// Records that the user confirmed the question on record `record`, and the write `token` the
  /// confirmation sent.
  public func confirmed(record: some Hashable, sent token: some Hashable) {
    recordAnswer(.confirm, record: record.hashValue, token: token.hashValue)
  }

  /// Records that the user declined (cancelled) the question a removing tap opened on record
  /// `record`; nothing is sent.
  public func declined(record: some Hashable) {
    recordAnswer(.decline, record: record.hashValue, token: nil)
  }

  private func recordAnswer(_ kind: RecordedEntry.Kind, record key: Int, token: Int?) {
    guard family == .optimisticUpdates else { return }
    lock.lock()
    needed |= RecordedCapability.removalAsksFirst.bit
    var number: Int64 = 0
    if let token {
      writesSent += 1
      requests.add(token, number: writesSent)
      number = writesSent
    }
    append(RecordedEntry(kind: kind, handle: records.number(for: key), value: number))
    lock.unlock()
  }
}
