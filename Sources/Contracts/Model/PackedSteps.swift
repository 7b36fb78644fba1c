/// A case's steps kept as bytes: what lets a run hold a suite of a million steps in a few
/// megabytes instead of a few hundred.
///
/// Numbers are written as variable-length integers, every word once in a table the bytes point
/// into. Packing is exact: ``steps`` gives back equal steps, lines and columns included.
struct PackedSteps: Hashable, Sendable {
  /// The encoded steps.
  private let bytes: [UInt8]
  /// The words the bytes name by position.
  private let words: [String]
  /// How many steps the bytes hold.
  let count: Int

  /// Packs `steps`.
  init(_ steps: [ContractStep]) {
    var writer = Writer()
    var previousLine = 0
    for step in steps {
      writer.signed(step.line - previousLine)
      previousLine = step.line
      writer.action(step.action)
      writer.unsigned(step.expectations.count)
      for expectation in step.expectations {
        writer.word(expectation.key)
        writer.unsigned(expectation.relation == .equal ? 0 : 1)
        writer.signed(expectation.column)
        switch expectation.operand {
        case .literal(let value):
          writer.unsigned(0)
          writer.value(value)
        case .capture(let name):
          writer.unsigned(1)
          writer.word(name)
        }
      }
      writer.unsigned(step.captures.count)
      for capture in step.captures {
        writer.word(capture.key)
        writer.word(capture.name)
        writer.signed(capture.column)
      }
    }
    bytes = writer.bytes
    words = writer.words
    count = steps.count
  }

  /// The steps, unpacked.
  var steps: [ContractStep] {
    var reader = Reader(bytes: bytes, words: words)
    var steps: [ContractStep] = []
    steps.reserveCapacity(count)
    var line = 0
    for _ in 0..<count {
      line += reader.signed()
      let action = reader.action()
      var expectations: [Expectation] = []
      let expectationCount = reader.unsigned()
      expectations.reserveCapacity(expectationCount)
      for _ in 0..<expectationCount {
        let key = reader.word()
        let relation: Expectation.Relation = reader.unsigned() == 0 ? .equal : .notEqual
        let column = reader.signed()
        let operand: Expectation.Operand =
          reader.unsigned() == 0 ? .literal(reader.value()) : .capture(reader.word())
        expectations.append(
          Expectation(key: key, relation: relation, operand: operand, column: column))
      }
      var captures: [Capture] = []
      for _ in 0..<reader.unsigned() {
        captures.append(Capture(key: reader.word(), name: reader.word(), column: reader.signed()))
      }
      steps.append(
        ContractStep(action: action, expectations: expectations, captures: captures, line: line))
    }
    return steps
  }
}

/// Appends values to the packed bytes.
private struct Writer {
  var bytes: [UInt8] = []
  var words: [String] = []
  private var positions: [String: Int] = [:]

  mutating func unsigned(_ value: Int) {
    var rest = UInt(bitPattern: value)
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  /// A signed number, zigzag-encoded so small negative numbers stay short.
  mutating func signed(_ value: Int) {
    unsigned(
      Int(bitPattern: UInt(bitPattern: value << 1) ^ UInt(bitPattern: value >> (Int.bitWidth - 1))))
  }

  mutating func word(_ text: String) {
    if let position = positions[text] {
      unsigned(position)
      return
    }
    positions[text] = words.count
    unsigned(words.count)
    words.append(text)
  }

  mutating func flag(_ value: Bool) {
    unsigned(value ? 1 : 0)
  }

  mutating func optionalWord(_ text: String?) {
    flag(text != nil)
    if let text { word(text) }
  }

  mutating func words(_ texts: [String]) {
    unsigned(texts.count)
    for text in texts { word(text) }
  }

  mutating func records(_ records: [RecordValue]) {
    unsigned(records.count)
    for record in records {
      word(record.id)
      flag(record.value)
    }
  }

  mutating func value(_ value: StateValue) {
    switch value {
    case .int(let number):
      unsigned(0)
      signed(number)
    case .bool(let flag):
      unsigned(flag ? 2 : 1)
    case .text(let text):
      unsigned(3)
      word(text)
    case .list(let items):
      unsigned(4)
      words(items)
    }
  }

  mutating func action(_ action: ContractAction) {
    switch action {
    case .undoHistory(let action):
      switch action {
      case .adjust(let value):
        unsigned(0)
        signed(value)
      case .dragBegan: unsigned(1)
      case .dragMoved(let value):
        unsigned(2)
        signed(value)
      case .dragEnded: unsigned(3)
      case .dragCancelled: unsigned(4)
      case .load(let value):
        unsigned(5)
        signed(value)
      case .switchDocument(let document, let value):
        unsigned(6)
        word(document)
        signed(value)
      case .undo: unsigned(7)
      case .redo: unsigned(8)
      case .calculate(let name):
        unsigned(9)
        word(name)
      case .deliver(let name, let value):
        unsigned(10)
        word(name)
        signed(value)
      case .levels(let value):
        unsigned(11)
        signed(value)
      }
    case .optimistic(let action):
      switch action {
      case .records(let records):
        unsigned(20)
        self.records(records)
      case .tap(let record, let request):
        unsigned(21)
        word(record)
        optionalWord(request)
      case .respond(let request, let outcome):
        unsigned(22)
        word(request)
        switch outcome {
        case .saved(let value): unsigned(value ? 1 : 0)
        case .rejected: unsigned(2)
        case .unknown: unsigned(3)
        }
      case .cancel(let request):
        unsigned(23)
        word(request)
      case .sort(let order):
        unsigned(24)
        words(order)
      case .session(let records):
        unsigned(25)
        self.records(records)
      case .sync(let record, let request):
        unsigned(26)
        word(record)
        optionalWord(request)
      case .respondToSync(let request, let outcome):
        unsigned(27)
        word(request)
        switch outcome {
        case .value(let value): unsigned(value ? 1 : 0)
        case .failed: unsigned(2)
        }
      case .syncRoundTrip(let record, let value):
        unsigned(28)
        word(record)
        flag(value)
      }
    }
  }
}

/// Reads values back in the order ``Writer`` wrote them.
private struct Reader {
  let bytes: [UInt8]
  let words: [String]
  private var offset = 0

  init(bytes: [UInt8], words: [String]) {
    self.bytes = bytes
    self.words = words
  }

  mutating func unsigned() -> Int {
    var value: UInt = 0
    var shift: UInt = 0
    while true {
      let byte = bytes[offset]
      offset += 1
      value |= UInt(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    return Int(bitPattern: value)
  }

  mutating func signed() -> Int {
    let raw = UInt(bitPattern: unsigned())
    return Int(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
  }

  mutating func word() -> String {
    words[unsigned()]
  }

  mutating func flag() -> Bool {
    unsigned() == 1
  }

  mutating func optionalWord() -> String? {
    flag() ? word() : nil
  }

  mutating func wordList() -> [String] {
    (0..<unsigned()).map { _ in word() }
  }

  mutating func records() -> [RecordValue] {
    (0..<unsigned()).map { _ in RecordValue(id: word(), value: flag()) }
  }

  mutating func value() -> StateValue {
    switch unsigned() {
    case 0: .int(signed())
    case 1: .bool(false)
    case 2: .bool(true)
    case 3: .text(word())
    default: .list(wordList())
    }
  }

  mutating func serverOutcome() -> ServerOutcome {
    switch unsigned() {
    case 0: .saved(false)
    case 1: .saved(true)
    case 2: .rejected
    default: .unknown
    }
  }

  mutating func syncOutcome() -> SyncOutcome {
    switch unsigned() {
    case 0: .value(false)
    case 1: .value(true)
    default: .failed
    }
  }

  mutating func action() -> ContractAction {
    switch unsigned() {
    case 0: .undoHistory(.adjust(signed()))
    case 1: .undoHistory(.dragBegan)
    case 2: .undoHistory(.dragMoved(signed()))
    case 3: .undoHistory(.dragEnded)
    case 4: .undoHistory(.dragCancelled)
    case 5: .undoHistory(.load(signed()))
    case 6: .undoHistory(.switchDocument(word(), signed()))
    case 7: .undoHistory(.undo)
    case 8: .undoHistory(.redo)
    case 9: .undoHistory(.calculate(word()))
    case 10: .undoHistory(.deliver(word(), signed()))
    case 11: .undoHistory(.levels(signed()))
    case 20: .optimistic(.records(records()))
    case 21: .optimistic(.tap(record: word(), request: optionalWord()))
    case 22: .optimistic(.respond(request: word(), outcome: serverOutcome()))
    case 23: .optimistic(.cancel(request: word()))
    case 24: .optimistic(.sort(wordList()))
    case 25: .optimistic(.session(records()))
    case 26: .optimistic(.sync(record: word(), request: optionalWord()))
    case 27: .optimistic(.respondToSync(request: word(), outcome: syncOutcome()))
    default:
      .optimistic(.syncRoundTrip(record: word(), value: flag()))
    }
  }
}
