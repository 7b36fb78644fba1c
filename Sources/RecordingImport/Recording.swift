import Contracts

/// A recording as read from its file: what the app declared and every event and shown state,
/// with the sequence numbers the recorder gave them.
package struct Recording: Sendable {
  /// The family the app declared.
  package var family: ContractFamily
  /// The capabilities and product rules the app declared.
  package var capabilities: [SubjectCapability]
  /// The capabilities the recorded events need (a batch needs `batches`, a selection
  /// `selection`, …), as the header's `requires` names them; a subject must declare them all.
  package var requirements: [SubjectCapability]
  /// The values beyond on/off the app declared (the header's `values`), in order.
  package var values: [OptimisticValue]
  /// The write timeout the app declared, in milliseconds (the header's
  /// `writeTimeoutMilliseconds`); `nil` when it declared none.
  package var writeTimeout: Int?
  /// How many events the recorder dropped before the first one kept; for a recording of an older
  /// recorder (``droppedCountsLines``), how many lines, events and shown states.
  package var dropped: Int
  /// Whether ``dropped`` counts lines, not events: an older recorder's header (no
  /// `droppedLines`) that dropped some.
  package var droppedCountsLines: Bool
  /// The events and shown states, in order.
  ///
  /// Made on demand from the compact form the recording keeps (a recording of a million
  /// events holds no array of its lines); ``forEachLine(_:)`` walks them without one.
  package var lines: [Line] {
    get {
      var all: [Line] = []
      all.reserveCapacity(store.count)
      store.walk { all.append($0) }
      return all
    }
    set { store = RecordingLines(newValue) }
  }
  /// The file's line (from 1) of each sequence number, where it was read from a file (made on
  /// demand; ``line(ofSequence:)`` looks one up).
  package var lineNumbers: [Int: Int] {
    get { numbering.all }
    set { numbering = SequenceLines(newValue) }
  }
  private var store: RecordingLines
  private var numbering: SequenceLines

  /// One event, or the state the app showed after one.
  package enum Line: Sendable, Equatable {
    /// An event, as a suite step writes it; `nil` when it names a record, request or
    /// calculation the recorder could not name (out of its window or table).
    case event(sequence: Int, action: ContractAction?, text: String)
    /// What the app showed: state keys as suites write them (`a.displayed=on`, `value=20`).
    case shown(sequence: Int, expectations: [String])

    /// The line's sequence number.
    package var sequence: Int {
      switch self {
      case .event(let sequence, _, _), .shown(let sequence, _): sequence
      }
    }
  }

  /// Creates a recording.
  package init(
    family: ContractFamily, capabilities: [SubjectCapability],
    requirements: [SubjectCapability] = [], values: [OptimisticValue] = [],
    writeTimeout: Int? = nil, dropped: Int, droppedCountsLines: Bool = false, lines: [Line],
    lineNumbers: [Int: Int] = [:]
  ) {
    self.family = family
    self.capabilities = capabilities
    self.requirements = requirements
    self.values = values
    self.writeTimeout = writeTimeout
    self.dropped = dropped
    self.droppedCountsLines = droppedCountsLines
    self.store = RecordingLines(lines)
    self.numbering = SequenceLines(lineNumbers)
  }

  /// A recording of lines kept as the reader keeps them.
  init(
    family: ContractFamily, capabilities: [SubjectCapability], requirements: [SubjectCapability],
    values: [OptimisticValue], writeTimeout: Int?, dropped: Int, droppedCountsLines: Bool,
    store: RecordingLines, numbering: SequenceLines
  ) {
    self.init(
      family: family, capabilities: capabilities, requirements: requirements, values: values,
      writeTimeout: writeTimeout, dropped: dropped, droppedCountsLines: droppedCountsLines,
      lines: [])
    self.store = store
    self.numbering = numbering
  }

  /// Calls `body` with each event and shown state in order, none kept.
  ///
  /// - Parameter body: Called with each line.
  /// - Throws: What `body` throws, which ends the walk.
  package func forEachLine<Failure: Error>(_ body: (Line) throws(Failure) -> Void)
    throws(Failure)
  {
    try store.walk(body)
  }

  /// Lets go of the lines; the header's facts, ``eventCount`` and the lines' numbers stay.
  ///
  /// What an import does once it has the session it replays, so the recording is not held
  /// beside it. ``lines`` is empty after.
  package mutating func dropLines() {
    store.removeAll()
  }

  /// The file's line of the event or shown state numbered `sequence`, or 0 when unknown.
  package func line(ofSequence sequence: Int) -> Int {
    numbering.line(of: sequence) ?? 0
  }

  /// What was dropped, as a person reads it: `none dropped`, `12 dropped`, or for an older
  /// recorder's count `12 lines dropped (events and shown states)`.
  package var droppedSummary: String {
    guard dropped > 0 else { return "none dropped" }
    return droppedCountsLines
      ? "\(dropped) lines dropped (events and shown states)" : "\(dropped) dropped"
  }

  /// How many events it holds.
  package var eventCount: Int { store.eventCount }

  /// The capabilities the recorded events need that `subject` does not declare, in order.
  ///
  /// - Parameter subject: The subject to replay against.
  /// - Returns: The capabilities it lacks; empty when it can replay every event.
  @MainActor
  package func requirements(missingFrom subject: SubjectEntry) -> [SubjectCapability] {
    guard !requirements.isEmpty else { return [] }
    let declared = subject.make().capabilities
    return requirements.filter { !declared.contains($0) }
  }

  /// The values beyond on/off the recorded events name that `subject` does not declare (its
  /// choices and server values), in the order first named.
  ///
  /// - Parameter subject: The subject to replay against.
  /// - Returns: The values it lacks; empty when it can replay every event's values.
  @MainActor
  package func values(missingFrom subject: SubjectEntry) -> [OptimisticValue] {
    let named = namedValues
    guard !named.isEmpty, case .optimistic(let model) = subject.make() else { return [] }
    let declared = Set(model.declaredValues)
    return named.filter { !declared.contains($0) }
  }

  /// The values beyond on/off the recorded events name, in the order first named.
  package var namedValues: [OptimisticValue] {
    var named: [OptimisticValue] = []
    forEachLine { line in
      guard case .event(_, .optimistic(let action)?, _) = line else { return }
      for value in action.namedValues where value != .on && value != .off {
        if !named.contains(value) { named.append(value) }
      }
    }
    return named
  }
}
