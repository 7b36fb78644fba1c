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
        throw failure("'wait \(length)' is time, not an action a recording holds")
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
          reason: "selections are explored on a fresh subject only; this oracle replays one value")
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
}
