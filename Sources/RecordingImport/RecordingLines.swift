import Contracts

/// A recording's lines kept compactly: what lets `import` hold a recording of a million events
/// in tens of megabytes, not hundreds.
///
/// An event keeps its action (its text only when it is not the action's own, as for an event
/// the recorder could not name), a line its kind (its sequence number only where it does not
/// follow the one before), and a shown state its expectations, whose arrays and texts are
/// shared with earlier equal ones (a session shows the same few states again and again).
/// Walking the lines gives back exactly the lines appended.
struct RecordingLines: Sendable {
  /// Per line: whether it is an event (else a shown state).
  private var isEvent: [Bool] = []
  /// The sequence number of each line that does not follow the one before it by one, by the
  /// line's place.
  private var sequenceJumps: [Int: Int] = [:]
  private var lastSequence: Int?
  /// Per event, its action.
  private var actions: [ContractAction?] = []
  /// The text of each event whose text is not its action's description, by the event's place.
  private var texts: [Int: String] = [:]
  /// Per shown state, its expectations.
  private var shownStates: [[String]] = []
  /// Arrays and texts of expectations seen, to share; each table bounded, so a session whose
  /// states are all new costs no more than one without sharing.
  private var sharedStates: [[String]: [String]] = [:]
  private var sharedTexts: [String: String] = [:]
  private static let sharedLimit = 1 << 14

  /// How many events it holds (or held, after ``removeAll()``).
  private(set) var eventCount = 0
  /// How many lines it holds.
  var count: Int { isEvent.count }

  init() {}

  init(_ lines: [Recording.Line]) {
    for line in lines { append(line) }
  }

  mutating func append(_ line: Recording.Line) {
    let sequence = line.sequence
    if let lastSequence, sequence == lastSequence + 1 {
    } else {
      sequenceJumps[isEvent.count] = sequence
    }
    lastSequence = sequence
    switch line {
    case .event(_, let action, let text):
      isEvent.append(true)
      if text != action?.description { texts[actions.count] = text }
      actions.append(action)
      eventCount += 1
    case .shown(_, let expectations):
      isEvent.append(false)
      shownStates.append(share(expectations))
    }
  }

  /// Lets go of every line; ``eventCount`` still says how many events there were.
  mutating func removeAll() {
    let events = eventCount
    self = RecordingLines()
    eventCount = events
  }

  /// `expectations`, as an equal array seen before when there is one.
  private mutating func share(_ expectations: [String]) -> [String] {
    if expectations.isEmpty { return [] }
    if let seen = sharedStates[expectations] { return seen }
    let texts = expectations.map { text in
      if let seen = sharedTexts[text] { return seen }
      if sharedTexts.count < Self.sharedLimit { sharedTexts[text] = text }
      return text
    }
    if sharedStates.count < Self.sharedLimit { sharedStates[texts] = texts }
    return texts
  }

  /// Calls `body` with each line in order, each made as it is given.
  func walk<Failure: Error>(_ body: (Recording.Line) throws(Failure) -> Void) throws(Failure) {
    var sequence = 0
    var event = 0
    var shown = 0
    for index in isEvent.indices {
      sequence = sequenceJumps[index] ?? sequence + 1
      if isEvent[index] {
        let action = actions[event]
        try body(
          .event(
            sequence: sequence, action: action,
            text: texts[event] ?? action?.description ?? ""))
        event += 1
      } else {
        try body(.shown(sequence: sequence, expectations: shownStates[shown]))
        shown += 1
      }
    }
  }
}

/// The file's line of each sequence number, kept as runs: within a run, the line is the
/// sequence number plus the run's offset (a recording's lines are numbered as they come, so a
/// whole file is one run, or a few where lines without a sequence number come between).
struct SequenceLines: Sendable {
  /// The first sequence number of each run, ascending, and its offset.
  private var starts: [Int] = []
  private var offsets: [Int] = []
  /// One past the last sequence number recorded.
  private var end = 0
  /// Lines of numbers that do not come in order (only from a table given whole).
  private var table: [Int: Int] = [:]

  init() {}

  /// The lines of `table`, as given.
  init(_ table: [Int: Int]) {
    self.table = table
  }

  /// Records that `sequence`, one past the last recorded (or the first), is on `line`.
  mutating func append(_ sequence: Int, line: Int) {
    if let last = offsets.last, sequence == end, line - sequence == last {
      end += 1
      return
    }
    guard starts.isEmpty || sequence == end else {
      table[sequence] = line
      return
    }
    starts.append(sequence)
    offsets.append(line - sequence)
    end = sequence + 1
  }

  /// The line of `sequence`, or `nil` when it was not recorded.
  func line(of sequence: Int) -> Int? {
    if let line = table[sequence] { return line }
    guard let first = starts.first, sequence >= first, sequence < end else { return nil }
    // The last run starting at or before `sequence`.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= sequence { low = middle } else { high = middle - 1 }
    }
    return sequence + offsets[low]
  }

  /// Every sequence number recorded, with its line.
  var all: [Int: Int] {
    var all = table
    if let first = starts.first {
      for sequence in first..<end { all[sequence] = line(of: sequence) }
    }
    return all
  }
}
