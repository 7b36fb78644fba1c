import Contracts

/// Turns a session's suite actions into exploration's steps, whose requests and calculations are
/// relative handles (a record's write `age` writes before its newest), so the shrinker can remove
/// steps and keep the others' meaning.
///
/// Each translation also names, for every answer, the action that sent the request it answers,
/// so a replay of some of the steps binds the answer to that request (or leaves it out when its
/// request was not sent) instead of to whichever request its relative handle now points at.
/// Every lookup is by name in a table kept as the actions are read: translating is linear in the
/// session's length.
enum SessionTranslation {
  /// A session's steps and, per step, the index of the step that sent the request (or started
  /// the calculation) it answers; `nil` for a step that answers nothing.
  struct Translated<Step: Hashable>: Equatable {
    var steps: [Step] = []
    /// Per step, the index of the step whose request it answers, or -1: four bytes a step, as a
    /// session may have a million.
    var answers: [Int32] = []

    mutating func append(_ step: Step, answering sender: Int? = nil) {
      steps.append(step)
      answers.append(sender.map { Int32($0) } ?? -1)
    }

    /// The index of the step whose request step `index` answers, if it answers one.
    func sender(of index: Int) -> Int? {
      let sender = answers[index]
      return sender < 0 ? nil : Int(sender)
    }
  }

  /// Where a named request sits: its record, its place among that record's requests of its
  /// kind, and the action that sent it.
  private struct Sent {
    var record: Int
    var place: Int
    var action: Int
  }

  /// The optimistic-update steps of `actions`: records by their position in the first load.
  static func optimisticSteps(_ actions: [ContractAction]) throws(SessionTranslationError)
    -> Translated<OptimisticStep>
  {
    var positions: [String: Int] = [:]
    // Per record, how many writes and syncs it sent; by name, where each named one sits (the
    // newest of a name, as an answer names the newest).
    var writeCounts: [Int] = []
    var syncCounts: [Int] = []
    var writes: [String: Sent] = [:]
    var syncs: [String: Sent] = [:]
    var refreshCount = 0
    var refreshes: [String: Sent] = [:]
    var batchCount = 0
    var batches: [String: (sent: Sent, records: [String])] = [:]
    // Under queue-latest: per record, the write pending now and the write queued behind it (a
    // tap while a write is pending, named `q…`); the app sends the queued one when the pending
    // one is settled, so that settling step is what sends it.
    var pendingWrite: [Int: String] = [:]
    var queuedWrite: [Int: String] = [:]
    var translated = Translated<OptimisticStep>()
    translated.steps.reserveCapacity(actions.count)
    translated.answers.reserveCapacity(actions.count)
    for (index, action) in actions.enumerated() {
      func failure(_ reason: String) -> SessionTranslationError {
        SessionTranslationError(index: index, action: action.description, reason: reason)
      }
      guard case .optimistic(let action) = action else {
        throw failure("not an optimistic-update action")
      }
      func position(_ record: String) throws(SessionTranslationError) -> Int {
        guard let position = positions[record] else {
          throw failure("record '\(record)' is not in the list loaded first")
        }
        return position
      }
      func values(_ records: [RecordValue]) throws(SessionTranslationError) -> [OptimisticValue] {
        guard records.count == positions.count else {
          throw failure(
            "it lists \(records.count) records; the list loaded first has "
              + "\(positions.count)")
        }
        var values = [OptimisticValue](repeating: .off, count: records.count)
        for record in records { values[try position(record.id)] = record.value }
        return values
      }
      /// The record a request named `name` belongs to, how many of its kind the record sent
      /// after it, and the action that sent it.
      func handle(_ name: String, in sent: [String: Sent], counts: [Int])
        throws(SessionTranslationError) -> (record: Int, age: Int, sender: Int)
      {
        guard let found = sent[name] else {
          if let (record, waiting) = queuedWrite.first(where: { $0.value == name }) {
            throw failure(
              "request '\(name)' is answered before the app sent it: a queued tap's write goes "
                + "out once the write ahead of it ('\(pendingWrite[record] ?? waiting)') is "
                + "answered")
          }
          throw failure("request '\(name)' was not sent earlier in the recording")
        }
        return (found.record, counts[found.record] - 1 - found.place, found.action)
      }
      func sendWrite(_ request: String?, of record: Int) {
        guard let request else { return }
        writes[request] = Sent(record: record, place: writeCounts[record], action: index)
        writeCounts[record] += 1
        pendingWrite[record] = request
      }
      /// A tap that named a queued write (`q…`) sent nothing yet: it replaces any write queued
      /// before it.
      func queueWrite(_ request: String, of record: Int) {
        queuedWrite[record] = request
      }
      /// The write `request` of `record` is settled (answered or cancelled): when it was the
      /// pending one, the write queued behind it is sent now, by this action.
      func settleWrite(_ request: String, of record: Int) {
        guard pendingWrite[record] == request else { return }
        pendingWrite[record] = nil
        if let queued = queuedWrite.removeValue(forKey: record) { sendWrite(queued, of: record) }
      }
      func sendSync(_ request: String?, of record: Int) {
        guard let request else { return }
        syncs[request] = Sent(record: record, place: syncCounts[record], action: index)
        syncCounts[record] += 1
      }
      switch action {
      case .records(let records):
        if positions.isEmpty {
          for (offset, record) in records.enumerated() { positions[record.id] = offset }
          guard positions.count == records.count, !records.isEmpty else {
            throw failure("a list must name each record once")
          }
          writeCounts = Array(repeating: 0, count: records.count)
          syncCounts = writeCounts
          translated.append(.records(records.map(\.value)))
        } else {
          // A later load replaces every record's state, as a session change does.
          translated.append(.session(try values(records)))
          (pendingWrite, queuedWrite) = ([:], [:])
        }
      case .session(let records):
        translated.append(.session(try values(records)))
        // Nothing of the old session is pending or queued in the new one.
        (pendingWrite, queuedWrite) = ([:], [:])
      case .sort(let order):
        let indices = try order.map { (record) throws(SessionTranslationError) -> Int in
          try position(record)
        }
        guard indices.sorted() == Array(0..<positions.count) else {
          throw failure("a re-sort must name every record once")
        }
        translated.append(.sort(indices))
      case .tap(let record, let request):
        let record = try position(record)
        if let request, request.first == "q" {
          guard pendingWrite[record] != nil else {
            throw failure(
              "it queues a tap while no write of its record is pending: record a queued tap "
                + "with tapped(record:queued:) only while the record's write is pending, else "
                + "with tapped(record:sent:)")
          }
          queueWrite(request, of: record)
        } else {
          sendWrite(request, of: record)
        }
        translated.append(.tap(record: record))
      case .choose(let record, let value, let request):
        let record = try position(record)
        sendWrite(request, of: record)
        translated.append(.choose(record: record, value: value))
      case .confirm(let record, let request):
        let record = try position(record)
        sendWrite(request, of: record)
        translated.append(.confirm(record: record))
      case .decline(let record):
        translated.append(.decline(record: try position(record)))
      case .respond(let request, let outcome):
        let (record, age, sender) = try handle(request, in: writes, counts: writeCounts)
        translated.append(.respond(record: record, age: age, outcome: outcome), answering: sender)
        settleWrite(request, of: record)
      case .cancel(let request):
        let (record, age, sender) = try handle(request, in: writes, counts: writeCounts)
        translated.append(.cancel(record: record, age: age), answering: sender)
        settleWrite(request, of: record)
      case .sync(let record, let request):
        let record = try position(record)
        sendSync(request, of: record)
        translated.append(.sync(record: record))
      case .respondToSync(let request, let outcome):
        let (record, age, sender) = try handle(request, in: syncs, counts: syncCounts)
        translated.append(
          .respondToSync(record: record, age: age, outcome: outcome), answering: sender)
      case .syncRoundTrip(let record, let value):
        translated.append(.syncRoundTrip(record: try position(record), value: value))
      case .read(let record, let request):
        let record = try position(record)
        sendSync(request, of: record)
        translated.append(.read(record: record))
      case .filter(let value):
        translated.append(.filter(value))
      case .refresh(let request):
        refreshes[request ?? ""] = Sent(record: 0, place: refreshCount, action: index)
        refreshCount += 1
        translated.append(.refresh)
      case .respondToRefresh(let request, let outcome):
        guard let found = refreshes[request] else {
          throw failure("refresh '\(request)' was not sent earlier in the recording")
        }
        let age = refreshCount - 1 - found.place
        switch outcome {
        case .list(let records):
          translated.append(
            .respondToRefresh(age: age, values: try values(records)), answering: found.action)
        case .failed:
          translated.append(.respondToRefresh(age: age, values: nil), answering: found.action)
        }
      case .batch(let records, let request):
        var positions: [Int] = []
        for record in records { positions.append(try position(record)) }
        batches[request ?? ""] = (Sent(record: 0, place: batchCount, action: index), records)
        batchCount += 1
        translated.append(.batch(positions))
      case .respondToBatch(let request, let outcome):
        guard let found = batches[request] else {
          throw failure("batch '\(request)' was not sent earlier in the recording")
        }
        let age = batchCount - 1 - found.sent.place
        var outcomes: [ServerOutcome] = []
        for record in found.records {
          guard let answer = outcome.outcome(for: record) else {
            throw failure("the answer does not name record '\(record)' of the batch")
          }
          outcomes.append(answer)
        }
        let answer: OptimisticStep.BatchAnswer
        switch outcome {
        case .saved:
          answer = .saved(outcomes.map { if case .saved(let value) = $0 { value } else { .off } })
        case .rejected: answer = .rejected
        case .unknown: answer = .unknown
        case .each: answer = .each(outcomes)
        }
        translated.append(.respondToBatch(age: age, answer: answer), answering: found.sent.action)
      case .wait(let length):
        translated.append(.wait(length))
      }
      if positions.isEmpty {
        throw failure("the recording's first action must load the list")
      }
    }
    return translated
  }

  /// The undo-history steps of `actions`: a delivery names its calculation by age, and a switch
  /// opens a document afresh — unless `keepsDocumentHistory` (the subject declares
  /// `history-per-document`) and it names a document the session opened and left, which is a
  /// switch back to it, named by how recently it was left as the oracle names it.
  static func undoSteps(_ actions: [ContractAction], keepsDocumentHistory: Bool = false)
    throws(SessionTranslationError) -> Translated<UndoStep>
  {
    // Documents as the oracle numbers them, in the order opened: the newest one a recorded name
    // opened, the one open now (none before the first switch), and the ones left, last left last.
    var documentOf: [String: Int] = [:]
    var openDocument: Int?
    var leftDocuments: [Int] = []
    var opened = 0
    // By name, the newest calculation of that name: its place among the calculations and the
    // action that started it.
    var calculations: [String: (place: Int, action: Int)] = [:]
    var calculationCount = 0
    var steps = Translated<UndoStep>()
    steps.steps.reserveCapacity(actions.count)
    steps.answers.reserveCapacity(actions.count)
    for (index, action) in actions.enumerated() {
      guard case .undoHistory(let action) = action else {
        throw SessionTranslationError(
          index: index, action: action.description, reason: "not an undo-history action")
      }
      switch action {
      case .adjust(let value): steps.append(.adjust(value))
      case .dragBegan: steps.append(.dragBegan)
      case .dragMoved(let value): steps.append(.dragMoved(value))
      case .dragEnded: steps.append(.dragEnded)
      case .dragCancelled: steps.append(.dragCancelled)
      case .load(let value): steps.append(.load(value))
      case .switchDocument(let name, let value):
        if keepsDocumentHistory, let document = documentOf[name],
          let at = leftDocuments.lastIndex(of: document)
        {
          steps.append(.switchBack(age: leftDocuments.count - 1 - at))
          leftDocuments.remove(at: at)
          if let openDocument { leftDocuments.append(openDocument) }
          openDocument = document
        } else {
          steps.append(.switchDocument(value))
          if keepsDocumentHistory, let openDocument { leftDocuments.append(openDocument) }
          opened += 1
          openDocument = opened
          documentOf[name] = opened
        }
      case .undo: steps.append(.undo)
      case .redo: steps.append(.redo)
      case .levels(let count): steps.append(.levels(count))
      case .wait(let length): steps.append(.wait(length))
      case .items, .select:
        throw SessionTranslationError(
          index: index, action: action.description,
          reason: "a selection in a session that does not load its items first")
      case .calculate(let name):
        calculations[name] = (calculationCount, index)
        calculationCount += 1
        steps.append(.calculate)
      case .deliver(let name, let value):
        guard let found = calculations[name] else {
          throw SessionTranslationError(
            index: index, action: action.description,
            reason: "calculation '\(name)' was not started earlier in the recording")
        }
        steps.append(
          .deliver(age: calculationCount - 1 - found.place, result: value), answering: found.action)
      }
    }
    return steps
  }

  /// Whether `actions` load items (`items a=10 b=20 c=30`): a session with a selection, replayed
  /// by the selection oracle.
  static func loadsItems(_ actions: [ContractAction]) -> Bool {
    actions.contains { action in
      if case .undoHistory(.items) = action { return true }
      return false
    }
  }

  /// The selection steps of `actions`: the session loads its items first (as many as the
  /// selection oracle's), names them by their position in that load, and selects, edits, undoes
  /// and redoes them; documents, calculations and waits are not replayed with a selection.
  static func selectionSteps(_ actions: [ContractAction]) throws(SessionTranslationError)
    -> Translated<SelectionStep>
  {
    var positions: [String: Int] = [:]
    var steps = Translated<SelectionStep>()
    steps.steps.reserveCapacity(actions.count)
    steps.answers.reserveCapacity(actions.count)
    for (index, action) in actions.enumerated() {
      func failure(_ reason: String) -> SessionTranslationError {
        SessionTranslationError(index: index, action: action.description, reason: reason)
      }
      guard case .undoHistory(let action) = action else {
        throw failure("not an undo-history action")
      }
      if positions.isEmpty {
        guard case .items(let items) = action else {
          throw failure("a session with a selection must load its items first")
        }
        guard items.count == SelectionStep.itemIDs.count,
          Set(items.map(\.id)).count == items.count
        else {
          throw failure(
            "the selection oracle replays \(SelectionStep.itemIDs.count) distinct items; this "
              + "load names \(items.count)")
        }
        for (offset, item) in items.enumerated() { positions[item.id] = offset }
        steps.append(.items(items.map(\.value)))
        continue
      }
      switch action {
      case .items:
        throw failure("the selection oracle replays one load of items, the first")
      case .select(let ids):
        var mask = 0
        for id in ids {
          guard let position = positions[id] else {
            throw failure("item '\(id)' is not among the items loaded first")
          }
          mask |= 1 << position
        }
        steps.append(.select(mask))
      case .adjust(let value): steps.append(.adjust(value))
      case .dragBegan: steps.append(.dragBegan)
      case .dragMoved(let value): steps.append(.dragMoved(value))
      case .dragEnded: steps.append(.dragEnded)
      case .dragCancelled: steps.append(.dragCancelled)
      case .load(let value): steps.append(.load(value))
      case .undo: steps.append(.undo)
      case .redo: steps.append(.redo)
      case .levels(let count): steps.append(.levels(count))
      case .switchDocument, .calculate, .deliver, .wait:
        throw failure("the selection oracle does not replay documents, calculations or waits")
      }
    }
    return steps
  }
}
