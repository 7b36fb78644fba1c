/// A user or network event on an optimistic-update subject, as a suite step names it.
public enum OptimisticAction: Hashable, Sendable, CustomStringConvertible {
  /// `records a=on b=off`: the list loads these records, in this order, with authoritative values.
  case records([RecordValue])
  /// `tap ID [as NAME]`: the user taps the record's control; a write sent is named `NAME`.
  case tap(record: String, request: String?)
  /// `respond NAME saved VALUE`, `respond NAME rejected`, `respond NAME unknown`.
  case respond(request: String, outcome: ServerOutcome)
  /// `cancel NAME`: the client cancels the request (its outcome becomes unknown).
  case cancel(request: String)
  /// `sort c,a,b`: the list is re-sorted into this order of record ids.
  case sort([String])
  /// `session a=off b=on`: sign out and in; fresh authoritative values for every record.
  case session([RecordValue])
  /// `sync ID [as NAME]`: the client starts reading the record's authoritative value from the
  /// server (a sync request); a sync sent is named `NAME`.
  case sync(record: String, request: String?)
  /// `respond NAME read VALUE`, `respond NAME failed`: the server answers the sync `NAME`.
  case respondToSync(request: String, outcome: SyncOutcome)
  /// `sync ID VALUE`: a sync of the record is sent and answered with this value in one step.
  case syncRoundTrip(record: String, value: OptimisticValue)
  /// `read ID as NAME`: the read of the record that must follow an unknown outcome or a cancel,
  /// named `NAME` — the read the app started by itself when it declares `automatic-reads`, else a
  /// sync the runner sends for the user; answered like a sync (`respond NAME read on`).
  case read(record: String, request: String)
  /// `filter VALUE`: the list shows only records whose shown value is `VALUE` (`filter on`:
  /// starred only); `filter none` shows every record again.
  case filter(OptimisticValue?)
  /// `refresh [as NAME]`: the client reloads the whole list from the server (a list read).
  case refresh(request: String?)
  /// `respond NAME list a=on b=off`, `respond NAME failed`: the server answers the refresh `NAME`.
  case respondToRefresh(request: String, outcome: RefreshOutcome)
  /// `batch a,b [as NAME]`: the user toggles each of these records and the app sends the writes
  /// as one request; the batch sent is named `NAME`.
  case batch(records: [String], request: String?)
  /// `respond NAME saved a=on b=off`, `rejected`, `unknown` or `each a=on b=rejected`: the server
  /// answers the batch `NAME`.
  case respondToBatch(request: String, outcome: BatchOutcome)
  /// `set ID VALUE [as NAME]`: the user picks `VALUE` for the record (a reaction, a quantity, a
  /// follow); a write sent is named `NAME`. (Boxed: its payload is the widest, and a session of
  /// a million actions holds every action at the width of the widest.)
  indirect case choose(record: String, value: OptimisticValue, request: String?)
  /// `wait 800ms`, `wait timeout`, `wait timeout - 1ms`: time passes on the runner's clock, and
  /// the timers the subject set fall due (capability `write-timeouts`); nothing else happens.
  case wait(WaitLength)
  /// `confirm ID [as NAME]`: the user confirms the question a tap opened on the record
  /// (rule `confirmation`); the write sent is named `NAME`.
  case confirm(record: String, request: String?)
  /// `decline ID`: the user declines (cancels) the question a tap opened on the record; nothing
  /// is sent.
  case decline(record: String)

  /// The action as a suite writes it.
  public var description: String {
    switch self {
    case .records(let records): (["records"] + records.map(\.description)).joined(separator: " ")
    case .tap(let record, let request): "tap \(record)" + (request.map { " as \($0)" } ?? "")
    case .respond(let request, let outcome): "respond \(request) \(outcome)"
    case .cancel(let request): "cancel \(request)"
    case .sort(let order): "sort \(order.joined(separator: ","))"
    case .session(let records): (["session"] + records.map(\.description)).joined(separator: " ")
    case .sync(let record, let request): "sync \(record)" + (request.map { " as \($0)" } ?? "")
    case .respondToSync(let request, let outcome): "respond \(request) \(outcome)"
    case .syncRoundTrip(let record, let value): "sync \(record) \(value)"
    case .read(let record, let request): "read \(record) as \(request)"
    case .filter(let value): "filter \(value?.name ?? "none")"
    case .refresh(let request): "refresh" + (request.map { " as \($0)" } ?? "")
    case .respondToRefresh(let request, let outcome): "respond \(request) \(outcome)"
    case .batch(let records, let request):
      "batch \(records.joined(separator: ","))" + (request.map { " as \($0)" } ?? "")
    case .respondToBatch(let request, let outcome): "respond \(request) \(outcome)"
    case .choose(let record, let value, let request):
      "set \(record) \(value)" + (request.map { " as \($0)" } ?? "")
    case .wait(let length): "wait \(length)"
    case .confirm(let record, let request):
      "confirm \(record)" + (request.map { " as \($0)" } ?? "")
    case .decline(let record): "decline \(record)"
    }
  }
}

/// A record id with its authoritative value.
public struct RecordValue: Hashable, Sendable, CustomStringConvertible {
  /// The record's stable identity.
  public var id: String
  /// The record's value: `on` or `off` for a favourite, or one the subject declares.
  public var value: OptimisticValue
  /// The row whose entity this row shows, or `nil` when it shows an entity of its own.
  ///
  /// A suite writes `b@a`: row `b` shows the entity of row `a`, with its value. Only a subject
  /// declaring ``EntityRule/shared`` loads it as sharing.
  public var entity: String?

  /// Creates a record value.
  public init(id: String, value: OptimisticValue, entity: String? = nil) {
    self.id = id
    self.value = value
    self.entity = entity
  }

  /// Creates a two-valued record's value: `on` for `true`, `off` for `false`.
  public init(id: String, value isOn: Bool) {
    self.init(id: id, value: OptimisticValue(isOn))
  }

  /// The record as suites write it: `id=on`, `id=off`, `id=VALUE`, or `id@row` for a row
  /// showing another row's entity.
  public var description: String { entity.map { "\(id)@\($0)" } ?? "\(id)=\(value)" }
}

/// What the server answered to a write.
public enum ServerOutcome: Hashable, Sendable, CustomStringConvertible {
  /// The write committed; the server's final value, which may differ from the user's intent.
  case saved(OptimisticValue)
  /// A business-rule rejection known not to have committed.
  case rejected
  /// A timeout or dropped connection: the write may or may not have committed.
  case unknown

  /// The outcome as suites write it.
  public var description: String {
    switch self {
    case .saved(let value): "saved \(value)"
    case .rejected: "rejected"
    case .unknown: "unknown"
    }
  }
}

/// What the server answered to a sync (a read of a record's authoritative value).
public enum SyncOutcome: Hashable, Sendable, CustomStringConvertible {
  /// The read succeeded: the server holds this value.
  case value(OptimisticValue)
  /// The read failed (a timeout or a dropped connection): the record still needs a sync.
  case failed

  /// The outcome as suites write it: `read on`, `read off`, `read VALUE` or `failed`.
  public var description: String {
    switch self {
    case .value(let value): "read \(value)"
    case .failed: "failed"
    }
  }
}

/// What the server answered to a refresh (a read of the whole list).
public enum RefreshOutcome: Hashable, Sendable, CustomStringConvertible {
  /// The read succeeded: the server holds these values (records it does not name keep theirs).
  case list([RecordValue])
  /// The read failed: nothing changes.
  case failed

  /// The outcome as suites write it: `list a=on b=off` or `failed`.
  public var description: String {
    switch self {
    case .list(let records): (["list"] + records.map(\.description)).joined(separator: " ")
    case .failed: "failed"
    }
  }
}

/// What the server answered to a batch: one answer for every record of the request, or one per
/// record.
public enum BatchOutcome: Hashable, Sendable, CustomStringConvertible {
  /// The whole batch committed; the server's final value of each record, which may differ from
  /// the user's intent.
  case saved([RecordValue])
  /// A business-rule rejection of the whole batch, known not to have committed any of it.
  case rejected
  /// A timeout or dropped connection: any part of the batch may or may not have committed.
  case unknown
  /// An answer per record: each record's own outcome.
  case each([BatchRecordOutcome])

  /// The outcome the answer gives record `id`: the whole batch's, or the record's own; `nil`
  /// when a saved or per-record answer does not name it.
  public func outcome(for id: String) -> ServerOutcome? {
    switch self {
    case .saved(let values): values.first { $0.id == id }.map { .saved($0.value) }
    case .rejected: .rejected
    case .unknown: .unknown
    case .each(let outcomes): outcomes.first { $0.id == id }?.outcome
    }
  }

  /// The outcome as suites write it: `saved a=on b=off`, `rejected`, `unknown` or
  /// `each a=on b=rejected c=unknown`.
  public var description: String {
    switch self {
    case .saved(let values): (["saved"] + values.map(\.description)).joined(separator: " ")
    case .rejected: "rejected"
    case .unknown: "unknown"
    case .each(let outcomes): (["each"] + outcomes.map(\.description)).joined(separator: " ")
    }
  }
}

/// One record's own outcome in a per-record answer to a batch.
public struct BatchRecordOutcome: Hashable, Sendable, CustomStringConvertible {
  /// The record, by id.
  public var id: String
  /// What the server answered for it.
  public var outcome: ServerOutcome

  /// Creates a record's outcome.
  public init(id: String, outcome: ServerOutcome) {
    self.id = id
    self.outcome = outcome
  }

  /// The outcome as suites write it: `id=on` or `id=off` (saved with that value),
  /// `id=rejected` or `id=unknown`.
  public var description: String {
    switch outcome {
    case .saved(let value): "\(id)=\(value)"
    case .rejected: "\(id)=rejected"
    case .unknown: "\(id)=unknown"
    }
  }
}

extension OptimisticAction {
  /// The record values the action names: loaded, answered, filtered by or chosen.
  public var namedValues: [OptimisticValue] {
    switch self {
    case .records(let records), .session(let records): records.map(\.value)
    case .respond(_, .saved(let value)), .respondToSync(_, .value(let value)),
      .syncRoundTrip(_, let value), .filter(let value?), .choose(_, let value, _):
      [value]
    case .respondToRefresh(_, .list(let records)), .respondToBatch(_, .saved(let records)):
      records.map(\.value)
    case .respondToBatch(_, .each(let outcomes)):
      outcomes.compactMap { if case .saved(let value) = $0.outcome { value } else { nil } }
    case .tap, .respond, .cancel, .sort, .sync, .respondToSync, .read, .filter, .refresh,
      .respondToRefresh, .batch, .respondToBatch, .wait, .confirm, .decline:
      []
    }
  }
}

extension OptimisticAction {
  /// The record and request name of a user's single write — a tap or a `set` — or `nil` for
  /// any other action.
  public var singleWrite: (record: String, request: String?)? {
    switch self {
    case .tap(let record, let request), .choose(let record, _, let request): (record, request)
    default: nil
    }
  }
}

extension ContractStep {
  /// The optimistic record values the step names: in its action, and as literals of its
  /// expectations on record-value keys (`ID.confirmed`, `ID.displayed`, `ID.model`), its
  /// variants' included.
  public var namedValues: [OptimisticValue] {
    guard case .optimistic(let action) = action else { return [] }
    var values = action.namedValues
    let stated = expectations + variants.flatMap(\.expectations)
    for expectation in stated where StateKeys.holdsRecordValue(expectation.key) {
      if case .literal(let literal) = expectation.operand, let value = literal.optimisticValue {
        values.append(value)
      }
    }
    return values
  }
}

extension ContractStep {
  /// The capabilities the step cannot mean anything without: a cancel needs `cancellation`, a
  /// document switch `documents`, a selection step or key `selection`, `wait timeout`
  /// `write-timeouts`, …; the suite reader adds them to the case's requirements, so a subject
  /// without one skips the case instead of failing it or passing it untested.
  public var neededCapabilities: [SubjectCapability] {
    var needed = action.neededCapabilities
    let selectionKeys = StateKeys.selectionKeys.map(\.key)
    if case .undoHistory = action,
      expectations.contains(where: { selectionKeys.contains($0.key) })
        || captures.contains(where: { selectionKeys.contains($0.key) }),
      !needed.contains(.selection)
    {
      needed.append(.selection)
    }
    return needed
  }
}
