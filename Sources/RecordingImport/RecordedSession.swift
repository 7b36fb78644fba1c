import Contracts

/// The part of a recording a fresh subject can replay, as one suite case: from the first point
/// whose state is known — the first load (optimistic updates), or, when older events were
/// dropped, the first load or session change, or the first document switch (undo history) —
/// leaving out the events that name what the recorder could not name or the kept part never sent.
public struct RecordedSession: Sendable {
  /// The case: every kept event a step, requiring what the app declared.
  public var contractCase: ContractCase
  /// The case as suite text.
  public var caseText: String
  /// The sequence number of each step's event.
  public var sequences: [Int]
  /// The state the app showed after each step's event, as expectations, where it was recorded.
  public var shown: [[String]]
  /// The recording's events left out, each with why.
  public var leftOut: [String]

  /// The replayable part of `recording`.
  ///
  /// - Throws: ``RecordingReadError`` (malformed) when no part of it can be replayed from a
  ///   known state.
  public init(_ recording: Recording, path: String) throws(RecordingReadError) {
    var events: [(sequence: Int, action: ContractAction?, text: String, shown: [String])] = []
    for line in recording.lines {
      switch line {
      case .event(let sequence, let action, let text):
        events.append((sequence, action, text, []))
      case .shown(_, let expectations):
        if !events.isEmpty { events[events.count - 1].shown += expectations }
      }
    }
    let start = events.firstIndex { event in
      switch (recording.family, event.action) {
      case (.optimisticUpdates, .optimistic(.records)): true
      case (.optimisticUpdates, .optimistic(.session)): recording.dropped > 0
      case (.undoHistory, .undoHistory(.switchDocument)): recording.dropped > 0
      case (.undoHistory, _): recording.dropped == 0
      default: false
      }
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
    var leftOut = events[..<start].map {
      "seq \($0.sequence) '\($0.text)': before the first known state"
    }
    var lines: [String] = []
    var sequences: [Int] = []
    var shown: [[String]] = []
    var listed: Set<String> = []
    var items: Set<String> = []
    var sent: Set<String> = []
    var singles: [String: String] = [:]
    for event in events[start...] {
      guard var action = event.action else {
        leftOut.append(
          "seq \(event.sequence) '\(event.text)': "
            + (event.text.contains("?")
              ? "names a value the app did not declare (recorded as '?')"
              : "names what the recorder could not"))
        continue
      }
      // An empty list before any is known (a sign-out the ring kept, its sign-in lost) is the
      // state a fresh subject starts in: nothing to replay; the next list is the first load.
      if lines.isEmpty, listed.isEmpty {
        switch action {
        case .optimistic(.session(let records)) where records.isEmpty,
          .optimistic(.records(let records)) where records.isEmpty:
          continue
        default: break
        }
      }
      if lines.isEmpty, case .optimistic(.session(let records)) = action {
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
              "seq \(event.sequence) '\(event.text)': the answer does not name record "
                + "'\(record)' of the batch")
            continue
          }
          action = .optimistic(.respond(request: request, outcome: answer))
        }
      default:
        break
      }
      if let missing = Self.unknownName(in: action, listed: listed, items: items, sent: sent) {
        leftOut.append("seq \(event.sequence) '\(event.text)': \(missing)")
        continue
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
      lines.append(action.description)
      sequences.append(event.sequence)
      shown.append(event.shown)
    }
    let values = SuiteReader.valuesLine(forCaseLines: lines)
    var needed = recording.capabilities + recording.requirements
    // Values beyond on/off and time passing need what a suite needs for them, even in a
    // recording whose header does not say so.
    if values != nil { needed.append(.values) }
    if recording.family == .optimisticUpdates, lines.contains(where: { $0.hasPrefix("wait ") }) {
      needed.append(.writeTimeouts)
    }
    let requirements = Set(needed.map(\.rawValue)).sorted()
    var text = ["case session \"The recorded session\""]
    if !requirements.isEmpty { text.append("  requires " + requirements.joined(separator: " ")) }
    if let values { text.append(values) }
    text += lines.map { "  \($0)" }
    let caseText = text.joined(separator: "\n") + "\n"
    let suiteText =
      "suite recording family \(recording.family.rawValue) \"A recorded session\"\n\n" + caseText
    let suite: ContractSuite
    do {
      suite = try SuiteReader.parse(suiteText, source: path)
    } catch {
      throw RecordingReadError(
        path: path, line: 0, kind: .malformed,
        reason: "its events do not read back as a suite case: \(error.message)")
    }
    guard let contractCase = suite.cases.first else {
      throw RecordingReadError(path: path, line: 0, kind: .malformed, reason: "it has no events")
    }
    self.contractCase = contractCase
    self.caseText = caseText
    self.sequences = sequences
    self.shown = shown
    self.leftOut = leftOut
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
