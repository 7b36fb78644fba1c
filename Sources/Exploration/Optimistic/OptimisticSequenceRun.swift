import Contracts

/// One generated optimistic-update sequence on one fresh subject, judged by a per-record model of
/// the contract — confirmed value, provisional value, the write in flight, whether a sync is due
/// — driven by server answers the explorer chooses, including values that differ from the intent.
///
/// Where the contract leaves a choice, the oracle does not judge: a sync or refresh answered after
/// a write of its record was sent, answered or cancelled may be applied or ignored (its read may
/// predate the write), and the list's order is judged only right after a re-sort or a filter —
/// whether a row leaves a filtered list at once when its star changes is the product's choice.
///
/// With `automatic-reads` the app must start exactly one read of a record when its write's
/// outcome becomes unknown (an unknown answer or a cancel), and no other; each is named by a
/// `read` step right after, and it is the record's sync in flight.
///
/// With `batches` a batch is sent only when every record in it accepts a write; each record then
/// has the batch as its write in flight, and one answer settles every record of it (or each by
/// its own outcome) exactly as a single write's answer would.
///
/// With `values` the records hold the subject's declared values: a tap asks for the value after
/// the one shown, `set` for any choice (the value shown, a write pending or a sync due: nothing
/// is sent), and the server answers any declared value.
/// The row's value is judged under the subject's display rule (``DisplayRule/shown(confirmed:provisional:)``):
/// the intent while a write is pending (the article's), or the confirmed value (pessimistic).
/// With `write-timeouts` the run owns the subject's clock and generates waits around the declared
/// timeout — 1 ms short of it, exactly it, and short waits that add up across it — and a write or
/// batch still pending when its timeout falls due is settled as a cancel would settle it.
/// With the entity rule shared (``EntityRule/shared``) the list also has a second row of the first
/// record's entity (`a2@a`): every other step that taps, picks or syncs the first record does so
/// through that row, and the row must show exactly what the entity's first row must show.
@MainActor
final class OptimisticSequenceRun: SequenceRun {
  typealias Step = OptimisticStep

  /// A request the subject sent: a write or a sync.
  ///
  /// Its stored properties are declared widest first, so a long session's million requests
  /// carry as little padding between them as their types allow.
  private struct Request {
    /// The token its answer is delivered with: under keep-and-retry, the newest attempt's.
    var token: AnyHashable
    let record: Int
    let session: Int
    /// Its name's number: `r3` for the third write, `s2` for the second sync, `q2` for the
    /// write the app sent by itself for the second queued tap (queue-latest).
    let number: Int
    /// The record's count of write events when the request was sent.
    let writeEventsAtSend: Int
    /// How many re-sorts had happened when it was sent.
    let sortsAtSend: Int
    /// Its place in the list an answer names it by (its record's writes or syncs, the refreshes,
    /// the batches), oldest first: a handle's age is counted from it.
    var place = 0
    /// For a refresh: each record's count of write events when it was sent.
    var writeEventsOfAll: [Int] = []
    /// For a batch: the records it writes, in its order; `record` is the first.
    var batchRecords: [Int] = []
    /// For a write or a batch: the clock's time at which it times out, when the subject declares
    /// a write timeout.
    var deadline: Duration?
    let isSync: Bool
    /// Whether it is a refresh (a read of the whole list); `record` is then 0.
    var isRefresh = false
    /// Whether the app sent it by itself for a queued tap (queue-latest): it is named `q…`.
    var isQueued = false
    var answered = false
    var cancelled = false
    /// Whether it timed out: it was then settled as a cancel.
    var timedOut = false
  }

  /// A tap queued while its record's write was pending (queue-latest).
  private struct QueuedTap: Equatable {
    /// The value it asks for.
    let value: OptimisticValue
    /// Its name's number: `q2` for the second queued tap.
    let number: Int
  }

  /// The oracle's view of one record.
  private struct Record: Equatable {
    var confirmed: OptimisticValue
    /// The user's intent while a write is pending.
    var intent = OptimisticValue.off
    /// The write in flight (an index into the requests).
    var pending: Int?
    var needsSync = false
    /// The newest sync not yet answered or superseded (an index into the requests).
    var currentSync: Int?
    /// Writes sent, answered or cancelled: a sync across one of them may or may not apply.
    var writeEvents = 0
    /// The record's writes and syncs, oldest first (indices into the requests).
    var writes: [Int] = []
    var syncs: [Int] = []
    /// The value the question open on the row asks to write (the confirmation rule), if any.
    var question: OptimisticValue?
    /// Under queue-latest, the value the latest tap while the write was pending queued, and the
    /// number of its name (`q2`): the app sends it when the pending write is answered.
    var queued: QueuedTap?

    init(_ value: OptimisticValue) {
      confirmed = value
    }

    /// The value the user's last word asked for: the queued tap's value, else the pending
    /// write's intent, else the confirmed value.
    ///
    /// A tap asks for the value after it; a choice of it asks for nothing new.
    var asked: OptimisticValue { pending == nil ? confirmed : queued?.value ?? intent }

    /// The value the row must show under the display rule `display`.
    func shown(under display: DisplayRule) -> OptimisticValue {
      display.shown(confirmed: confirmed, provisional: pending == nil ? nil : asked)
    }
  }

  /// Record ids by position: `a` … `z`, then `aa` … `zz`.
  ///
  /// Generated lists have at most three records; an imported recording may have more.
  private static let ids: [String] = {
    let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
    return letters + letters.flatMap { first in letters.map { first + $0 } }
  }()

  private let subject: any OptimisticUpdateSubject
  private let canCancel: Bool
  private let canSort: Bool
  private let hasSessions: Bool
  private let readsByItself: Bool
  private let canFilter: Bool
  private let canRefresh: Bool
  private let canBatch: Bool
  /// The values a user can choose, the resting one first, and every value the subject declares.
  private let choices: [OptimisticValue]
  private let declared: [OptimisticValue]
  /// Whether the subject has more than two choices, so it implements `choose(_:record:)` (the
  /// default of two choices is a tap, which taps already cover).
  private let canChoose: Bool
  private let recording: Bool
  /// What the row shows while a write is pending, as the subject declares it.
  private let display: DisplayRule
  /// What a tap does while a write is pending, as the subject declares it.
  private let inFlight: InFlightRule
  /// Whether an unknown outcome keeps the provisional value pending and the app sends the write
  /// again (``UnknownOutcomeRule/keepAndRetry``), as the subject declares it.
  private let keepsAndRetries: Bool
  /// Whether a tap while a write is pending is queued and sent by the app when that write is
  /// answered (``InFlightRule/queueLatest``), as the subject declares it.
  private let queues: Bool
  /// Which taps ask the user to confirm first, as the subject declares it.
  private let confirmation: ConfirmationRule
  /// The subject's write timeout, when it declares `write-timeouts`.
  private let timeout: Duration?
  /// The second row of the first record's entity, when the subject declares that rows share
  /// entities (``EntityRule/shared``).
  private let sharedRow: String?
  /// The clock the subject reads and sets its timers on, moved only by `wait` steps.
  private let clock = VirtualClock()
  /// Calls the subject for each step, as the runner's session does, and knows the token each
  /// request is answered with under the name a found case gives it.
  private var driver: OptimisticDriver

  private var records: [Record] = []
  private var requests: [Request] = []
  private var session = 1
  private var sorts = 0
  private var writesSent = 0
  private var syncsSent = 0
  private var refreshesSent = 0
  private var batchesSent = 0
  /// The taps queued so far (queue-latest): the `q…` names given.
  private var queuedTaps = 0
  /// The batches sent, oldest first (indices into the requests).
  private var batches: [Int] = []
  /// The list's order with every record, hidden or not (record positions).
  private var fullOrder: [Int] = []
  /// The shown value the filter keeps, or `nil` when every row shows.
  private var filter: OptimisticValue?
  /// The refreshes sent, oldest first (indices into the requests), and the newest unanswered.
  private var refreshes: [Int] = []
  private var currentRefresh: Int?
  /// Reads the app had to start, each waiting for its `read` step: the record, and the request
  /// when the app did start it.
  private var unnamedReads: [(record: Int, request: Int?)] = []
  private var stepNumber = 0
  /// The request the step being performed sent or named (a `read` names the app's own).
  private var sentByStep: Int?
  private var choice = WeightedChoice<OptimisticAction.Kind>()

  private(set) var coverage = Coverage(
    actions: OptimisticStep.generated.kinds.map(OptimisticStep.coverageName),
    situations: OptimisticSituation.allCases.map(\.name))
  private(set) var actionTexts: [String] = []
  private(set) var requirements: Set<SubjectCapability> = []

  init(subject: ContractSubject, recording: Bool) {
    guard case .optimistic(let subject) = subject else {
      preconditionFailure("an optimistic-update run needs an optimistic-update subject")
    }
    self.subject = subject
    let capabilities = ContractSubject.optimisticCapabilities(of: subject)
    canCancel = capabilities.contains(.cancellation)
    canSort = capabilities.contains(.sorting)
    hasSessions = capabilities.contains(.sessions)
    readsByItself = capabilities.contains(.automaticReads)
    queues = subject.inFlightRule == .queueLatest
    // Under queue-latest a queued tap on a row the filter hides when its write is answered may
    // be sent or kept, as the product chooses: such a list is explored without filters.
    canFilter = capabilities.contains(.filtering) && !queues
    canRefresh = capabilities.contains(.refresh)
    canBatch = capabilities.contains(.batches)
    choices = subject.choices
    declared = subject.declaredValues
    canChoose = choices.count > 2
    self.recording = recording
    timeout = subject.writeTimeout
    display = subject.displayRule
    inFlight = subject.inFlightRule
    keepsAndRetries = subject.unknownOutcomeRule == .keepAndRetry
    confirmation = subject.confirmationRule
    sharedRow = subject.entityRule == .shared ? Self.ids[0] + "2" : nil
    driver = OptimisticDriver(for: subject)
    subject.useClock(clock)
    let ruledOut: [(OptimisticSituation, Bool)] = [
      (.readStartedByApp, !readsByItself), (.tapOnHiddenRow, !canFilter),
      (.answerToHiddenRecord, !canFilter), (.refreshOverPendingWrite, !canRefresh),
      (.staleRefreshAnswer, !canRefresh), (.refreshAnswerNotJudged, !canRefresh),
      (.batchRefused, !canBatch), (.perRecordBatchAnswer, !canBatch),
      (.staleBatchAnswer, !canBatch), (.choiceOfShownValue, !canChoose),
      (.writeTimedOut, timeout == nil), (.waitJustBeforeTimeout, timeout == nil),
      (.answerAfterTimeout, timeout == nil), (.answerAfterResort, !canSort),
      (.answerFromOldSession, !hasSessions), (.answerToCancelledWrite, !canCancel),
      // Under keep-and-retry an unknown outcome keeps the write pending and its retry takes its
      // name: no sync falls due, and a write leaves pending only when it is answered.
      (.tapWhileSyncDue, keepsAndRetries), (.answerToCancelledWrite, keepsAndRetries),
      (.answerAfterTimeout, keepsAndRetries), (.lateAnswerToOlderWrite, keepsAndRetries),
      (.queuedWriteSent, !queues),
    ]
    coverage.ruleOut(ruledOut.filter(\.1).map(\.0.rawValue))
    // A case found here judges the rows as this display shows them: it is for that display
    // only (the article's needs no line).
    if display != .article {
      requirements.insert(display.capability)
    }
    // Likewise for the in-flight rule: a tap while a write is pending is judged under it.
    if inFlight != .article {
      requirements.insert(inFlight.capability)
    }
    // And for the unknown-outcome rule: an unknown outcome is judged under it.
    if keepsAndRetries {
      requirements.insert(UnknownOutcomeRule.keepAndRetry.capability)
    }
    // And for the confirmation rule: a tap that asks is judged under it.
    if confirmation != .article {
      requirements.insert(confirmation.capability)
    }
    // And for the entity rule: a case found here loads a row sharing the first record's entity.
    if sharedRow != nil {
      requirements.insert(EntityRule.shared.capability)
    }
  }

  /// The rows a list of record values loads: one per record, and under the entity rule shared
  /// the second row of the first record's entity after them.
  private func rows(_ values: [OptimisticValue]) -> [RecordValue] {
    let rows = zip(Self.ids, values).map { RecordValue(id: $0.0, value: $0.1) }
    guard let sharedRow, let first = rows.first else { return rows }
    return rows + [RecordValue(id: sharedRow, value: first.value, entity: first.id)]
  }

  /// The row a step numbered `step` taps, picks or syncs record `index` through: under the entity
  /// rule shared, the first record's second row on every even-numbered step; else its own row.
  private func row(of index: Int, step: Int) -> String {
    guard let sharedRow, index == 0, step % 2 == 0 else { return Self.ids[index] }
    return sharedRow
  }

  // MARK: - Preconditions and generation

  func allows(_ step: OptimisticStep) -> Bool {
    guard step.values.allSatisfy(declared.contains) else { return false }
    switch step {
    case .records(let values):
      return records.isEmpty && (1...Self.ids.count).contains(values.count)
    case .tap(let record), .sync(let record), .syncRoundTrip(let record, _):
      return records.indices.contains(record)
    case .choose(let record, let value):
      return records.indices.contains(record) && choices.contains(value)
    case .respond(let record, let age, _):
      return records.indices.contains(record) && age >= 0 && !records[record].writes.isEmpty
    case .cancel(let record, let age):
      return canCancel && records.indices.contains(record) && age >= 0
        && !records[record].writes.isEmpty
    case .respondToSync(let record, let age, _):
      return records.indices.contains(record) && age >= 0 && !records[record].syncs.isEmpty
    case .sort(let order):
      return canSort && !records.isEmpty && order.sorted() == Array(records.indices)
    case .session(let values):
      return hasSessions && !records.isEmpty && values.count == records.count
    case .read(let record):
      return unnamedReads.contains { $0.record == record }
    case .filter:
      return canFilter && !records.isEmpty
    case .refresh:
      return canRefresh && !records.isEmpty
    case .respondToRefresh(let age, let values):
      return canRefresh && age >= 0 && !refreshes.isEmpty
        && (values.map { $0.count == records.count } ?? true)
    case .confirm(let record), .decline(let record):
      return confirmation != .never && records.indices.contains(record)
    case .batch(let positions):
      // A batch is not asked about: a subject whose taps may ask is explored without batches.
      return canBatch && confirmation == .never && positions.count > 1
        && Set(positions).count == positions.count
        && positions.allSatisfy(records.indices.contains)
    case .respondToBatch(let age, let answer):
      guard canBatch, age >= 0, !batches.isEmpty else { return false }
      let count = requests[handle(batches, age: age)].batchRecords.count
      switch answer {
      case .saved(let values): return values.count >= count
      case .each(let outcomes): return outcomes.count >= count
      case .rejected, .unknown: return true
      }
    case .wait(let length):
      return timeout != nil && !records.isEmpty && length.milliseconds >= -WaitLength.longest
        && length.milliseconds <= WaitLength.longest && !length.fromWindow
    }
  }

  func nextStep(_ random: inout SplitMix64) -> OptimisticStep {
    guard !records.isEmpty else {
      let count = 1 + min(random.below(6), 4) / 2
      return .records((0..<count).map { _ in randomValue(&random) })
    }
    if let unnamed = unnamedReads.first {
      return .read(record: unnamed.record)
    }
    var anyWrite = false
    var anySync = false
    for record in records {
      anyWrite = anyWrite || !record.writes.isEmpty
      anySync = anySync || !record.syncs.isEmpty
    }
    choice.reset()
    choice.add(.tap, 22)
    choice.add(.respond, 26, when: anyWrite)
    choice.add(.cancel, 4, when: canCancel && anyWrite)
    choice.add(.sync, 9)
    choice.add(.respondToSync, 11, when: anySync)
    choice.add(.syncRoundTrip, 5)
    choice.add(.sort, 4, when: canSort && records.count > 1)
    choice.add(.session, 3, when: hasSessions)
    choice.add(.filter, 4, when: canFilter)
    choice.add(.refresh, 4, when: canRefresh)
    choice.add(.respondToRefresh, 6, when: canRefresh && !refreshes.isEmpty)
    choice.add(.batch, 6, when: canBatch && confirmation == .never && records.count > 1)
    choice.add(.respondToBatch, 8, when: canBatch && !batches.isEmpty)
    choice.add(.choose, 14, when: canChoose)
    choice.add(.wait, 8, when: timeout != nil)
    let anyQuestion = records.contains { $0.question != nil }
    choice.add(.confirm, 12, when: anyQuestion)
    choice.add(.decline, 8, when: anyQuestion)
    switch choice.draw(&random) {
    case .records, .tap:
      return .tap(record: random.below(records.count))
    case .respond:
      let (record, age) = writeHandle(&random)
      let current = records[record].pending == records[record].writes.last
      let intent = current ? records[record].intent : randomValue(&random)
      let outcome: ServerOutcome
      switch random.below(100) {
      case 0..<35: outcome = .saved(intent)
      case 35..<50: outcome = .saved(otherValue(than: intent, &random))
      case 50..<75: outcome = .rejected
      default: outcome = .unknown
      }
      return .respond(record: record, age: age, outcome: outcome)
    case .cancel:
      let (record, age) = writeHandle(&random)
      return .cancel(record: record, age: age)
    case .sync:
      return .sync(record: random.below(records.count))
    case .respondToSync:
      let (record, age) = syncHandle(&random)
      return .respondToSync(
        record: record, age: age,
        outcome: random.chance(75) ? .value(randomValue(&random)) : .failed)
    case .syncRoundTrip:
      return .syncRoundTrip(record: random.below(records.count), value: randomValue(&random))
    case .sort:
      var order = Array(records.indices)
      for index in stride(from: order.count - 1, to: 0, by: -1) {
        order.swapAt(index, random.below(index + 1))
      }
      return .sort(order)
    case .session:
      return .session(records.map { _ in randomValue(&random) })
    case .read:
      return .sync(record: random.below(records.count))
    case .filter:
      let word = random.below(declared.count + 1)
      return .filter(word == declared.count ? nil : declared[word])
    case .refresh:
      return .refresh
    case .respondToRefresh:
      let age: Int
      if random.chance(65), let current = currentRefresh,
        let index = refreshes.lastIndex(of: current)
      {
        age = refreshes.count - 1 - index
      } else {
        age = random.below(min(refreshes.count, 3))
      }
      let values = random.chance(85) ? records.map { _ in randomValue(&random) } : nil
      return .respondToRefresh(age: age, values: values)
    case .batch:
      var positions = Array(records.indices)
      for index in stride(from: positions.count - 1, to: 0, by: -1) {
        positions.swapAt(index, random.below(index + 1))
      }
      return .batch(Array(positions.prefix(2 + random.below(records.count - 1))))
    case .respondToBatch:
      return batchAnswer(&random)
    case .choose:
      return .choose(
        record: random.below(records.count), value: choices[random.below(choices.count)])
    case .wait:
      return .wait(waitLength(&random))
    case .confirm:
      return .confirm(record: questionHandle(&random))
    case .decline:
      return .decline(record: questionHandle(&random))
    case .waitTimeout:
      preconditionFailure("the explorer's waits are counted as wait (see OptimisticStep.generated)")
    }
  }

  /// A record to answer the question of: mostly one whose question is open, else any record.
  private func questionHandle(_ random: inout SplitMix64) -> Int {
    if random.chance(85), let record = pick(&random, where: { $0.question != nil }) {
      return record
    }
    return random.below(records.count)
  }

  /// Whether a write of `value` on a record in `model` asks the user first under the declared
  /// confirmation rule: nothing pending, no sync due, the row shown, the value new, and the rule
  /// asks about it.
  private func asksFirst(_ model: Record, writing value: OptimisticValue, isShown: Bool) -> Bool {
    confirmation != .never && model.pending == nil && !model.needsSync && isShown
      && model.question == nil && value != model.asked
      && confirmation.asks(writing: value, choices: choices)
  }

  /// A declared value drawn evenly; on an on/off subject exactly one coin flip.
  private func randomValue(_ random: inout SplitMix64) -> OptimisticValue {
    guard declared != [.off, .on] else { return OptimisticValue(random.chance(50)) }
    return declared[random.below(declared.count)]
  }

  /// A declared value other than `value`, drawn evenly; on a two-valued subject the other one,
  /// with no draw.
  private func otherValue(than value: OptimisticValue, _ random: inout SplitMix64)
    -> OptimisticValue
  {
    let others = declared.filter { $0 != value }
    guard others.count > 1 else { return others.first ?? value }
    return others[random.below(others.count)]
  }

  /// An answer to a batch: mostly to one still pending, mostly the intents saved.
  private func batchAnswer(_ random: inout SplitMix64) -> OptimisticStep {
    var age = random.below(min(batches.count, 3))
    if random.chance(65),
      let index = batches.lastIndex(where: { batch in
        requests[batch].batchRecords.contains { records[$0].pending == batch }
      })
    {
      age = batches.count - 1 - index
    }
    let batch = requests[handle(batches, age: age)]
    let intents = batch.batchRecords.map { position in
      records[position].pending == handle(batches, age: age)
        ? records[position].intent : randomValue(&random)
    }
    switch random.below(100) {
    case 0..<35:
      return .respondToBatch(
        age: age,
        answer: .saved(intents.map { random.chance(85) ? $0 : otherValue(than: $0, &random) }))
    case 35..<55:
      return .respondToBatch(age: age, answer: .rejected)
    case 55..<75:
      return .respondToBatch(age: age, answer: .unknown)
    default:
      let outcomes: [ServerOutcome] = intents.map { intent in
        switch random.below(4) {
        case 0: .saved(intent)
        case 1: .saved(otherValue(than: intent, &random))
        case 2: .rejected
        default: .unknown
        }
      }
      return .respondToBatch(age: age, answer: .each(outcomes))
    }
  }

  /// A write to answer: mostly a record's pending write, else any write of any record.
  private func writeHandle(_ random: inout SplitMix64) -> (record: Int, age: Int) {
    if random.chance(65),
      let record = pick(&random, where: { $0.pending.map($0.writes.contains) ?? false })
    {
      let writes = records[record].writes
      let index = writes.lastIndex { $0 == records[record].pending } ?? writes.count - 1
      return (record, writes.count - 1 - index)
    }
    let record = pick(&random) { !$0.writes.isEmpty } ?? 0
    return (record, random.below(min(records[record].writes.count, 3)))
  }

  /// A sync to answer: mostly a record's current sync, else any sync of any record.
  private func syncHandle(_ random: inout SplitMix64) -> (record: Int, age: Int) {
    if random.chance(65), let record = pick(&random, where: { $0.currentSync != nil }) {
      let syncs = records[record].syncs
      let index = syncs.lastIndex { $0 == records[record].currentSync } ?? syncs.count - 1
      return (record, syncs.count - 1 - index)
    }
    let record = pick(&random) { !$0.syncs.isEmpty } ?? 0
    return (record, random.below(min(records[record].syncs.count, 3)))
  }

  /// One of the records that satisfy `condition`, drawn evenly, or `nil` when none does.
  private func pick(_ random: inout SplitMix64, where condition: (Record) -> Bool) -> Int? {
    var matching = 0
    for record in records where condition(record) { matching += 1 }
    guard matching > 0 else { return nil }
    var choice = random.below(matching)
    for (index, record) in records.enumerated() where condition(record) {
      if choice == 0 { return index }
      choice -= 1
    }
    return nil
  }

  static func simplifications(of step: OptimisticStep, avoiding used: Set<Int>)
    -> [OptimisticStep]
  {
    step.simplifications
  }

  static func inputs(of step: OptimisticStep) -> [Int] {
    []
  }

  /// The request a handle names: the record's write or sync `age` before its newest, or its
  /// oldest when it has fewer.
  private func handle(_ list: [Int], age: Int) -> Int {
    list[list.count - 1 - min(age, list.count - 1)]
  }

  // MARK: - Binding answers to their requests

  func sent(by step: OptimisticStep) -> Int? {
    sentByStep
  }

  func rebind(_ step: OptimisticStep, to sent: Int) -> OptimisticStep? {
    guard requests.indices.contains(sent) else { return nil }
    let request = requests[sent]
    let isWrite = !request.isSync && request.batchRecords.isEmpty
    switch step {
    case .respond(_, _, let outcome):
      guard isWrite else { return nil }
      let writes = records[request.record].writes.count
      return .respond(record: request.record, age: writes - 1 - request.place, outcome: outcome)
    case .cancel:
      guard isWrite else { return nil }
      let writes = records[request.record].writes.count
      return .cancel(record: request.record, age: writes - 1 - request.place)
    case .respondToSync(_, _, let outcome):
      guard request.isSync, !request.isRefresh else { return nil }
      let syncs = records[request.record].syncs.count
      return .respondToSync(
        record: request.record, age: syncs - 1 - request.place, outcome: outcome)
    case .respondToRefresh(_, let values):
      guard request.isRefresh else { return nil }
      return .respondToRefresh(age: refreshes.count - 1 - request.place, values: values)
    case .respondToBatch(_, let answer):
      guard !request.batchRecords.isEmpty else { return nil }
      return .respondToBatch(age: batches.count - 1 - request.place, answer: answer)
    default:
      return step
    }
  }

  // MARK: - Performing and judging

  func perform(_ step: OptimisticStep) -> StepFailure? {
    stepNumber += 1
    sentByStep = nil
    if case .read = step {
    } else if unnamedReads.contains(where: { $0.request != nil }) {
      // Only a shrink that left out a `read` step gets here: a failure of its own kind, so the
      // shrinker keeps the step (the case would not read back without it).
      let unnamed = unnamedReads.filter { $0.request != nil }.map { Self.ids[$0.record] }
      return StepFailure(
        stepNumber: stepNumber, actionKind: StepFailure.unnamedReadKind,
        mismatches: [
          OracleMismatch(
            key: "started", expected: .literal(.list([])), actual: .list(unnamed),
            isInvariant: true)
        ])
    }
    coverage.countAction(OptimisticStep.generated.place(of: step.kind))
    requirements.formUnion(step.kind.neededCapabilities)
    if step.values.contains(where: { $0 != .on && $0 != .off }) {
      requirements.insert(.values)
    }
    var stated: [OracleMismatch] = []
    var expectedOrder: [String]?
    /// The kind of failure a failure here would be: the action, and for answers whether the
    /// answer was current (its handling is judged) or stale (it must change nothing).
    /// For answers: whether the answer was current (its handling is judged) or stale (it must
    /// change nothing) — a different failure for shrinking.
    var answeredCurrent: Bool?
    /// Records whose answer the contract leaves open, with the states each may show.
    var open: [(record: Int, states: [Record])] = []
    /// Records whose write's outcome became unknown in this step: an app that reads by itself
    /// must start a read of each.
    var mustRead: [Int] = []
    /// Writes (indices into the requests) whose outcome became unknown in this step under
    /// keep-and-retry: the app sends each again.
    var retried: [Int] = []
    /// Records whose pending write was answered in this step with a tap queued (queue-latest):
    /// the app sends each queued value as a new write.
    var queuedDue: [Int] = []
    var wasNamingRead = false

    switch step {
    case .records(let values):
      records = values.map(Record.init)
      let loaded = rows(values)
      drive(.records(loaded))
      fullOrder = Array(values.indices)
      record(.records(loaded))

    case .tap(let index):
      let model = records[index]
      let isShown = filter == nil || subject.order.contains(Self.ids[index])
      if !isShown { count(.tapOnHiddenRow) }
      let gateOpen = acceptsWrite(model) && isShown
      if model.pending != nil { count(.tapWhilePending) }
      if model.needsSync { count(.tapWhileSyncDue) }
      let tapIntent = OptimisticValue.valueAfterTap(showing: model.asked, choices: choices)
      let asks = asksFirst(model, writing: tapIntent, isShown: isShown)
      if asks { records[index].question = tapIntent }
      let queuesTap = queues && gateOpen && model.pending != nil && model.question == nil
      let shouldSend = gateOpen && model.question == nil && !asks && !queuesTap
      let tapped = row(of: index, step: stepNumber)
      let token = send(.tap(record: tapped, request: nil))
      if shouldSend, let token {
        let request = bookWrite(token, for: index, asking: tapIntent)
        record(.tap(record: tapped, request: request))
      } else if queuesTap {
        let name = queue(tapIntent, on: index)
        record(.tap(record: tapped, request: name))
      } else {
        record(.tap(record: tapped, request: nil))
      }
      if (token != nil) != shouldSend {
        stated.append(
          OracleMismatch(
            key: "sent", expected: .literal(.bool(shouldSend)), actual: .bool(!shouldSend))
        )
      }

    case .choose(let index, let value):
      requirements.insert(.values)
      let model = records[index]
      let isShown = filter == nil || subject.order.contains(Self.ids[index])
      if !isShown { count(.tapOnHiddenRow) }
      if model.pending != nil { count(.tapWhilePending) }
      if model.needsSync { count(.tapWhileSyncDue) }
      if value == model.shown(under: display) { count(.choiceOfShownValue) }
      let asks = asksFirst(model, writing: value, isShown: isShown)
      if asks { records[index].question = value }
      let accepted =
        acceptsWrite(model) && isShown && value != model.asked && model.question == nil && !asks
      let queuesChoice = queues && accepted && model.pending != nil
      let shouldSend = accepted && !queuesChoice
      let picked = row(of: index, step: stepNumber)
      let token = send(.choose(record: picked, value: value, request: nil))
      if shouldSend, let token {
        let request = bookWrite(token, for: index, asking: value)
        record(.choose(record: picked, value: value, request: request))
      } else if queuesChoice {
        let name = queue(value, on: index)
        record(.choose(record: picked, value: value, request: name))
      } else if queues, model.pending != nil, let queued = model.queued {
        // A choice of the value queued changes nothing; it keeps the queued tap's name, as the
        // runner names the queued write by the last tap that sent nothing while it was pending.
        record(.choose(record: picked, value: value, request: "q\(queued.number)"))
      } else {
        record(.choose(record: picked, value: value, request: nil))
      }
      if (token != nil) != shouldSend {
        stated.append(
          OracleMismatch(
            key: "sent", expected: .literal(.bool(shouldSend)), actual: .bool(!shouldSend))
        )
      }

    case .confirm(let index):
      let model = records[index]
      let isShown = filter == nil || subject.order.contains(Self.ids[index])
      records[index].question = nil
      let asked = model.question
      let shouldSend = asked.map { acceptsWrite(model) && isShown && $0 != model.asked } ?? false
      let token = send(.confirm(record: Self.ids[index], request: nil))
      if shouldSend, let token, let asked {
        let request = bookWrite(token, for: index, asking: asked)
        record(.confirm(record: Self.ids[index], request: request))
      } else {
        record(.confirm(record: Self.ids[index], request: nil))
      }
      if (token != nil) != shouldSend {
        stated.append(
          OracleMismatch(
            key: "sent", expected: .literal(.bool(shouldSend)), actual: .bool(!shouldSend))
        )
      }

    case .decline(let index):
      records[index].question = nil
      drive(.decline(record: Self.ids[index]))
      record(.decline(record: Self.ids[index]))

    case .respond(let index, let age, let outcome):
      let request = handle(records[index].writes, age: age)
      observeAnswer(to: request)
      drive(.respond(request: name(of: request), outcome: outcome))
      record(.respond(request: name(of: request), outcome: outcome))
      answeredCurrent = isCurrentWrite(request)
      if isCurrentWrite(request), keepsAndRetries, outcome == .unknown {
        count(.unknownOutcome)
        records[index].writeEvents += 1
        retried.append(request)
      } else if isCurrentWrite(request) {
        if settleWrite(of: index, with: outcome) { mustRead.append(index) }
        if records[index].queued != nil { queuedDue.append(index) }
      }
      requests[request].answered = true

    case .cancel(let index, let age):
      let request = handle(records[index].writes, age: age)
      drive(.cancel(request: name(of: request)))
      record(.cancel(request: name(of: request)))
      if isCurrentWrite(request), keepsAndRetries {
        records[index].writeEvents += 1
        requests[request].cancelled = true
        retried.append(request)
      } else if isCurrentWrite(request) {
        records[index].pending = nil
        records[index].needsSync = true
        records[index].queued = nil
        records[index].writeEvents += 1
        requests[request].cancelled = true
        mustRead.append(index)
      }

    case .sort(let order):
      // The second row of the first record's entity, if any, stays last.
      let ids = order.map { Self.ids[$0] } + (sharedRow.map { [$0] } ?? [])
      drive(.sort(ids))
      record(.sort(ids))
      sorts += 1
      fullOrder = order
      if filter == nil {
        expectedOrder = ids
      } else {
        let shown = Set(subject.order)
        expectedOrder = ids.filter(shown.contains)
      }

    case .session(let values):
      let fresh = rows(values)
      drive(.session(fresh))
      record(.session(fresh))
      session += 1
      // The new session's list comes in its own order, as loading it first did.
      fullOrder = Array(values.indices)
      for index in records.indices {
        var model = Record(values[index])
        model.writes = records[index].writes
        model.syncs = records[index].syncs
        records[index] = model
      }

    case .sync(let index):
      if records[index].pending != nil { count(.syncWhileWritePending) }
      let synced = row(of: index, step: stepNumber)
      if let token = send(.sync(record: synced, request: nil)) {
        syncsSent += 1
        let request = send(token, for: index, isSync: true, number: syncsSent)
        nameRequest(request)
        records[index].syncs.append(request)
        requests[request].place = records[index].syncs.count - 1
        records[index].currentSync = request
        sentByStep = request
        record(.sync(record: synced, request: "s\(syncsSent)"))
      } else {
        record(.sync(record: synced, request: nil))
        stated.append(
          OracleMismatch(key: "sent", expected: .literal(.bool(true)), actual: .bool(false)))
      }

    case .respondToSync(let index, let age, let outcome):
      let request = handle(records[index].syncs, age: age)
      observeAnswer(to: request)
      drive(.respondToSync(request: name(of: request), outcome: outcome))
      record(.respondToSync(request: "s\(requests[request].number)", outcome: outcome))
      let current =
        requests[request].session == session && records[index].currentSync == request
      answeredCurrent = current
      open += answer(request, of: index, with: outcome).map { [$0] } ?? []
      requests[request].answered = true

    case .syncRoundTrip(let index, let value):
      if records[index].pending != nil { count(.syncWhileWritePending) }
      record(.syncRoundTrip(record: Self.ids[index], value: value))
      // The driver answers the sync it sends at once, with `value`.
      if let token = send(.syncRoundTrip(record: Self.ids[index], value: value)) {
        syncsSent += 1
        let request = send(token, for: index, isSync: true, number: syncsSent)
        nameRequest(request)
        records[index].syncs.append(request)
        requests[request].place = records[index].syncs.count - 1
        records[index].currentSync = request
        open += answer(request, of: index, with: .value(value)).map { [$0] } ?? []
        requests[request].answered = true
      } else {
        stated.append(
          OracleMismatch(key: "sent", expected: .literal(.bool(true)), actual: .bool(false)))
      }

    case .read(let index):
      wasNamingRead = true
      count(.readStartedByApp)
      requirements.insert(.automaticReads)
      let position = unnamedReads.firstIndex { $0.record == index } ?? 0
      let unnamed = unnamedReads.remove(at: position)
      if let request = unnamed.request {
        sentByStep = request
        // The app started the read: the driver calls nothing, and the read has its name.
        drive(.read(record: Self.ids[index], request: name(of: request)))
        record(.read(record: Self.ids[index], request: "s\(requests[request].number)"))
      } else {
        syncsSent += 1
        record(.read(record: Self.ids[index], request: "s\(syncsSent)"))
        stated.append(
          OracleMismatch(key: "sent", expected: .literal(.bool(true)), actual: .bool(false)))
      }

    case .filter(let value):
      drive(.filter(value))
      record(.filter(value))
      filter = value
      let kept = fullOrder.filter { value == nil || records[$0].shown(under: display) == value }
      expectedOrder =
        kept.map { Self.ids[$0] } + (sharedRow.flatMap { kept.contains(0) ? [$0] : nil } ?? [])

    case .refresh:
      if let token = send(.refresh(request: nil)) {
        refreshesSent += 1
        let request = send(token, for: 0, isSync: true, number: refreshesSent)
        requests[request].isRefresh = true
        nameRequest(request)
        requests[request].writeEventsOfAll = records.map(\.writeEvents)
        refreshes.append(request)
        requests[request].place = refreshes.count - 1
        sentByStep = request
        currentRefresh = request
        record(.refresh(request: "l\(refreshesSent)"))
      } else {
        record(.refresh(request: nil))
        stated.append(
          OracleMismatch(key: "sent", expected: .literal(.bool(true)), actual: .bool(false)))
      }

    case .respondToRefresh(let age, let values):
      let request = handle(refreshes, age: age)
      let sent = requests[request]
      let outcome: RefreshOutcome =
        values.map { .list(zip(Self.ids, $0).map { RecordValue(id: $0.0, value: $0.1) }) }
        ?? .failed
      drive(.respondToRefresh(request: name(of: request), outcome: outcome))
      record(.respondToRefresh(request: "l\(sent.number)", outcome: outcome))
      let current = sent.session == session && currentRefresh == request && !sent.answered
      answeredCurrent = current
      requests[request].answered = true
      if !current { count(.staleRefreshAnswer) }
      if current {
        currentRefresh = nil
        for (index, value) in (values ?? []).enumerated() {
          if records[index].pending != nil { count(.refreshOverPendingWrite) }
          var applied = records[index]
          applied.confirmed = value
          var keptBlocked = applied
          applied.needsSync = false
          if records[index].writeEvents == sent.writeEventsOfAll[index] {
            records[index] = applied
          } else {
            count(.refreshAnswerNotJudged)
            keptBlocked.needsSync = records[index].needsSync
            open.append((index, [applied, keptBlocked, records[index]]))
          }
        }
      }

    case .batch(let positions):
      let ids = positions.map { Self.ids[$0] }
      let shown = Set(subject.order)
      // Under queue-latest one write per record is in flight: a batch takes no pending record.
      let shouldSend = positions.allSatisfy { position in
        acceptsWrite(records[position]) && !(queues && records[position].pending != nil)
          && (filter == nil || shown.contains(Self.ids[position]))
      }
      if !shouldSend { count(.batchRefused) }
      let token = send(.batch(records: ids, request: nil))
      if shouldSend, let token {
        batchesSent += 1
        let request = send(token, for: positions[0], isSync: false, number: batchesSent)
        requests[request].batchRecords = positions
        nameRequest(request)
        batches.append(request)
        requests[request].place = batches.count - 1
        sentByStep = request
        for position in positions {
          records[position].intent = OptimisticValue.valueAfterTap(
            showing: records[position].asked, choices: choices)
          records[position].pending = request
          records[position].writeEvents += 1
        }
        record(.batch(records: ids, request: "b\(batchesSent)"))
      } else {
        record(.batch(records: ids, request: nil))
      }
      if (token != nil) != shouldSend {
        stated.append(
          OracleMismatch(
            key: "sent", expected: .literal(.bool(shouldSend)), actual: .bool(!shouldSend)))
      }

    case .respondToBatch(let age, let answer):
      let request = handle(batches, age: age)
      let sent = requests[request]
      let outcome = answer.outcome(for: sent.batchRecords.map { Self.ids[$0] })
      drive(.respondToBatch(request: name(of: request), outcome: outcome))
      record(.respondToBatch(request: "b\(sent.number)", outcome: outcome))
      if sent.timedOut { count(.answerAfterTimeout) }
      if case .each = answer { count(.perRecordBatchAnswer) }
      if sent.session != session { count(.answerFromOldSession) }
      if sent.answered { count(.duplicateAnswer) }
      if sent.sortsAtSend < sorts { count(.answerAfterResort) }
      var current = false
      for (offset, index) in sent.batchRecords.enumerated()
      where sent.session == session && records[index].pending == request {
        current = true
        if settleWrite(of: index, with: answer.outcome(at: offset)) {
          mustRead.append(index)
        }
        if records[index].queued != nil { queuedDue.append(index) }
      }
      if !current { count(.staleBatchAnswer) }
      answeredCurrent = current
      requests[request].answered = true

    case .wait(let length):
      // Its oracle judges the subject's timeouts falling due, whatever the wait's length.
      requirements.insert(.writeTimeouts)
      record(.wait(length))
      drive(.wait(length))
      let timedOut = settleTimeouts(until: clock.now)
      if keepsAndRetries {
        retried += timedOut.map(\.request)
      } else {
        mustRead += timedOut.map(\.record)
      }
    }

    stated += takeStartedReads(expected: mustRead, namingStep: wasNamingRead)
    var started = subject.takeStartedWrites()
    takeRetries(retried, from: &started)
    stated += takeQueuedWrites(queuedDue, from: &started)

    if let expectedOrder {
      let order = subject.order
      if order != expectedOrder {
        stated.append(
          OracleMismatch(
            key: "order", expected: .literal(.list(expectedOrder)), actual: .list(order))
        )
      }
    }
    for index in records.indices {
      let state = subject.state(of: Self.ids[index])
      if let open = open.first(where: { $0.record == index }) {
        stated += settle(index, among: open.states, observed: state)
      } else {
        differences(index, records[index], observed: state, into: &stated)
      }
    }
    if let sharedRow, !records.isEmpty {
      // The second row of the first record's entity must show what its first row must show
      // (where the answer was left open, the state its first row settled on).
      differences(
        0, records[0], observed: subject.state(of: sharedRow), into: &stated, row: sharedRow)
    }
    guard stated.isEmpty else {
      let answer = answeredCurrent.map { $0 ? " to the current request" : " to a stale request" }
      return StepFailure(
        stepNumber: stepNumber, actionKind: OptimisticStep.coverageName(step.kind) + (answer ?? ""),
        mismatches: stated)
    }
    return nil
  }

  func text(of step: OptimisticStep) -> String {
    let action: OptimisticAction
    switch step {
    case .records(let values):
      action = .records(rows(values))
    case .tap(let index):
      action = .tap(record: row(of: index, step: stepNumber + 1), request: nil)
    case .respond(let index, let age, let outcome):
      let request = handle(records[index].writes, age: age)
      action = .respond(request: name(of: request), outcome: outcome)
    case .cancel(let index, let age):
      action = .cancel(request: name(of: handle(records[index].writes, age: age)))
    case .sort(let order):
      action = .sort(order.map { Self.ids[$0] } + (sharedRow.map { [$0] } ?? []))
    case .session(let values):
      action = .session(rows(values))
    case .sync(let index):
      action = .sync(record: row(of: index, step: stepNumber + 1), request: nil)
    case .respondToSync(let index, let age, let outcome):
      let request = handle(records[index].syncs, age: age)
      action = .respondToSync(request: "s\(requests[request].number)", outcome: outcome)
    case .syncRoundTrip(let index, let value):
      action = .syncRoundTrip(record: Self.ids[index], value: value)
    case .read(let index):
      let request = unnamedReads.first { $0.record == index }?.request
      action = .read(
        record: Self.ids[index],
        request: "s\(request.map { requests[$0].number } ?? syncsSent + 1)")
    case .filter(let value):
      action = .filter(value)
    case .refresh:
      action = .refresh(request: "l\(refreshesSent + 1)")
    case .respondToRefresh(let age, let values):
      let request = handle(refreshes, age: age)
      action = .respondToRefresh(
        request: "l\(requests[request].number)",
        outcome: values.map { .list(zip(Self.ids, $0).map { RecordValue(id: $0.0, value: $0.1) }) }
          ?? .failed)
    case .batch(let positions):
      action = .batch(records: positions.map { Self.ids[$0] }, request: "b\(batchesSent + 1)")
    case .respondToBatch(let age, let answer):
      let sent = requests[handle(batches, age: age)]
      action = .respondToBatch(
        request: "b\(sent.number)",
        outcome: answer.outcome(for: sent.batchRecords.map { Self.ids[$0] }))
    case .choose(let index, let value):
      action = .choose(record: row(of: index, step: stepNumber + 1), value: value, request: nil)
    case .wait(let length):
      action = .wait(length)
    case .confirm(let index):
      action = .confirm(record: Self.ids[index], request: nil)
    case .decline(let index):
      action = .decline(record: Self.ids[index])
    }
    return action.description
  }

  /// Takes the reads the app started in this step: each record in `expected` must have one (it
  /// becomes the record's sync in flight, to be named by the next step), and no other record.
  ///
  /// Reads still waiting for their `read` step when another step ran are reported too, as the
  /// runner reports them.
  private func takeStartedReads(expected: [Int], namingStep: Bool) -> [OracleMismatch] {
    var unexpected: [String] = []
    if !namingStep {
      unexpected += unnamedReads.filter { $0.request != nil }.map { Self.ids[$0.record] }
      unnamedReads.removeAll()
    }
    var started = subject.takeStartedReads()
    for index in readsByItself ? expected : [] {
      guard let found = started.firstIndex(where: { $0.record == Self.ids[index] }) else {
        unnamedReads.append((index, nil))
        continue
      }
      let read = started.remove(at: found)
      syncsSent += 1
      let request = send(read.request, for: index, isSync: true, number: syncsSent)
      nameRequest(request)
      records[index].syncs.append(request)
      requests[request].place = records[index].syncs.count - 1
      records[index].currentSync = request
      unnamedReads.append((index, request))
    }
    unexpected += started.map(\.record)
    guard !unexpected.isEmpty else { return [] }
    return [
      OracleMismatch(
        key: "started", expected: .literal(.list([])), actual: .list(unexpected),
        isInvariant: true)
    ]
  }

  /// Takes from `started` the writes the app sent again in this step, under keep-and-retry.
  ///
  /// Each write in `retrying` is answered from now on through its retry's token, under a fresh timeout, as the runner
  /// names a retry after the write it sends again. A write the app did not send again keeps its
  /// token, and the subject's handling of an answer to it is judged as it comes.
  private func takeRetries(_ retrying: [Int], from started: inout [StartedWrite]) {
    for request in retrying {
      let id = Self.ids[requests[request].record]
      guard let found = started.firstIndex(where: { $0.record == id }) else { continue }
      // A retry after a timeout is sent when the timer fires, at the old deadline.
      let sentAt = requests[request].timedOut ? requests[request].deadline ?? clock.now : clock.now
      requests[request].token = started.remove(at: found).request
      nameRequest(request)
      requests[request].answered = false
      requests[request].cancelled = false
      requests[request].timedOut = false
      requests[request].deadline = timeout.map { sentAt + $0 }
    }
  }

  /// Books the write a tap, choice or confirmation of record `index` sent with `token`, asking
  /// for `value`: the request the step sent, now the record's pending write.
  ///
  /// - Returns: The request's name in a found case, `r1` for the first write.
  private func bookWrite(_ token: AnyHashable, for index: Int, asking value: OptimisticValue)
    -> String
  {
    writesSent += 1
    let request = send(token, for: index, isSync: false, number: writesSent)
    nameRequest(request)
    records[index].writes.append(request)
    requests[request].place = records[index].writes.count - 1
    sentByStep = request
    records[index].pending = request
    records[index].intent = value
    records[index].writeEvents += 1
    return "r\(writesSent)"
  }

  /// Queues `value` on record `index`, whose write is pending (queue-latest): it replaces any
  /// value queued before, and the row shows it.
  ///
  /// - Returns: The name the queued tap gives the write the app will send for it, `q1` for the
  ///   first queued tap.
  private func queue(_ value: OptimisticValue, on index: Int) -> String {
    queuedTaps += 1
    records[index].queued = QueuedTap(value: value, number: queuedTaps)
    return "q\(queuedTaps)"
  }

  /// Takes from `started` the writes the app sent by itself in this step for the queued taps of the records in
  /// `due`, whose pending writes were just answered (queue-latest), and books each as its
  /// record's pending write, asking for the queued value and named by the queued tap.
  ///
  /// - Returns: A mismatch when the app sent no write for one of them, and, as the runner checks
  ///   it, one for each write that does not carry the value its row shows (under the optimistic
  ///   display).
  private func takeQueuedWrites(_ due: [Int], from started: inout [StartedWrite])
    -> [OracleMismatch]
  {
    guard !due.isEmpty else { return [] }
    var missing = false
    var mislabelled: [OracleMismatch] = []
    for index in due {
      guard let queued = records[index].queued else { continue }
      records[index].queued = nil
      let id = Self.ids[index]
      guard let found = started.firstIndex(where: { $0.record == id }) else {
        // A queued value the answer has just confirmed needs no write: the app may send it
        // again or not, and the record is settled on it either way.
        if queued.value != records[index].confirmed { missing = true }
        continue
      }
      count(.queuedWriteSent)
      let write = started.remove(at: found)
      if !display.showsConfirmedWhilePending, let shown = subject.state(of: id)?.displayed,
        shown != write.value
      {
        mislabelled.append(
          OracleMismatch(
            key: "\(id).displayed", expected: .literal(StateValue(write.value)),
            actual: StateValue(shown), isInvariant: true))
      }
      let request = send(write.request, for: index, isSync: false, number: queued.number)
      requests[request].isQueued = true
      nameRequest(request)
      // The step that settled the pending write sent this one: an imported answer to it binds here.
      sentByStep = request
      records[index].writes.append(request)
      requests[request].place = records[index].writes.count - 1
      records[index].pending = request
      records[index].intent = queued.value
      records[index].writeEvents += 1
    }
    guard missing else { return mislabelled }
    return [OracleMismatch(key: "sent", expected: .literal(.bool(true)), actual: .bool(false))]
      + mislabelled
  }

  /// Calls the subject for `action` through the driver, as the runner's session does.
  @discardableResult
  private func drive(_ action: OptimisticAction) -> OptimisticDriver.Outcome {
    driver.apply(action, to: subject, clock: clock)
  }

  /// Calls the subject for `action`, a step that sends a request; the oracle names what it
  /// sent by its own account (``nameRequest(_:)``).
  ///
  /// - Returns: The token the subject sent the request with, `nil` when it sent none.
  private func send(_ action: OptimisticAction) -> AnyHashable? {
    guard case .sent(let token) = drive(action) else { return nil }
    return token
  }

  /// Gives the request at index `request` its name at the driver, so an answer naming it
  /// reaches its token (after a retry, the newest attempt's).
  private func nameRequest(_ request: Int) {
    driver.register(requests[request].token, as: name(of: request))
  }

  private func send(_ token: AnyHashable, for record: Int, isSync: Bool, number: Int) -> Int {
    requests.append(
      Request(
        token: token, record: record, session: session, number: number,
        writeEventsAtSend: records[record].writeEvents, sortsAtSend: sorts,
        deadline: isSync ? nil : timeout.map { clock.now + $0 }, isSync: isSync))
    return requests.count - 1
  }

  /// Whether a tap on a record in `model` sends a write under the declared in-flight rule: never
  /// while a sync is due; while a write is pending only when the rule accepts such taps.
  private func acceptsWrite(_ model: Record) -> Bool {
    (model.pending == nil || inFlight.acceptsTapsWhilePending) && !model.needsSync
  }

  private func isCurrentWrite(_ request: Int) -> Bool {
    let sent = requests[request]
    return sent.session == session && records[sent.record].pending == request
  }

  /// Counts the situations an answer to `request` is in.
  private func observeAnswer(to request: Int) {
    let sent = requests[request]
    if sent.sortsAtSend < sorts { count(.answerAfterResort) }
    if sent.session != session { count(.answerFromOldSession) }
    if sent.answered { count(.duplicateAnswer) }
    if sent.cancelled { count(sent.timedOut ? .answerAfterTimeout : .answerToCancelledWrite) }
    if filter != nil, !subject.order.contains(Self.ids[sent.record]) {
      count(.answerToHiddenRecord)
    }
    let model = records[sent.record]
    let list = sent.isSync ? model.syncs : model.writes
    if sent.session == session, !sent.answered, list.last != request {
      count(sent.isSync ? .supersededSyncAnswer : .lateAnswerToOlderWrite)
    }
    for (index, record) in records.enumerated() where index != sent.record && record.pending != nil
    {
      count(.answerNextToPendingWrite)
      break
    }
  }

  /// Applies the answer to the sync `request` of record `index`.
  ///
  /// - Returns: The states the record may show when the contract leaves the answer's effect open.
  private func answer(_ request: Int, of index: Int, with outcome: SyncOutcome)
    -> (record: Int, states: [Record])?
  {
    let sent = requests[request]
    guard sent.session == session, records[index].currentSync == request else { return nil }
    var applied = records[index]
    applied.currentSync = nil
    guard case .value(let value) = outcome else {
      count(.failedSync)
      records[index] = applied
      return nil
    }
    applied.confirmed = value
    var keptBlocked = applied
    applied.needsSync = false
    if records[index].writeEvents == sent.writeEventsAtSend {
      records[index] = applied
      return nil
    }
    // A write of the record was sent, answered or cancelled while this read was in flight: the
    // value read may predate it, so the product may apply it, keep the record blocked, or ignore
    // it.
    count(.syncAnswerNotJudged)
    keptBlocked.needsSync = records[index].needsSync
    return (index, [applied, keptBlocked, records[index]])
  }

  /// Settles record `index`'s write in flight with the server's `outcome`, as the contract says:
  /// a saved value is confirmed, a rejection keeps the confirmed value, an unknown outcome
  /// needs a read.
  ///
  /// - Returns: Whether the record must now be read before further writes.
  private func settleWrite(of index: Int, with outcome: ServerOutcome) -> Bool {
    var model = records[index]
    switch outcome {
    case .saved(let value):
      if value != model.intent { count(.serverDiffersFromIntent) }
      model.confirmed = value
    case .rejected:
      break
    case .unknown:
      count(.unknownOutcome)
      model.needsSync = true
      // Under queue-latest an unknown outcome drops the queued tap: the record needs a read.
      model.queued = nil
    }
    model.pending = nil
    model.writeEvents += 1
    records[index] = model
    return outcome == .unknown
  }

  /// Adopts the first of `states` the observation shows; when none, the differences from the
  /// closest one.
  private func settle(_ index: Int, among states: [Record], observed: RecordState?)
    -> [OracleMismatch]
  {
    var closest: [OracleMismatch]?
    for state in states {
      var found: [OracleMismatch] = []
      differences(index, state, observed: observed, into: &found)
      if found.isEmpty {
        records[index] = state
        return []
      }
      if closest.map({ found.count < $0.count }) ?? true {
        closest = found
      }
    }
    return closest ?? []
  }

  /// Appends what `observed` shows differently from `model` for record `index`.
  private func differences(
    _ index: Int, _ model: Record, observed: RecordState?, into found: inout [OracleMismatch],
    row: String? = nil
  ) {
    let id = row ?? Self.ids[index]
    guard let observed else {
      found.append(
        OracleMismatch(
          key: "\(id).confirmed", expected: .literal(StateValue(model.confirmed)), actual: nil)
      )
      return
    }
    let pendingToken = model.pending.map { requests[$0].token }
    func compare(_ field: String, _ expected: StateValue, _ actual: StateValue) {
      if expected != actual {
        found.append(
          OracleMismatch(key: "\(id).\(field)", expected: .literal(expected), actual: actual))
      }
    }
    func compare(_ field: String, _ expected: Bool, _ actual: Bool) {
      compare(field, StateValue.bool(expected), .bool(actual))
    }
    func compare(_ field: String, _ expected: OptimisticValue, _ actual: OptimisticValue) {
      compare(field, StateValue(expected), StateValue(actual))
    }
    compare("confirmed", model.confirmed, observed.confirmed)
    compare("displayed", model.shown(under: display), observed.displayed)
    if observed.pendingRequest != pendingToken {
      found.append(
        OracleMismatch(
          key: "\(id).pending", expected: .literal(.text(name(of: pendingToken))),
          actual: .text(name(of: observed.pendingRequest))))
    }
    compare("needsSync", model.needsSync, observed.needsSync)
    compare("saving", model.pending != nil, observed.isSaving)
    compare("tapEnabled", acceptsWrite(model), observed.isTapEnabled)
    if confirmation != .never {
      compare("asking", model.question != nil, observed.isAsking)
    }
    if let held = observed.modelValue {
      compare("model", model.shown(under: display), held)
    }
  }

  /// The name a case gives a token, as the runner names it: the first request that got it.
  private func name(of token: AnyHashable?) -> String {
    guard let token else { return "none" }
    guard let request = requests.firstIndex(where: { $0.token == token }) else {
      return "unnamed"
    }
    return name(of: request)
  }

  /// The name a case gives the request at index `request`: `r1`, `q1`, `s1`, `b1` or `l1`.
  private func name(of request: Int) -> String {
    let sent = requests[request]
    let prefix =
      sent.isRefresh
      ? "l" : sent.isSync ? "s" : !sent.batchRecords.isEmpty ? "b" : sent.isQueued ? "q" : "r"
    return "\(prefix)\(sent.number)"
  }

  /// Keeps the step's suite text when recording; the text is not built otherwise.
  private func record(_ action: @autoclosure () -> OptimisticAction) {
    if recording {
      actionTexts.append(action().description)
    }
  }

  private func count(_ situation: OptimisticSituation) {
    coverage.countSituation(situation.rawValue)
  }

  // MARK: - Write timeouts

  /// A wait to generate around the declared timeout: 1 ms short of it, exactly it, 1 ms, or a
  /// short wait in whole half seconds (up to a third of the timeout) that adds up across it.
  private func waitLength(_ random: inout SplitMix64) -> WaitLength {
    switch random.below(100) {
    case 0..<30: return .timeout(plus: -1)
    case 30..<50: return .timeout()
    case 50..<62: return .fixed(milliseconds: 1)
    default:
      let parts = (timeout ?? .zero).components
      let milliseconds = Int(parts.seconds) * 1000 + Int(parts.attoseconds / 1_000_000_000_000_000)
      return .fixed(milliseconds: 500 * (1 + random.below(max(1, milliseconds / 1500))))
    }
  }

  /// Settles each write or batch whose timeout fell due by `end`, the subject's clock after a
  /// wait, as a cancel settles it: no longer pending, a sync due.
  ///
  /// Under keep-and-retry a write that times out stays pending: the app sends it again.
  ///
  /// - Returns: Each write that timed out (an index into the requests) with each record it
  ///   carried, in deadline order: without keep-and-retry, each record must now be read.
  private func settleTimeouts(until end: Duration) -> [(request: Int, record: Int)] {
    var due: [(deadline: Duration, request: Int)] = []
    for (index, request) in requests.enumerated() {
      guard !request.isSync, request.session == session, let deadline = request.deadline else {
        continue
      }
      let carried = request.batchRecords.isEmpty ? [request.record] : request.batchRecords
      guard carried.contains(where: { records[$0].pending == index }) else { continue }
      if deadline <= end {
        due.append((deadline, index))
      } else if deadline == end + .milliseconds(1) {
        count(.waitJustBeforeTimeout)
      }
    }
    var timedOut: [(request: Int, record: Int)] = []
    for (_, index) in due.sorted(by: { ($0.deadline, $0.request) < ($1.deadline, $1.request) }) {
      count(.writeTimedOut)
      requests[index].cancelled = true
      requests[index].timedOut = true
      for position in records.indices where records[position].pending == index {
        if !keepsAndRetries {
          records[position].pending = nil
          records[position].needsSync = true
          records[position].queued = nil
        }
        records[position].writeEvents += 1
        timedOut.append((index, position))
      }
    }
    return timedOut
  }

  // MARK: - The case as a suite writes it

  func statements(for failure: StepFailure) -> (captures: [Int: [String]], expectations: [String]) {
    var stated: Set<String> = []
    var expectations: [String] = []
    for mismatch in failure.mismatches
    where !mismatch.isInvariant && stated.insert(mismatch.key).inserted {
      if case .literal(let value) = mismatch.expected {
        expectations.append("\(mismatch.key)=\(value.spelled(for: mismatch.key))")
      }
    }
    return ([:], expectations)
  }
}
