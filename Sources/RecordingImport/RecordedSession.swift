import Contracts

/// The part of a recording a fresh subject can replay, as one suite case: from the first point
/// whose state is known — the first load (optimistic updates), or, when older events were
/// dropped, the first load or session change, or the first document switch (undo history) —
/// leaving out the events that name what the recorder could not name or the kept part never sent.
package struct RecordedSession: Sendable {
  /// The case's actions, one a step, as the suite reader reads them back from the case's text.
  ///
  /// The session is kept as its actions, not as text or as a case's steps: a session of a
  /// million events costs its actions once (``caseText`` and ``contractCase`` are made on
  /// demand, for a short session).
  package var actions: [ContractAction]
  /// The capabilities the case requires: what the app declared, what its events need, and what
  /// its steps need, as the suite reader adds them.
  package var requirements: [SubjectCapability]
  /// The sequence number of each step's event.
  package var sequences: [Int]
  /// The state the app showed after each step's event, as expectations, where it was recorded.
  package var shown: [[String]]
  /// The recording's events left out, each with why.
  package var leftOut: [String]
  /// The case's `requires` line as written, and its `values` line.
  private var requiresLine: String?
  private var valuesLine: String?

  /// How many steps the session has.
  package var stepCount: Int { actions.count }

  /// How many lines ``forEachCaseLine(_:)`` gives.
  package var caseLineCount: Int {
    1 + (requiresLine == nil ? 0 : 1) + (valuesLine == nil ? 0 : 1) + actions.count
  }

  /// The case block's lines in order, each made when `body` takes it and none kept: what the
  /// session's text is, streamed (to a worker process) instead of built.
  ///
  /// - Parameter body: Called with each line, without its line end.
  /// - Throws: What `body` throws, which ends the walk.
  package func forEachCaseLine<Failure: Error>(_ body: (String) throws(Failure) -> Void)
    throws(Failure)
  {
    try body("case session \"The recorded session\"")
    if let requiresLine { try body(requiresLine) }
    if let valuesLine { try body(valuesLine) }
    for action in actions { try body("  " + action.description) }
  }

  /// The case as suite text (made on demand: for a short session).
  package var caseText: String {
    var text = ""
    forEachCaseLine { text += $0 + "\n" }
    return text
  }

  /// The case: every kept event a step, requiring what the app declared (made on demand).
  package var contractCase: ContractCase {
    // The suite line, a blank line and the case line come before the first step.
    let first = 4 + (requiresLine == nil ? 0 : 1) + (valuesLine == nil ? 0 : 1)
    return ContractCase(
      id: "session", title: "The recorded session", requirements: requirements,
      steps: actions.enumerated().map { offset, action in
        ContractStep(action: action, expectations: [], captures: [], line: first + offset)
      }, line: 3)
  }

  /// The replayable part of `recording`.
  ///
  /// Walks the recording's lines twice, keeping nothing per line but the kept steps' actions,
  /// sequence numbers and shown states (shared with the recording's): no copy of the events,
  /// no text of the case.
  ///
  /// - Throws: ``RecordingReadError`` (malformed) when no part of it can be replayed from a
  ///   known state.
  package init(_ recording: Recording, path: String) throws(RecordingReadError) {
    // The first event a fresh subject can replay from, by its place among the events.
    var start: Int?
    var eventIndex = 0
    recording.forEachLine { line in
      guard start == nil, case .event(_, let action, _) = line else { return }
      let known =
        switch (recording.family, action) {
        case (.optimisticUpdates, .optimistic(.records)): true
        case (.optimisticUpdates, .optimistic(.session)): recording.dropped > 0
        case (.undoHistory, .undoHistory(.switchDocument)): recording.dropped > 0
        case (.undoHistory, _): recording.dropped == 0
        default: false
        }
      if known { start = eventIndex }
      eventIndex += 1
    }
    guard let start else {
      let reason =
        switch recording.family {
        case .optimisticUpdates where recording.dropped > 0:
          "the recorder dropped the first \(recording.dropped) events and no load or session "
            + "change follows, so no state to replay from is known; record with a larger ring"
        case .optimisticUpdates: "the list is never loaded"
        case .undoHistory:
          "the recorder dropped the first \(recording.dropped) events and no document switch "
            + "follows, so the history to replay from is unknown; record with a larger ring"
        }
      throw RecordingReadError(path: path, line: 0, kind: .malformed, reason: reason)
    }
    var leftOut: [String] = []
    var actions: [ContractAction] = []
    var sequences: [Int] = []
    var shown: [[String]] = []
    // At most one step per event: room for all of them at once, so the arrays never grow by
    // doubling (which holds the old buffer beside the new one).
    let steps = max(0, recording.eventCount - max(0, start))
    actions.reserveCapacity(steps)
    sequences.reserveCapacity(steps)
    shown.reserveCapacity(steps)
    var listed: Set<String> = []
    var items: Set<String> = []
    var sent: Set<String> = []
    var singles: [String: String] = [:]
    // Whether the last event was kept: the shown states after it are its step's.
    var keptLast = false
    eventIndex = -1
    recording.forEachLine { line in
      let sequence: Int
      let text: String
      var action: ContractAction
      switch line {
      case .shown(_, let expectations):
        guard keptLast else { return }
        // The first shown state after an event is its array as recorded (shared, not copied).
        if shown[shown.count - 1].isEmpty {
          shown[shown.count - 1] = expectations
        } else {
          shown[shown.count - 1] += expectations
        }
        return
      case .event(let number, let recorded, let recordedText):
        eventIndex += 1
        keptLast = false
        guard eventIndex >= start else {
          leftOut.append("seq \(number) '\(recordedText)': before the first known state")
          return
        }
        (sequence, text) = (number, recordedText)
        guard let recorded else {
          leftOut.append(
            "seq \(sequence) '\(text)': "
              + (text.contains("?")
                ? "names a value the app did not declare (recorded as '?')"
                : "names what the recorder could not"))
          return
        }
        action = recorded
      }
      // An empty list before any is known (a sign-out the ring kept, its sign-in lost) is the
      // state a fresh subject starts in: nothing to replay; the next list is the first load.
      if actions.isEmpty, listed.isEmpty {
        switch action {
        case .optimistic(.session(let records)) where records.isEmpty,
          .optimistic(.records(let records)) where records.isEmpty:
          return
        default: break
        }
      }
      if actions.isEmpty, case .optimistic(.session(let records)) = action {
        action = .optimistic(.records(records))
      }
      // A batch of one record is a tap that sends a write, as a suite writes it.
      switch action {
      case .optimistic(.batch(let records, let request)) where records.count == 1:
        if let request { singles[request] = records[0] }
        action = .optimistic(.tap(record: records[0], request: request))
      case .optimistic(.respondToBatch(let request, let outcome)):
        if let record = singles[request] {
          guard let answer = outcome.outcome(for: record) else {
            leftOut.append(
              "seq \(sequence) '\(text)': the answer does not name record "
                + "'\(record)' of the batch")
            return
          }
          action = .optimistic(.respond(request: request, outcome: answer))
        }
      default:
        break
      }
      if let missing = Self.unknownName(in: action, listed: listed, items: items, sent: sent) {
        leftOut.append("seq \(sequence) '\(text)': \(missing)")
        return
      }
      switch action {
      case .optimistic(.records(let records)), .optimistic(.session(let records)):
        if listed.isEmpty { listed = Set(records.map(\.id)) }
      case .undoHistory(.items(let loaded)):
        if items.isEmpty { items = Set(loaded.map(\.id)) }
      case .optimistic(.tap(_, let request?)), .optimistic(.sync(_, let request?)),
        .optimistic(.batch(_, let request?)), .optimistic(.read(_, let request)),
        .optimistic(.refresh(let request?)), .undoHistory(.calculate(let request)),
        .optimistic(.choose(_, _, let request?)), .optimistic(.confirm(_, let request?)):
        sent.insert(request)
      default:
        break
      }
      actions.append(action)
      sequences.append(sequence)
      shown.append([])
      keptLast = true
    }
    // The values beyond on/off the steps name, in the order first named (what the suite
    // reader's `values` line for these lines says).
    var words: [String] = []
    var seen: Set<String> = []
    var waits = false
    if recording.family == .optimisticUpdates {
      for case .optimistic(let action) in actions {
        if case .wait = action { waits = true }
        for value in action.namedValues where value != .on && value != .off {
          if seen.insert(value.name).inserted { words.append(value.name) }
        }
      }
    }
    let values = words.isEmpty ? nil : "  values " + words.joined(separator: " ")
    var needed = recording.capabilities + recording.requirements
    // Values beyond on/off and time passing need what a suite needs for them, even in a
    // recording whose header does not say so.
    if values != nil { needed.append(.values) }
    if waits { needed.append(.writeTimeouts) }
    let required = Set(needed.map(\.rawValue)).sorted()
    // Moved, not shared: the local arrays live in the line walk's capture box until the end of
    // this initializer, so a copy left there would make reading the steps back copy them all.
    self.actions = actions
    actions = []
    self.requirements = []
    self.sequences = sequences
    sequences = []
    self.shown = shown
    shown = []
    self.leftOut = leftOut
    self.requiresLine = required.isEmpty ? nil : "  requires " + required.joined(separator: " ")
    self.valuesLine = values
    // The walk's tables are done with: let them go before the steps are read back (the names of
    // every request sent are tens of megabytes in a long session).
    (listed, items, sent, singles) = ([], [], [], [:])
    try readBack(family: recording.family, path: path)
  }

  /// Reads the case's lines back through the suite reader, one at a time, as a suite file of
  /// them would be read: each action is replaced in place by the one read back (no second copy
  /// of the session), and the requirements are the case's.
  private mutating func readBack(family: ContractFamily, path: String)
    throws(RecordingReadError)
  {
    let count = actions.count
    // Moved out, so writing a step back does not copy the session.
    final class Steps {
      var actions: [ContractAction]
      var read = 0
      init(_ actions: [ContractAction]) { self.actions = actions }
    }
    let steps = Steps(actions)
    actions = []
    var reader = SuiteLineReader(source: path) { step in
      if steps.read < steps.actions.count { steps.actions[steps.read] = step.action }
      steps.read += 1
    }
    let suite: ContractSuite
    do {
      try reader.read("suite recording family \(family.rawValue) \"A recorded session\"")
      try reader.read("")
      try reader.read("case session \"The recorded session\"")
      if let requiresLine { try reader.read(requiresLine) }
      if let valuesLine { try reader.read(valuesLine) }
      for index in 0..<count {
        try reader.read("  " + steps.actions[index].description)
      }
      suite = try reader.finish()
    } catch {
      throw RecordingReadError(
        path: path, line: 0, kind: .malformed,
        reason: "its events do not read back as a suite case: \(error.message)")
    }
    guard let contractCase = suite.cases.first, steps.read == count else {
      throw RecordingReadError(path: path, line: 0, kind: .malformed, reason: "it has no events")
    }
    actions = steps.actions
    requirements = contractCase.requirements
  }

  /// What `action` names that the kept part does not know: a record not in the list, a request
  /// or calculation it never sent; `nil` when it knows everything.
  private static func unknownName(
    in action: ContractAction, listed: Set<String>, items: Set<String>, sent: Set<String>
  ) -> String? {
    switch action {
    case .optimistic(let action):
      switch action {
      case .records(let records), .session(let records):
        if listed.isEmpty { return nil }
        return Set(records.map(\.id)) == listed ? nil : "another list than the one loaded"
      case .sort(let order):
        return Set(order) == listed && order.count == listed.count
          ? nil : "another list than the one loaded"
      case .tap(let record, _), .sync(let record, _), .syncRoundTrip(let record, _),
        .read(let record, _), .choose(let record, _, _), .confirm(let record, _),
        .decline(let record):
        return listed.contains(record) ? nil : "record '\(record)' is not in the list"
      case .batch(let records, _):
        return records.first { !listed.contains($0) }.map { "record '\($0)' is not in the list" }
      case .respond(let request, _), .cancel(let request), .respondToSync(let request, _),
        .respondToRefresh(let request, _), .respondToBatch(let request, _):
        return sent.contains(request) ? nil : "request '\(request)' was sent before the part kept"
      case .filter, .refresh:
        return nil
      case .wait:
        return nil
      }
    case .undoHistory(.items(let loaded)):
      if items.isEmpty { return nil }
      return Set(loaded.map(\.id)) == items ? nil : "other items than the ones loaded"
    case .undoHistory(.select(let ids)):
      return ids.first { !items.contains($0) }.map { "item '\($0)' is not among the items loaded" }
    case .undoHistory(.deliver(let calculation, _)):
      return sent.contains(calculation)
        ? nil : "calculation '\(calculation)' was started before the part kept"
    case .undoHistory:
      return nil
    }
  }
}
