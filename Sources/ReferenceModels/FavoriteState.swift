import Contracts

/// One record's optimistic-update state machine: the optimistic-updates article's `FavoriteState`, grown with
/// the unknown-outcome state, cancellation and syncs.
///
/// At most one write is in flight; its ticket is a serial number within the session. A sync (a
/// read of the server's value) is a request too: the newest one is the record's pending sync, and
/// only its answer applies.
public struct FavoriteState: Hashable, Sendable {
  /// The value the server last confirmed.
  public private(set) var confirmed: OptimisticValue
  /// The value shown: the user's intent while a write is pending, else the confirmed value.
  public private(set) var visible: OptimisticValue
  /// The ticket of the write in flight, if any.
  public private(set) var pending: Int?
  /// Whether the outcome of a write is unknown, so the server must be read before writing again.
  public private(set) var needsSync: Bool
  /// The ticket of the sync in flight, if any.
  public private(set) var syncing: Int?
  /// The value a tap asked for while a write was pending, to send when that write is answered
  /// (the in-flight rule queue-latest); a newer tap replaces it.
  public private(set) var queued: OptimisticValue?

  /// Creates a state with an authoritative value.
  public init(_ value: OptimisticValue) {
    self.init(confirmed: value, visible: value)
  }

  /// Creates a state with every part given, as when restoring one.
  public init(
    confirmed: OptimisticValue, visible: OptimisticValue, pending: Int? = nil,
    needsSync: Bool = false,
    syncing: Int? = nil
  ) {
    self.confirmed = confirmed
    self.visible = visible
    self.pending = pending
    self.needsSync = needsSync
    self.syncing = syncing
  }

  /// Starts a write of `desired` under `ticket`; refused while a write is pending or a sync is due.
  ///
  /// - Returns: Whether the write started (and so must be sent).
  public mutating func begin(_ desired: OptimisticValue, ticket: Int) -> Bool {
    guard pending == nil, !needsSync else { return false }
    pending = ticket
    visible = desired
    queued = nil
    return true
  }

  /// Queues `desired` while a write is pending and no sync is due, replacing any value queued
  /// before, and shows it.
  ///
  /// - Returns: Whether the value was queued.
  public mutating func queue(_ desired: OptimisticValue) -> Bool {
    guard pending != nil, !needsSync else { return false }
    queued = desired
    visible = desired
    return true
  }

  /// Applies the server's answer to `ticket`; answers to any other ticket change nothing.
  ///
  /// A saved value is adopted as confirmed; a rejection shows the value confirmed now; an unknown
  /// outcome withdraws the provisional value and requires a sync.
  public mutating func finish(_ ticket: Int, outcome: ServerOutcome) {
    guard pending == ticket else { return }
    switch outcome {
    case .saved(let value):
      confirmed = value
    case .rejected:
      break
    case .unknown:
      needsSync = true
      queued = nil
    }
    visible = confirmed
    pending = nil
  }

  /// Cancels the write `ticket`: the server may already have committed it, so a sync is due.
  public mutating func cancel(_ ticket: Int) {
    guard pending == ticket else { return }
    pending = nil
    visible = confirmed
    needsSync = true
    queued = nil
  }

  /// Starts a sync under `ticket`; it supersedes any sync still in flight.
  public mutating func beginSync(ticket: Int) {
    syncing = ticket
  }

  /// Applies the server's answer to the sync `ticket`; answers to any other ticket change nothing.
  ///
  /// A value read is adopted as confirmed (and shown, unless a write is pending) and unblocks
  /// writes; a failed read leaves the record as it was, still needing a sync if it did.
  public mutating func finishSync(_ ticket: Int, outcome: SyncOutcome) {
    guard syncing == ticket else { return }
    syncing = nil
    guard case .value(let value) = outcome else { return }
    confirmed = value
    if pending == nil {
      visible = value
    }
    needsSync = false
  }

  /// Adopts `value` from a reload of the whole list: it becomes the confirmed value and unblocks
  /// writes; a write in flight keeps its provisional value shown until its own answer.
  public mutating func reload(_ value: OptimisticValue) {
    confirmed = value
    if pending == nil {
      visible = value
    }
    needsSync = false
  }

  /// Replaces the state after a session change with the new session's authoritative value.
  public mutating func replaceSession(with value: OptimisticValue) {
    self = FavoriteState(value)
  }
}
