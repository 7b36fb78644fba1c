/// A model under the optimistic-update contract (one in-flight write per record), behind a small
/// adapter that the runner drives with taps, syncs and server answers.
///
/// The contract (suite `optimistic-updates`): a tap shows the user's intent at once and sends one
/// write; a tap while that record's write is pending sends nothing and keeps the provisional
/// value; success adopts the server's value; an explicit rejection rolls back to the value
/// confirmed now; an unknown outcome withdraws the provisional value and blocks writes until a
/// sync; a sync is a request too, and its answer adopts the server's value and unblocks writes;
/// duplicate, old-ticket and old-session answers — to writes and to syncs alike — change nothing;
/// records are isolated and found by id, never by row; a session change replaces every record's
/// state; and the saving indicator and tap blocking follow pending.
///
/// Declared additions: an app that reads a record by itself after an unknown outcome or a cancel
/// (`automatic-reads`) reports each such read from ``takeStartedReads()``, and the record stays
/// blocked until that read's answer; a filter (`filtering`) hides rows, never state — a hidden
/// record keeps its pending write and answers still reach it by id; a whole-list refresh
/// (`refresh`) replaces every confirmed value, keeps a write in flight shown until its own answer,
/// and an answer to an older refresh changes nothing. A batch (`batches`) is one write of
/// several records: each shows its provisional value at once and accepts no other write while
/// the batch is pending; one answer settles every record of it, as a single write's answer would
/// (saved values adopted, a rejection rolls every record back to its value confirmed now, an
/// unknown outcome withdraws every record's value and requires a sync), or each record by its
/// own outcome; the same stale answers change nothing.
///
/// Values beyond on/off (`values`): a record holds one of the subject's ``choices`` or
/// ``serverValues``; a tap asks for the second choice on a record showing the first (`off`) and
/// for the first on any other; `set` (``choose(_:record:)``) asks for any choice; the server's
/// answer may be any declared value. A write timeout (`write-timeouts`, ``writeTimeout``) is time
/// passing with no answer: a write or batch still unanswered when its timeout elapses on the
/// runner's clock (``useClock(_:)``) is treated exactly as if it were cancelled — its outcome is
/// unknown, the provisional value is withdrawn and the record needs a sync — and a late answer to
/// it changes nothing.
///
/// The subject holds each request's completion (a test double for the network) until the
/// runner delivers an answer, so the runner decides every ordering.
@MainActor
public protocol OptimisticUpdateSubject: AnyObject {
  /// Loads the list: these records, in this order, with their authoritative values.
  func load(_ records: [RecordValue])
  /// The user taps the record's control: it asks for ``valueAfterTap(showing:)`` of the value
  /// shown — `on` for `off`, `off` for anything else with the default choices.
  ///
  /// - Returns: A token for the write that was sent, or `nil` if no write was sent.
  func tap(record id: String) -> AnyHashable?
  /// Delivers the server's answer to the write `request`, possibly late or twice.
  func respond(to request: AnyHashable, with outcome: ServerOutcome)
  /// Starts reading the record's authoritative value from the server: a sync.
  ///
  /// - Returns: A token for the read that was sent, or `nil` if no read was sent.
  func startSync(record id: String) -> AnyHashable?
  /// Delivers the server's answer to the sync `request`, possibly late or twice.
  func respond(toSync request: AnyHashable, with outcome: SyncOutcome)
  /// The record ids in the list's display order.
  var order: [String] { get }
  /// The state of the record `id` as the model and the list row show it, or `nil` if unknown.
  func state(of id: String) -> RecordState?

  /// Optional actions and declarations: cancellation, sorting, sessions, a UI layer of its own;
  /// none by default.
  var capabilities: Set<SubjectCapability> { get }
  /// Cancels the write `request` (capability `cancellation`): its outcome becomes unknown.
  func cancel(request: AnyHashable)
  /// Re-sorts the list into this order of ids (capability `sorting`).
  func reorder(to order: [String])
  /// Signs out and in: every record gets this fresh authoritative value (capability `sessions`).
  func replaceSession(with records: [RecordValue])

  /// Hands over the reads the subject started by itself since the last call, oldest first, and
  /// forgets them (capability `automatic-reads`); the runner calls it after every step.
  ///
  /// Each read is answered through ``respond(toSync:with:)`` like a sync. The default starts none.
  func takeStartedReads() -> [StartedRead]
  /// Shows only the records whose shown value is `value`, or every record when `nil`
  /// (capability `filtering`); ``order`` then lists the rows shown, and ``state(of:)`` still
  /// reports hidden records.
  ///
  /// The runner calls this one. Its default passes `on`, `off` and `nil` to
  /// ``filter(showing:)-(Bool?)``, the 0.3 form a two-valued subject may keep implementing, and
  /// ignores any other value.
  func filter(showing value: OptimisticValue?)
  /// The 0.3 form of ``filter(showing:)-(OptimisticValue?)`` for a two-valued subject: shows only
  /// the records whose shown value is on (`true`) or off (`false`), or every record (`nil`).
  func filter(showing value: Bool?)
  /// Starts reloading the whole list from the server (capability `refresh`).
  ///
  /// - Returns: A token for the list read that was sent, or `nil` if none was sent.
  func startRefresh() -> AnyHashable?
  /// Delivers the server's answer to the refresh `request`, possibly late or twice.
  func respond(toRefresh request: AnyHashable, with outcome: RefreshOutcome)
  /// The user toggles each of these records and the app sends the writes as one request
  /// (capability `batches`) — a "mark selected" action, or an offline queue flushed at once.
  ///
  /// Sent only when every record accepts a write (shown, nothing pending, no sync due); then
  /// each record shows its provisional value and reports the batch's token as pending.
  ///
  /// - Returns: A token for the batch that was sent, or `nil` if nothing was sent.
  func tapAll(records ids: [String]) -> AnyHashable?
  /// Delivers the server's answer to the batch `request`, possibly late or twice; a record
  /// that a saved or per-record answer does not name gets an unknown outcome.
  func respond(toBatch request: AnyHashable, with outcome: BatchOutcome)

  /// The values a user can choose for a record, the resting one first: `[.off, .on]` by
  /// default; a reaction picker declares `["off", "like", "love"]`.
  ///
  /// Declaring more than two, or any ``serverValues``, declares capability `values`. A case
  /// that names a value the subject declares neither here nor there is skipped for it.
  var choices: [OptimisticValue] { get }
  /// Values only the server gives, which a user cannot choose — a private account's
  /// `requested` — none by default.
  var serverValues: [OptimisticValue] { get }
  /// The user picks `value` for the record (a reaction, a quantity, a follow menu): like a
  /// tap, it shows `value` at once and sends one write of it; picking the value shown, or
  /// picking while a write is pending or a sync is due, sends nothing and changes nothing.
  ///
  /// The default taps when a tap asks for `value`, and sends nothing otherwise: enough for two
  /// choices (a two-choice subject's `set` is a tap, and `explore` generates it only for a
  /// subject with more); a subject declaring more implements it.
  ///
  /// - Returns: A token for the write that was sent, or `nil` if no write was sent.
  func choose(_ value: OptimisticValue, record id: String) -> AnyHashable?
  /// How long a write (or a batch) may go unanswered before the app gives up on it; `nil` (the
  /// default) when the app sets no timeout. A timeout declares capability `write-timeouts` by
  /// itself, and none takes it away.
  ///
  /// When the time passes on the clock given to ``useClock(_:)`` with no answer, the write is
  /// treated as cancelled: its outcome is unknown, its provisional value withdrawn, its record
  /// needs a sync (and an app with `automatic-reads` starts its read), and a late answer to it
  /// changes nothing. Cases write `wait timeout` and `wait timeout - 1ms` against it.
  var writeTimeout: Duration? { get }
  /// Hands the subject the clock to read time from and to set its timers on (capability
  /// `write-timeouts`), before the first action; the runner moves it only on `wait` steps.
  ///
  /// A subject that times writes out schedules each write's timeout with
  /// ``ContractClock/schedule(after:_:)`` and cancels it when the answer comes. By default the
  /// subject ignores the clock.
  func useClock(_ clock: any ContractClock)

  /// What a tap does while the record's write is pending: ``InFlightRule/oneWrite`` (the
  /// article's gate) by default; declaring another answer declares its capability.
  var inFlightRule: InFlightRule { get }
  /// What the row shows while a write is pending: ``DisplayRule/optimistic`` (the intent) by
  /// default; ``DisplayRule/pessimistic`` keeps the confirmed value on the row, with its saving
  /// indicator, until the answer.
  var displayRule: DisplayRule { get }
  /// What an unknown outcome does: ``UnknownOutcomeRule/withdrawAndSync`` by default.
  var unknownOutcomeRule: UnknownOutcomeRule { get }
  /// Whether several rows may show one entity: ``EntityRule/perRow`` (every row its own) by
  /// default; ``EntityRule/shared`` declares capability `shared-entities`, and the subject then
  /// loads a ``RecordValue`` whose ``RecordValue/entity`` names another row as a row of that
  /// row's entity.
  var entityRule: EntityRule { get }
  /// The entity the row `id` shows, as the subject groups its rows: rows with the same entity
  /// must never show different values once settled. The default is the row's own id (every row
  /// its own entity); a subject declaring ``EntityRule/shared`` returns the same key for every
  /// row of one entity (the id of the row it was loaded as sharing, or its own).
  func entity(of id: String) -> String
  /// Hands over the writes the subject sent by itself since the last call, oldest first, and
  /// forgets them: a queued tap sent when the pending write was answered
  /// (``InFlightRule/queueLatest``), a write sent again after an unknown outcome
  /// (``UnknownOutcomeRule/keepAndRetry``). The runner calls it after every step; each write is
  /// answered through ``respond(to:with:)``. The default sends none.
  func takeStartedWrites() -> [StartedWrite]
  /// The subject's words for the value words the cases are written in, case word to subject
  /// word: a vote control (values `off`, `up`, `down`) declares `["on": "up"]`, so every case
  /// written with on/off runs on it, `on` read as `up`. Empty (the default) runs cases in their
  /// own words.
  ///
  /// A case word left out stands for itself. The mapping must name words the cases use and
  /// values the subject declares, keep distinct case words distinct, and keep what a tap asks
  /// for (`off` is the resting choice, `on` the value a tap asks for on it); a run refuses any
  /// other mapping (exit 65) before it starts.
  var valueWords: [String: String] { get }

  /// Which taps ask the user to confirm before they write: ``ConfirmationRule/never`` (every tap
  /// writes at once, the article's) by default; declaring another answer declares its
  /// capability.
  ///
  /// A tap (or a `set`) that asks sends nothing (``tap(record:)`` returns `nil`), leaves the row
  /// showing the confirmed value with no saving indicator, and reports the open question through
  /// ``RecordState/isAsking``. The user then answers it: ``confirm(record:)`` or
  /// ``decline(record:)``.
  var confirmationRule: ConfirmationRule { get }
  /// The user confirms the question open on the record: the question closes and the tap that
  /// asked it goes through, a normal optimistic write of the value it asked for (shown at once,
  /// pending, with its saving indicator).
  ///
  /// Sends nothing when no question is open on the record, or when the record no longer accepts
  /// that write (it already shows the value, a sync is due). The default sends nothing.
  ///
  /// - Returns: A token for the write that was sent, or `nil` if no write was sent.
  func confirm(record id: String) -> AnyHashable?
  /// The user declines (cancels) the question open on the record: the question closes, nothing
  /// is sent and nothing else changes. The default does nothing.
  func decline(record id: String)
}

/// A write the subject sent by itself (a queued tap, a retry), as it reports it to the runner.
public struct StartedWrite: Hashable {
  /// The record written, by id.
  public var record: String
  /// The value the write carries.
  public var value: OptimisticValue
  /// The write's token, as ``OptimisticUpdateSubject/respond(to:with:)`` expects it.
  public var request: AnyHashable

  /// Creates a started write.
  public init(record: String, value: OptimisticValue, request: AnyHashable) {
    self.record = record
    self.value = value
    self.request = request
  }
}

/// A read of one record that the subject started by itself, as it reports it to the runner.
public struct StartedRead: Hashable {
  /// The record read, by id.
  public var record: String
  /// The read's token, as ``OptimisticUpdateSubject/respond(toSync:with:)`` expects it.
  public var request: AnyHashable

  /// Creates a started read.
  public init(record: String, request: AnyHashable) {
    self.record = record
    self.request = request
  }
}

/// What a user sees of one record, and the model state behind it.
public struct RecordState: Hashable {
  /// The value the server last confirmed.
  public var confirmed: OptimisticValue
  /// The value the list row shows.
  public var displayed: OptimisticValue
  /// The token of the write in flight for this record, if any.
  public var pendingRequest: AnyHashable?
  /// Whether the record must be read from the server before further writes.
  public var needsSync: Bool
  /// Whether the row shows its saving indicator.
  public var isSaving: Bool
  /// Whether the row's control accepts taps.
  public var isTapEnabled: Bool
  /// The value the model holds for the row — the provisional value while a write is pending
  /// (the confirmed one under the pessimistic ``DisplayRule``), the confirmed one otherwise —
  /// when the subject keeps a UI layer apart from its model; `nil` (the default) when the row is
  /// read from the model itself.
  ///
  /// When given, the runner checks after every step that the row shows it, and a wrong row can
  /// be told from a wrong model (`ui-binding` against the model's own class).
  public var modelValue: OptimisticValue?
  /// Whether the row asks the user to confirm a tap (``ConfirmationRule``).
  ///
  /// While it does, a question is open that ``OptimisticUpdateSubject/confirm(record:)`` or
  /// ``OptimisticUpdateSubject/decline(record:)`` answers. Always `false` (the default) for a
  /// subject whose taps never ask.
  public var isAsking: Bool

  /// Creates a record state.
  public init(
    confirmed: OptimisticValue, displayed: OptimisticValue, pendingRequest: AnyHashable?,
    needsSync: Bool, isSaving: Bool, isTapEnabled: Bool, modelValue: OptimisticValue? = nil,
    isAsking: Bool = false
  ) {
    self.isAsking = isAsking
    self.confirmed = confirmed
    self.displayed = displayed
    self.pendingRequest = pendingRequest
    self.needsSync = needsSync
    self.isSaving = isSaving
    self.isTapEnabled = isTapEnabled
    self.modelValue = modelValue
  }

  /// Creates a two-valued record's state: `on` for `true`, `off` for `false`.
  public init(
    confirmed: Bool, displayed: Bool, pendingRequest: AnyHashable?, needsSync: Bool,
    isSaving: Bool, isTapEnabled: Bool, modelValue: Bool? = nil
  ) {
    self.init(
      confirmed: OptimisticValue(confirmed), displayed: OptimisticValue(displayed),
      pendingRequest: pendingRequest, needsSync: needsSync, isSaving: isSaving,
      isTapEnabled: isTapEnabled, modelValue: modelValue.map { OptimisticValue($0) })
  }
}

extension OptimisticUpdateSubject {
  public var capabilities: Set<SubjectCapability> { [] }
  public func cancel(request: AnyHashable) {}
  public func reorder(to order: [String]) {}
  public func replaceSession(with records: [RecordValue]) {}
  public func takeStartedReads() -> [StartedRead] { [] }
  public func filter(showing value: OptimisticValue?) {
    switch value {
    case nil: filter(showing: Bool?.none)
    case .on?: filter(showing: true as Bool?)
    case .off?: filter(showing: false as Bool?)
    default: break
    }
  }
  public func filter(showing value: Bool?) {}
  public func startRefresh() -> AnyHashable? { nil }
  public func respond(toRefresh request: AnyHashable, with outcome: RefreshOutcome) {}
  public func tapAll(records ids: [String]) -> AnyHashable? { nil }
  public func respond(toBatch request: AnyHashable, with outcome: BatchOutcome) {}
  public var choices: [OptimisticValue] { [.off, .on] }
  public var serverValues: [OptimisticValue] { [] }
  public func choose(_ value: OptimisticValue, record id: String) -> AnyHashable? {
    guard let shown = state(of: id)?.displayed, valueAfterTap(showing: shown) == value else {
      return nil
    }
    return tap(record: id)
  }

  /// The value a tap asks for on a record showing `shown`: the second of ``choices`` on the
  /// first, the first on any other value.
  ///
  /// - Parameter shown: The value the row shows.
  /// - Returns: The value the tap's write carries.
  public func valueAfterTap(showing shown: OptimisticValue) -> OptimisticValue {
    OptimisticValue.valueAfterTap(showing: shown, choices: choices)
  }

  /// Every value the subject declares: its ``choices``, then its ``serverValues``.
  public var declaredValues: [OptimisticValue] { choices + serverValues }
  public var writeTimeout: Duration? { nil }
  public func useClock(_ clock: any ContractClock) {}
  public var inFlightRule: InFlightRule { .article }
  public var displayRule: DisplayRule { .article }
  public var unknownOutcomeRule: UnknownOutcomeRule { .article }
  public var entityRule: EntityRule { .article }
  public func entity(of id: String) -> String { id }
  public func takeStartedWrites() -> [StartedWrite] { [] }
  public var valueWords: [String: String] { [:] }
  public var confirmationRule: ConfirmationRule { .article }
  public func confirm(record id: String) -> AnyHashable? { nil }
  public func decline(record id: String) {}
}
