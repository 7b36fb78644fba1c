import Contracts

/// Turns a session's suite actions into exploration's steps, whose requests and calculations are
/// relative handles (a record's write `age` writes before its newest), so the shrinker can remove
/// steps and keep the others' meaning.
enum SessionTranslation {
  /// The optimistic-update steps of `actions`: records by their position in the first load.
  static func optimisticSteps(_ actions: [ContractAction]) throws(SessionTranslationError)
    -> [OptimisticStep]
  {
    var positions: [String: Int] = [:]
    var writes: [[String]] = []
    var syncs: [[String]] = []
    var refreshes: [String] = []
    var batches: [(name: String, records: [String])] = []
    var steps: [OptimisticStep] = []
    steps.reserveCapacity(actions.count)
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
      func handle(_ name: String, in lists: [[String]]) throws(SessionTranslationError) -> (
        record: Int, age: Int
      ) {
        for (record, names) in lists.enumerated() {
          if let found = names.lastIndex(of: name) {
            return (record, names.count - 1 - found)
          }
        }
        throw failure("request '\(name)' was not sent earlier in the recording")
      }
      switch action {
      case .records(let records):
        if positions.isEmpty {
          for (offset, record) in records.enumerated() { positions[record.id] = offset }
          guard positions.count == records.count, !records.isEmpty else {
            throw failure("a list must name each record once")
          }
          writes = Array(repeating: [], count: records.count)
          syncs = writes
          steps.append(.records(records.map(\.value)))
        } else {
          // A later load replaces every record's state, as a session change does.
          steps.append(.session(try values(records)))
        }
      case .session(let records):
        steps.append(.session(try values(records)))
      case .sort(let order):
        let indices = try order.map { (record) throws(SessionTranslationError) -> Int in
          try position(record)
        }
        guard indices.sorted() == Array(0..<positions.count) else {
          throw failure("a re-sort must name every record once")
        }
        steps.append(.sort(indices))
      case .tap(let record, let request):
        let record = try position(record)
        if let request { writes[record].append(request) }
        steps.append(.tap(record: record))
      case .choose(let record, let value, let request):
        let record = try position(record)
        if let request { writes[record].append(request) }
        steps.append(.choose(record: record, value: value))
      case .respond(let request, let outcome):
        let (record, age) = try handle(request, in: writes)
        steps.append(.respond(record: record, age: age, outcome: outcome))
      case .cancel(let request):
        let (record, age) = try handle(request, in: writes)
        steps.append(.cancel(record: record, age: age))
      case .sync(let record, let request):
        let record = try position(record)
        if let request { syncs[record].append(request) }
        steps.append(.sync(record: record))
      case .respondToSync(let request, let outcome):
        let (record, age) = try handle(request, in: syncs)
        steps.append(.respondToSync(record: record, age: age, outcome: outcome))
      case .syncRoundTrip(let record, let value):
        steps.append(.syncRoundTrip(record: try position(record), value: value))
      case .read(let record, let request):
        let record = try position(record)
        syncs[record].append(request)
        steps.append(.read(record: record))
      case .filter(let value):
        steps.append(.filter(value))
      case .refresh(let request):
        refreshes.append(request ?? "")
        steps.append(.refresh)
      case .respondToRefresh(let request, let outcome):
        guard let found = refreshes.lastIndex(of: request) else {
          throw failure("refresh '\(request)' was not sent earlier in the recording")
        }
        let age = refreshes.count - 1 - found
        switch outcome {
        case .list(let records):
          steps.append(.respondToRefresh(age: age, values: try values(records)))
        case .failed:
          steps.append(.respondToRefresh(age: age, values: nil))
        }
      case .batch(let records, let request):
        var positions: [Int] = []
        for record in records { positions.append(try position(record)) }
        batches.append((request ?? "", records))
        steps.append(.batch(positions))
      case .respondToBatch(let request, let outcome):
        guard let found = batches.lastIndex(where: { $0.name == request }) else {
          throw failure("batch '\(request)' was not sent earlier in the recording")
        }
        let age = batches.count - 1 - found
        var outcomes: [ServerOutcome] = []
        for record in batches[found].records {
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
        steps.append(.respondToBatch(age: age, answer: answer))
      case .wait(let length):
        steps.append(.wait(length))
      }
      if positions.isEmpty {
        throw failure("the recording's first action must load the list")
      }
    }
    return steps
  }

  /// The undo-history steps of `actions`: every switch opens a document afresh, and a delivery
  /// names its calculation by age.
  static func undoSteps(_ actions: [ContractAction]) throws(SessionTranslationError) -> [UndoStep] {
    var calculations: [String] = []
    var steps: [UndoStep] = []
    steps.reserveCapacity(actions.count)
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
      case .switchDocument(_, let value): steps.append(.switchDocument(value))
      case .undo: steps.append(.undo)
      case .redo: steps.append(.redo)
      case .levels(let count): steps.append(.levels(count))
      case .wait(let length): steps.append(.wait(length))
      case .items, .select:
        throw SessionTranslationError(
          index: index, action: action.description,
          reason: "a selection in a session that does not load its items first")
      case .calculate(let name):
        calculations.append(name)
        steps.append(.calculate)
      case .deliver(let name, let value):
        guard let found = calculations.lastIndex(of: name) else {
          throw SessionTranslationError(
            index: index, action: action.description,
            reason: "calculation '\(name)' was not started earlier in the recording")
        }
        steps.append(.deliver(age: calculations.count - 1 - found, result: value))
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
    -> [SelectionStep]
  {
    var positions: [String: Int] = [:]
    var steps: [SelectionStep] = []
    steps.reserveCapacity(actions.count)
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
