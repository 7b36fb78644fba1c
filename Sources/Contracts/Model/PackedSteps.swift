/// A case's steps kept as bytes: what lets a run hold a suite of a million steps in a few
/// megabytes instead of a few hundred.
///
/// Numbers are written as variable-length integers, every word once in a table the bytes point
/// into. Packing is exact: ``steps`` gives back equal steps, lines and columns included.
struct PackedSteps: Hashable, Sendable {
  /// The encoded steps.
  let bytes: [UInt8]
  /// The words the bytes name by position.
  let words: [String]
  /// How many steps the bytes hold.
  let count: Int
  /// Whether a step holds variants (`under` lines), known without unpacking.
  let hasVariants: Bool

  /// Packs `steps`.
  init(_ steps: [ContractStep]) {
    var writer = Writer()
    var previousLine = 0
    for step in steps {
      writer.signed(step.line - previousLine)
      previousLine = step.line
      writer.action(step.action)
      writer.expectations(step.expectations)
      writer.unsigned(step.captures.count)
      for capture in step.captures {
        writer.word(capture.key)
        writer.word(capture.name)
        writer.signed(capture.column)
      }
      writer.unsigned(step.variants.count)
      for variant in step.variants {
        writer.word(variant.answer.rawValue)
        writer.signed(variant.line - step.line)
        writer.expectations(variant.expectations)
      }
    }
    bytes = writer.bytes
    words = writer.words
    count = steps.count
    hasVariants = steps.contains { !$0.variants.isEmpty }
  }

  /// Steps packed elsewhere (a worker's request), checked: `nil` unless `bytes` hold exactly
  /// `count` steps whose words are all in `words`.
  init?(bytes: [UInt8], words: [String], count: Int) {
    guard count >= 0, count <= bytes.count else { return nil }
    self.bytes = bytes
    self.words = words
    self.count = count
    var reader = Reader(bytes: bytes, words: words)
    let steps = Self.unpack(count, with: &reader)
    guard !reader.failed, reader.isAtEnd else { return nil }
    hasVariants = steps.contains { !$0.variants.isEmpty }
  }

  /// The steps, unpacked.
  var steps: [ContractStep] {
    var reader = Reader(bytes: bytes, words: words)
    return Self.unpack(count, with: &reader)
  }

  /// Unpacks the `count` steps `reader` reads (`reader.failed` says whether they were well
  /// formed).
  private static func unpack(_ count: Int, with reader: inout Reader) -> [ContractStep] {
    var steps: [ContractStep] = []
    steps.reserveCapacity(count)
    var line = 0
    for _ in 0..<count {
      line &+= reader.signed()
      let action = reader.action()
      let expectations = reader.expectations()
      var captures: [Capture] = []
      for _ in 0..<reader.count() {
        captures.append(Capture(key: reader.word(), name: reader.word(), column: reader.signed()))
      }
      var variants: [ExpectationVariant] = []
      for _ in 0..<reader.count() {
        let answer = SubjectCapability(rawValue: reader.word())
        let variantLine = line &+ reader.signed()
        variants.append(
          ExpectationVariant(answer: answer, expectations: reader.expectations(), line: variantLine)
        )
      }
      steps.append(
        ContractStep(
          action: action, expectations: expectations, captures: captures, line: line,
          variants: variants))
      if reader.failed { return steps }
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
      word(record.value.name)
      word(record.entity ?? "")
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

  /// An action: its kind's opcode, then its payload.
  mutating func action(_ action: ContractAction) {
    unsigned(action.opcode)
    switch action {
    case .undoHistory(let action):
      switch action {
      case .dragBegan, .dragEnded, .dragCancelled, .undo, .redo: break
      case .adjust(let value):
        signed(value)
      case .dragMoved(let value):
        signed(value)
      case .load(let value):
        signed(value)
      case .switchDocument(let document, let value):
        word(document)
        signed(value)
      case .calculate(let name):
        word(name)
      case .deliver(let name, let value):
        word(name)
        signed(value)
      case .levels(let value):
        signed(value)
      case .wait(let length):
        flag(length.fromWindow)
        signed(length.milliseconds)
      case .items(let items):
        unsigned(items.count)
        for item in items {
          word(item.id)
          signed(item.value)
        }
      case .select(let ids):
        words(ids)
      }
    case .optimistic(let action):
      switch action {
      case .records(let records):
        self.records(records)
      case .tap(let record, let request):
        word(record)
        optionalWord(request)
      case .respond(let request, let outcome):
        word(request)
        serverOutcome(outcome)
      case .cancel(let request):
        word(request)
      case .sort(let order):
        words(order)
      case .session(let records):
        self.records(records)
      case .sync(let record, let request):
        word(record)
        optionalWord(request)
      case .respondToSync(let request, let outcome):
        word(request)
        switch outcome {
        case .value(let value):
          unsigned(0)
          word(value.name)
        case .failed: unsigned(1)
        }
      case .syncRoundTrip(let record, let value):
        word(record)
        word(value.name)
      case .read(let record, let request):
        word(record)
        word(request)
      case .filter(let value):
        optionalWord(value?.name)
      case .refresh(let request):
        optionalWord(request)
      case .respondToRefresh(let request, let outcome):
        word(request)
        switch outcome {
        case .list(let records):
          unsigned(0)
          self.records(records)
        case .failed: unsigned(1)
        }
      case .batch(let records, let request):
        words(records)
        optionalWord(request)
      case .respondToBatch(let request, let outcome):
        word(request)
        switch outcome {
        case .saved(let values):
          unsigned(0)
          records(values)
        case .rejected: unsigned(1)
        case .unknown: unsigned(2)
        case .each(let outcomes):
          unsigned(3)
          unsigned(outcomes.count)
          for outcome in outcomes {
            word(outcome.id)
            serverOutcome(outcome.outcome)
          }
        }
      case .choose(let record, let value, let request):
        word(record)
        word(value.name)
        optionalWord(request)
      case .wait(let length):
        flag(length.fromTimeout)
        signed(length.milliseconds)
      case .confirm(let record, let request):
        word(record)
        optionalWord(request)
      case .decline(let record):
        word(record)
      }
    }
  }

  /// A list of expectations: a step's own, or a variant's.
  mutating func expectations(_ expectations: [Expectation]) {
    unsigned(expectations.count)
    for expectation in expectations {
      word(expectation.key)
      unsigned(expectation.relation == .equal ? 0 : 1)
      signed(expectation.column)
      switch expectation.operand {
      case .literal(let value):
        unsigned(0)
        self.value(value)
      case .capture(let name):
        unsigned(1)
        word(name)
      }
    }
  }

  mutating func serverOutcome(_ outcome: ServerOutcome) {
    switch outcome {
    case .saved(let value):
      unsigned(0)
      word(value.name)
    case .rejected: unsigned(1)
    case .unknown: unsigned(2)
    }
  }
}

/// Reads values back in the order ``Writer`` wrote them; bytes that are not what it wrote (from
/// elsewhere) set ``failed`` instead of trapping.
private struct Reader {
  let bytes: [UInt8]
  let words: [String]
  private var offset = 0
  /// Whether the bytes ended early, or named a word or a code that does not exist.
  private(set) var failed = false

  init(bytes: [UInt8], words: [String]) {
    self.bytes = bytes
    self.words = words
  }

  /// Whether every byte was read.
  var isAtEnd: Bool { offset == bytes.count }

  mutating func unsigned() -> Int {
    var value: UInt = 0
    var shift: UInt = 0
    while offset < bytes.count, shift < UInt(UInt.bitWidth) {
      let byte = bytes[offset]
      offset += 1
      value |= UInt(byte & 0x7F) << shift
      if byte < 0x80 { return Int(bitPattern: value) }
      shift += 7
    }
    failed = true
    return 0
  }

  mutating func signed() -> Int {
    let raw = UInt(bitPattern: unsigned())
    return Int(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
  }

  mutating func word() -> String {
    let index = unsigned()
    guard words.indices.contains(index) else {
      failed = true
      return ""
    }
    return words[index]
  }

  mutating func flag() -> Bool {
    let value = unsigned()
    if value > 1 { failed = true }
    return value == 1
  }

  mutating func optionalWord() -> String? {
    flag() ? word() : nil
  }

  /// A count of items that each take at least one byte: more than the bytes left is malformed.
  mutating func count() -> Int {
    let value = unsigned()
    guard value >= 0, value <= bytes.count - offset else {
      failed = true
      return 0
    }
    return value
  }

  mutating func wordList() -> [String] {
    (0..<count()).map { _ in word() }
  }

  mutating func records() -> [RecordValue] {
    (0..<count()).map { _ in
      let id = word()
      let value = OptimisticValue(word())
      let entity = word()
      return RecordValue(id: id, value: value, entity: entity.isEmpty ? nil : entity)
    }
  }

  mutating func itemValues() -> [ItemValue] {
    (0..<count()).map { _ in ItemValue(id: word(), value: signed()) }
  }

  mutating func value() -> StateValue {
    switch unsigned() {
    case 0: .int(signed())
    case 1: .bool(false)
    case 2: .bool(true)
    case 3: .text(word())
    case 4: .list(wordList())
    default: malformed(.int(0))
    }
  }

  /// A list of expectations as ``Writer/expectations(_:)`` wrote it.
  mutating func expectations() -> [Expectation] {
    var expectations: [Expectation] = []
    let expectationCount = count()
    expectations.reserveCapacity(expectationCount)
    for _ in 0..<expectationCount {
      let key = word()
      let relation: Expectation.Relation = flag() ? .notEqual : .equal
      let column = signed()
      let operand: Expectation.Operand = flag() ? .capture(word()) : .literal(value())
      expectations.append(
        Expectation(key: key, relation: relation, operand: operand, column: column))
    }
    return expectations
  }

  mutating func serverOutcome() -> ServerOutcome {
    switch unsigned() {
    case 0: .saved(OptimisticValue(word()))
    case 1: .rejected
    case 2: .unknown
    default: malformed(.unknown)
    }
  }

  mutating func syncOutcome() -> SyncOutcome {
    switch unsigned() {
    case 0: .value(OptimisticValue(word()))
    case 1: .failed
    default: malformed(.failed)
    }
  }

  mutating func listFilter() -> OptimisticValue? {
    optionalWord().map { OptimisticValue($0) }
  }

  mutating func refreshOutcome() -> RefreshOutcome {
    switch unsigned() {
    case 0: .list(records())
    case 1: .failed
    default: malformed(.failed)
    }
  }

  mutating func batchOutcome() -> BatchOutcome {
    switch unsigned() {
    case 0: .saved(records())
    case 1: .rejected
    case 2: .unknown
    case 3:
      .each((0..<count()).map { _ in BatchRecordOutcome(id: word(), outcome: serverOutcome()) })
    default: malformed(.unknown)
    }
  }

  /// A wait of an optimistic-update case: whether it counts from the write timeout, then the
  /// milliseconds.
  mutating func timedWait() -> WaitLength {
    let fromTimeout = flag()
    let milliseconds = signed()
    return fromTimeout ? .timeout(plus: milliseconds) : .fixed(milliseconds: milliseconds)
  }

  mutating func action() -> ContractAction {
    let opcode = unsigned()
    if let kind = UndoHistoryAction.Kind(rawValue: opcode) {
      return .undoHistory(undoHistoryAction(of: kind))
    }
    if let kind = OptimisticAction.Kind(rawValue: opcode) {
      return .optimistic(optimisticAction(of: kind))
    }
    return malformed(.undoHistory(.undo))
  }

  /// The payload of an undo-history action of `kind`.
  private mutating func undoHistoryAction(of kind: UndoHistoryAction.Kind) -> UndoHistoryAction {
    switch kind {
    case .adjust: .adjust(signed())
    case .dragBegan: .dragBegan
    case .dragMoved: .dragMoved(signed())
    case .dragEnded: .dragEnded
    case .dragCancelled: .dragCancelled
    case .load: .load(signed())
    case .switchDocument: .switchDocument(word(), signed())
    case .undo: .undo
    case .redo: .redo
    case .calculate: .calculate(word())
    case .deliver: .deliver(word(), signed())
    case .levels: .levels(signed())
    case .wait: .wait(WaitLength(fromWindow: flag(), milliseconds: signed()))
    case .items: .items(itemValues())
    case .select: .select(wordList())
    }
  }

  /// The payload of an optimistic action of `kind`.
  private mutating func optimisticAction(of kind: OptimisticAction.Kind) -> OptimisticAction {
    switch kind {
    case .records: .records(records())
    case .tap: .tap(record: word(), request: optionalWord())
    case .respond: .respond(request: word(), outcome: serverOutcome())
    case .cancel: .cancel(request: word())
    case .sort: .sort(wordList())
    case .session: .session(records())
    case .sync: .sync(record: word(), request: optionalWord())
    case .respondToSync: .respondToSync(request: word(), outcome: syncOutcome())
    case .syncRoundTrip: .syncRoundTrip(record: word(), value: OptimisticValue(word()))
    case .read: .read(record: word(), request: word())
    case .filter: .filter(listFilter())
    case .refresh: .refresh(request: optionalWord())
    case .respondToRefresh: .respondToRefresh(request: word(), outcome: refreshOutcome())
    case .batch: .batch(records: wordList(), request: optionalWord())
    case .respondToBatch: .respondToBatch(request: word(), outcome: batchOutcome())
    case .choose: .choose(record: word(), value: OptimisticValue(word()), request: optionalWord())
    case .wait, .waitTimeout: .wait(timedWait())
    case .confirm: .confirm(record: word(), request: optionalWord())
    case .decline: .decline(record: word())
    }
  }

  /// Notes that the bytes are malformed, and gives `placeholder`.
  private mutating func malformed<Value>(_ placeholder: Value) -> Value {
    failed = true
    return placeholder
  }
}
