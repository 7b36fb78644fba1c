import Contracts

/// One generated optimistic-update step.
///
/// Records are named by position in the list loaded first
/// (`a`, `b`, `c`), requests by relative handles — a record and an age (0: that record's newest
/// write or sync; the oldest when it has fewer) — so deleting steps keeps the others' meaning.
enum OptimisticStep: Hashable, Sendable {
  /// `records a=on b=off`: the list, loaded once, first.
  case records([OptimisticValue])
  /// `tap ID`.
  case tap(record: Int)
  /// `respond NAME saved on|off`, `rejected` or `unknown`, to a write of the record.
  case respond(record: Int, age: Int, outcome: ServerOutcome)
  /// `cancel NAME`, of a write of the record.
  case cancel(record: Int, age: Int)
  /// `sort c,a,b`: record positions in the new order.
  case sort([Int])
  /// `session a=on b=off`: new values for every record.
  case session([OptimisticValue])
  /// `sync ID`.
  case sync(record: Int)
  /// `respond NAME read on|off` or `failed`, to a sync of the record.
  case respondToSync(record: Int, age: Int, outcome: SyncOutcome)
  /// `sync ID on|off`: sent and answered in one step.
  case syncRoundTrip(record: Int, value: OptimisticValue)
  /// `read ID as NAME`: names the read the app started by itself of the record.
  case read(record: Int)
  /// `filter VALUE|none`.
  case filter(OptimisticValue?)
  /// `refresh as NAME`.
  case refresh
  /// `respond NAME list a=on b=off` (every record) or `failed` (`nil`), to a refresh; age 0 is
  /// the newest refresh.
  case respondToRefresh(age: Int, values: [OptimisticValue]?)
  /// `batch a,b as NAME`: record positions, each once.
  case batch([Int])
  /// `respond NAME saved a=on b=off`, `rejected`, `unknown` or `each a=on b=rejected`, to a
  /// batch; age 0 is the newest batch.
  case respondToBatch(age: Int, answer: BatchAnswer)
  /// `set ID VALUE`: the user picks a value (capability `values`).
  case choose(record: Int, value: OptimisticValue)
  /// `wait 800ms`, `wait timeout`, `wait timeout - 1ms`: time passes on the subject's clock.
  case wait(WaitLength)
  /// `confirm ID`: the user confirms the question a tap opened on the record.
  case confirm(record: Int)
  /// `decline ID`: the user declines the question a tap opened on the record.
  case decline(record: Int)

  /// An answer to a batch, its values in the order of the batch's records.
  enum BatchAnswer: Hashable, Sendable {
    case saved([OptimisticValue])
    case rejected
    case unknown
    case each([ServerOutcome])

    /// The outcome of the batch's record at `offset`.
    func outcome(at offset: Int) -> ServerOutcome {
      switch self {
      case .saved(let values): .saved(values[offset])
      case .rejected: .rejected
      case .unknown: .unknown
      case .each(let outcomes): outcomes[offset]
      }
    }

    /// The answer as suites write it, for a batch of the records `ids`.
    func outcome(for ids: [String]) -> BatchOutcome {
      switch self {
      case .saved(let values):
        .saved(zip(ids, values).map { RecordValue(id: $0.0, value: $0.1) })
      case .rejected: .rejected
      case .unknown: .unknown
      case .each(let outcomes):
        .each(zip(ids, outcomes).map { BatchRecordOutcome(id: $0.0, outcome: $0.1) })
      }
    }
  }

  /// The contract's kinds the explorer generates, in the order coverage lists them.
  ///
  /// A wait's kind is `wait` even when it is counted from the write timeout: the explorer
  /// requires `write-timeouts` of every wait it generates, since its oracle judges the timeouts
  /// falling due.
  static let generated = GeneratedKinds<OptimisticAction.Kind>([
    .records, .tap, .respond, .cancel, .sort, .session, .sync, .respondToSync, .syncRoundTrip,
    .read, .filter, .refresh, .respondToRefresh, .batch, .respondToBatch, .choose, .wait,
    .confirm, .decline,
  ])

  /// A kind as coverage prints it, and as a failure's kind names it: an answer says what it
  /// answers.
  static func coverageName(_ kind: OptimisticAction.Kind) -> String {
    switch kind {
    case .respond: "respond (write)"
    case .respondToSync: "respond (sync)"
    case .syncRoundTrip: "sync and answer"
    case .read: "read started by the app"
    case .respondToRefresh: "respond (refresh)"
    case .respondToBatch: "respond (batch)"
    case .waitTimeout: "wait"
    case .records, .tap, .cancel, .sort, .session, .sync, .filter, .refresh, .batch, .choose,
      .wait, .confirm, .decline:
      kind.words
    }
  }

  /// The contract's kind of the action the step is.
  var kind: OptimisticAction.Kind {
    switch self {
    case .records: .records
    case .tap: .tap
    case .respond: .respond
    case .cancel: .cancel
    case .sort: .sort
    case .session: .session
    case .sync: .sync
    case .respondToSync: .respondToSync
    case .syncRoundTrip: .syncRoundTrip
    case .read: .read
    case .filter: .filter
    case .refresh: .refresh
    case .respondToRefresh: .respondToRefresh
    case .batch: .batch
    case .respondToBatch: .respondToBatch
    case .choose: .choose
    case .wait: .wait
    case .confirm: .confirm
    case .decline: .decline
    }
  }

  /// The record values the step names.
  var values: [OptimisticValue] {
    switch self {
    case .records(let values), .session(let values), .respondToRefresh(_, let values?),
      .respondToBatch(_, .saved(let values)):
      values
    case .respond(_, _, .saved(let value)), .respondToSync(_, _, .value(let value)),
      .syncRoundTrip(_, let value), .filter(let value?), .choose(_, let value):
      [value]
    case .respondToBatch(_, .each(let outcomes)):
      outcomes.compactMap { if case .saved(let value) = $0 { value } else { nil } }
    default:
      []
    }
  }

  /// Simpler steps, simplest first: earlier records, newer requests, fewer records, values off,
  /// plainer outcomes (a step whose values the subject does not declare is not allowed).
  var simplifications: [OptimisticStep] {
    switch self {
    case .records(let values):
      (values.count > 1 ? [.records(Array(values.dropLast()))] : [])
        + Self.moreOff(values).map { .records($0) }
    case .tap(let record):
      (0..<record).map { .tap(record: $0) }
    case .respond(let record, let age, let outcome):
      (0..<record).map { .respond(record: $0, age: age, outcome: outcome) }
        + (0..<age).map { .respond(record: record, age: $0, outcome: outcome) }
        + Self.simpler(than: outcome).map { .respond(record: record, age: age, outcome: $0) }
    case .cancel(let record, let age):
      (0..<record).map { .cancel(record: $0, age: age) }
        + (0..<age).map { .cancel(record: record, age: $0) }
    case .sort(let order):
      order == order.sorted() ? [] : [.sort(order.sorted())]
    case .session(let values):
      Self.moreOff(values).map { .session($0) }
    case .sync(let record):
      (0..<record).map { .sync(record: $0) }
    case .respondToSync(let record, let age, let outcome):
      (0..<record).map { .respondToSync(record: $0, age: age, outcome: outcome) }
        + (0..<age).map { .respondToSync(record: record, age: $0, outcome: outcome) }
        + Self.simpler(than: outcome).map { .respondToSync(record: record, age: age, outcome: $0) }
    case .syncRoundTrip(let record, let value):
      (0..<record).map { .syncRoundTrip(record: $0, value: value) }
        + (value == .on ? [] : [.syncRoundTrip(record: record, value: .on)])
    case .read, .refresh:
      []
    case .filter(let value):
      value == nil ? [] : [.filter(nil)]
    case .respondToRefresh(let age, let values):
      (0..<age).map { .respondToRefresh(age: $0, values: values) }
        + (values.map { Self.moreOff($0) } ?? []).map { .respondToRefresh(age: age, values: $0) }
    case .batch(let records):
      records.count > 2
        ? records.indices.map { left in
          .batch(records.enumerated().filter { $0.offset != left }.map(\.element))
        }
        : []
    case .respondToBatch(let age, let answer):
      (0..<age).map { .respondToBatch(age: $0, answer: answer) }
        + Self.simpler(than: answer).map { .respondToBatch(age: age, answer: $0) }
    case .choose(let record, let value):
      (0..<record).map { .choose(record: $0, value: value) } + [.tap(record: record)]
    case .wait(let length):
      Self.simpler(than: length).map { .wait($0) }
    case .confirm(let record):
      (0..<record).map { .confirm(record: $0) }
    case .decline(let record):
      (0..<record).map { .decline(record: $0) }
    }
  }

  /// Waits plainer than `length`: the timeout itself, then whole seconds, then half as long.
  private static func simpler(than length: WaitLength) -> [WaitLength] {
    let timeout = WaitLength.timeout()
    guard !length.fromTimeout else {
      return length.milliseconds == 0
        ? [] : [timeout, .timeout(plus: length.milliseconds / 2)].filter { $0 != length }
    }
    let milliseconds = length.milliseconds
    var plainer: [WaitLength] = [timeout]
    if milliseconds % 1000 != 0, milliseconds > 1000 {
      plainer.append(.fixed(milliseconds: milliseconds / 1000 * 1000))
    }
    if milliseconds > 1 {
      plainer.append(.fixed(milliseconds: milliseconds / 2))
    }
    return plainer
  }

  /// The values with one value other than `off` turned `off`, for each such value.
  private static func moreOff(_ values: [OptimisticValue]) -> [[OptimisticValue]] {
    values.indices.filter { values[$0] != .off }.map { index in
      var fewer = values
      fewer[index] = .off
      return fewer
    }
  }

  /// Batch answers plainer than `answer`: one answer for the whole batch before per-record ones,
  /// rejected before unknown, and fewer values on.
  private static func simpler(than answer: BatchAnswer) -> [BatchAnswer] {
    switch answer {
    case .saved(let values): moreOff(values).map { .saved($0) }
    case .rejected: []
    case .unknown: [.rejected]
    case .each(let outcomes):
      [.rejected]
        + (outcomes.allSatisfy { if case .saved = $0 { true } else { false } }
          ? [.saved(outcomes.map { if case .saved(let value) = $0 { value } else { .off } })]
          : [])
    }
  }

  /// Sync outcomes plainer than `outcome`: read on, read off, failed.
  private static func simpler(than outcome: SyncOutcome) -> [SyncOutcome] {
    let order: [SyncOutcome] = [.value(.on), .value(.off), .failed]
    return Array(order.prefix(order.firstIndex(of: outcome) ?? order.count))
  }

  /// Outcomes plainer than `outcome`: saved on, saved off, rejected, unknown.
  private static func simpler(than outcome: ServerOutcome) -> [ServerOutcome] {
    let order: [ServerOutcome] = [.saved(.on), .saved(.off), .rejected, .unknown]
    return Array(order.prefix(order.firstIndex(of: outcome) ?? order.count))
  }
}
