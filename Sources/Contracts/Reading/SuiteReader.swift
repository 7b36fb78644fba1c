import Foundation

/// Reads suite files: one step per line, expectations inline after `=>`.
///
/// ```
/// suite undo-history family undo "Undo and redo with explicit action groups"
///
/// case grouped-drag "A grouped drag undoes and redoes as one action"
///   drag began
///   drag moved 10          => value=10
///   drag ended             => value=10 level=0 canUndo=yes undos=1
///   undo                   => value=0 canRedo=yes
/// ```
public enum SuiteReader {
  /// Reads the suite file at `path`.
  ///
  /// - Parameter path: The file's path.
  /// - Returns: The suite.
  /// - Throws: ``SuiteReadError`` naming the file, line and column.
  public static func read(contentsOf path: String) throws(SuiteReadError) -> ContractSuite {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw SuiteReadError(
        kind: .missing, path: path, line: 0, column: 0, message: "no such suite file")
    }
    guard !isDirectory.boolValue else {
      throw SuiteReadError(
        kind: .unreadable, path: path, line: 0, column: 0,
        message: "is a directory, not a suite file")
    }
    let handle: FileHandle
    do {
      handle = try RegularFile.open(path)
    } catch {
      let (kind, message): (SuiteReadError.Kind, String) =
        switch error {
        case .missing(let reason): (.missing, reason)
        case .notRegular(let reason): (.malformed, reason)
        case .unreadable(let reason): (.unreadable, "cannot read the file: \(reason)")
        }
      throw SuiteReadError(kind: kind, path: path, line: 0, column: 0, message: message)
    }
    defer { try? handle.close() }
    var lines = LineSplitter(source: path)
    var parser = SuiteParser(source: path)
    while true {
      let chunk: Data
      do {
        chunk = try handle.read(upToCount: 1 << 20) ?? Data()
      } catch {
        throw SuiteReadError(
          kind: .unreadable, path: path, line: lines.lineNumber, column: 0,
          message: "cannot read the file: \(error.localizedDescription)")
      }
      if chunk.isEmpty { break }
      var failure: SuiteReadError?
      chunk.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
        do throws(SuiteReadError) {
          try lines.feed(raw.bindMemory(to: UInt8.self), into: &parser)
        } catch {
          failure = error
        }
      }
      if let failure { throw failure }
    }
    try lines.finish(into: &parser)
    return try parser.finish()
  }

  /// Parses suite text.
  ///
  /// - Parameters:
  ///   - text: The suite file's contents.
  ///   - source: The name used in errors and recorded as the suite's source.
  /// - Returns: The suite.
  /// - Throws: ``SuiteReadError`` naming the line, the column and what was expected.
  public static func parse(_ text: String, source: String) throws(SuiteReadError) -> ContractSuite {
    try parseCounting(text, source: source).suite
  }

  /// The `values` line an optimistic case needs before its steps: the values beyond on/off its
  /// step lines name, in the order they first appear; `nil` when it names none (or the lines
  /// do not read as a case).
  ///
  /// - Parameter lines: The case's step lines, as a suite writes them.
  /// - Returns: A line such as `  values requested close-friends`, or `nil`.
  package static func valuesLine(forCaseLines lines: [String]) -> String? {
    var parser = SuiteParser(source: "case")
    parser.acceptsAnyValue = true
    do {
      try parser.consume("suite s family optimistic", number: 1)
      try parser.consume("case c", number: 2)
      for (offset, line) in lines.enumerated() {
        try parser.consume(Substring(line), number: offset + 3)
      }
    } catch {
      return nil
    }
    var words: [String] = []
    for step in parser.current?.steps ?? [] {
      for value in step.namedValues where value != .on && value != .off {
        if !words.contains(value.name) { words.append(value.name) }
      }
    }
    return words.isEmpty ? nil : "  values " + words.joined(separator: " ")
  }

  /// Parses suite text and counts the case-id lookups the duplicate check made: one a case, so
  /// reading stays linear in the cases of a file (tests pin this).
  static func parseCounting(_ text: String, source: String) throws(SuiteReadError) -> (
    suite: ContractSuite, caseIDLookups: Int
  ) {
    var parser = SuiteParser(source: source)
    var lines = LineSplitter(source: source)
    try lines.feed(text, into: &parser)
    try lines.finish(into: &parser)
    return (try parser.finish(), parser.caseIDLookups)
  }
}

/// Reads suite text a line at a time, exactly as ``SuiteReader/parse(_:source:)`` reads the same
/// lines joined, and hands each step to a closure as it is read instead of keeping it: what
/// reads a case of a million steps (a recorded session) without holding its text or its steps.
///
/// The suite ``finish()`` returns has the cases, their requirements included, but no steps for
/// the cases read here (each had at least one: one without is refused as the text reader
/// refuses it).
package struct SuiteLineReader {
  private var lines: LineSplitter
  private var parser: SuiteParser

  /// A reader of the suite named `source` in errors, handing each step to `onStep`.
  package init(source: String, onStep: @escaping (ContractStep) -> Void) {
    lines = LineSplitter(source: source)
    parser = SuiteParser(source: source)
    parser.onStep = onStep
  }

  /// Reads one line (without its line end).
  ///
  /// - Throws: ``SuiteReadError`` naming the line, as the text reader names it.
  package mutating func read(_ line: String) throws(SuiteReadError) {
    try lines.feed(line + "\n", into: &parser)
  }

  /// The suite, once every line has been read.
  ///
  /// - Throws: ``SuiteReadError`` as the text reader throws it at the end of the text.
  package mutating func finish() throws(SuiteReadError) -> ContractSuite {
    try lines.finish(into: &parser)
    return try parser.finish()
  }
}

/// Cuts suite text into lines as its bytes arrive, in pieces of any size.
///
/// Each line goes to the parser with its number. A line ends at `\n`, `\r\n` or `\r`, and, as everywhere in Swift
/// text, at the other Unicode line separators; a line that is not UTF-8 is an error naming it.
private struct LineSplitter {
  let source: String
  /// The bytes of a line whose end has not arrived yet.
  private var pending: [UInt8] = []
  /// The number the next line gets.
  private(set) var lineNumber = 1

  init(source: String) {
    self.source = source
  }

  /// Feeds `text`'s UTF-8 bytes, as the overload for bytes does.
  mutating func feed(_ text: String, into parser: inout SuiteParser) throws(SuiteReadError) {
    var text = text
    var failure: SuiteReadError?
    text.withUTF8 { bytes in
      do throws(SuiteReadError) {
        try feed(bytes, into: &parser)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, into parser: inout SuiteParser)
    throws(SuiteReadError)
  {
    var start = 0
    while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
      if pending.isEmpty {
        try deliver(UnsafeBufferPointer(rebasing: bytes[start..<newline]), into: &parser)
      } else {
        pending.append(contentsOf: bytes[start..<newline])
        let line = pending
        pending.removeAll(keepingCapacity: true)
        try line.withUnsafeBufferPointer { line throws(SuiteReadError) in
          try deliver(line, into: &parser)
        }
      }
      start = newline + 1
    }
    pending.append(contentsOf: bytes[start...])
  }

  /// Hands over the last line, which has no newline after it.
  mutating func finish(into parser: inout SuiteParser) throws(SuiteReadError) {
    let line = pending
    pending = []
    try line.withUnsafeBufferPointer { line throws(SuiteReadError) in
      try deliver(line, into: &parser)
    }
  }

  /// One piece of text between two `\n`: a line, or, when it holds other line separators, the
  /// lines they separate.
  private mutating func deliver(
    _ bytes: UnsafeBufferPointer<UInt8>, into parser: inout SuiteParser
  ) throws(SuiteReadError) {
    var end = bytes.count
    if end > 0, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    // A byte-order mark some editors put at the start of a UTF-8 file is not text.
    let start =
      lineNumber == 1 && end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
      ? 3 : 0
    let body = UnsafeBufferPointer(rebasing: bytes[start..<end])
    guard let text = String(validating: body, as: UTF8.self) else {
      throw SuiteReadError(
        path: source, line: lineNumber, column: 0, message: "the line is not UTF-8 text")
    }
    let mayHoldSeparators = body.contains { $0 == UInt8(ascii: "\r") || $0 >= 0x80 }
    let lines =
      mayHoldSeparators
      ? text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      : [Substring(text)]
    for line in lines {
      do {
        try parser.consume(line, number: lineNumber)
      } catch {
        throw SuiteReadError(
          path: source, line: error.line ?? lineNumber, column: error.column,
          message: error.message)
      }
      lineNumber += 1
    }
  }
}

/// The state of a parse in progress.
private struct SuiteParser {
  let source: String
  var header: (id: String, family: ContractFamily, title: String)?
  var cases: [ContractCase] = []
  /// The ids of `cases`, so a duplicate is found without scanning them.
  var caseIDs: Set<String> = []
  /// Case ids compared or looked up while checking for duplicates: one a case (tests pin it).
  var caseIDLookups = 0
  var current: ContractCase?
  var currentNames = CaseNames()
  /// The values beyond on/off the suite declares for every case (`values a b` before the first
  /// case).
  var suiteValues: Set<String> = []
  /// Whether any value word reads as a record value, declared or not: for finding the values a
  /// generated case names.
  var acceptsAnyValue = false
  /// Steps already read, by the text of their line, for lines whose reading depends on nothing
  /// read before them (see `remember(_:line:)`): a suite that repeats a line tokenizes it once.
  var stepsByLine: [Substring: ContractStep] = [:]
  /// The most lines `stepsByLine` keeps, so memory stays flat whatever the suite.
  static let rememberedLineLimit = 4096
  /// Where steps go instead of the current case, for a reader that streams them
  /// (``SuiteLineReader``); `nil` keeps them in the case.
  var onStep: ((ContractStep) -> Void)?
  /// The steps of the current case handed to ``onStep``.
  var streamedSteps = 0
  /// The last step read for ``onStep``, held until the next line shows whether `under` lines
  /// follow it.
  var heldStep: ContractStep?
  /// The word that opens a line of a step's expectations under one answer of a product rule
  /// (`under display-pessimistic => a.displayed=off`); an unknown action's suggestions offer it.
  static let variantWord = "under"

  init(source: String) {
    self.source = source
  }

  /// Names defined so far in the current case: requests, syncs, calculations, records and
  /// captures; each looked up in constant time, so a long case reads in linear time.
  struct CaseNames {
    var requests: Set<String> = []
    var syncs: Set<String> = []
    var refreshes: Set<String> = []
    /// Batch names, with the records each batch carries in the order the case lists them.
    var batches: [String: [String]] = [:]
    var calculations: Set<String> = []
    var records: Set<String> = []
    /// The records in the order the case lists them, for messages.
    var recordOrder: [String] = []
    /// The undo-history items an `items` step loaded.
    var items: Set<String> = []
    var captures: [String: StateKeys.ValueType] = [:]
    /// The values beyond on/off the case declares (`values a b` before its first step).
    var values: Set<String> = []

    /// What `name` already names, if anything a new request, sync or capture would clash with.
    func use(of name: String) -> String? {
      if requests.contains(name) { return "a request" }
      if syncs.contains(name) { return "a sync" }
      if refreshes.contains(name) { return "a refresh" }
      if batches[name] != nil { return "a batch" }
      if captures[name] != nil { return "a capture" }
      if records.contains(name) { return "a record" }
      return nil
    }
  }

  mutating func consume(_ line: Substring, number: Int) throws(SuiteSyntaxProblem) {
    // With no capture and no item in the case yet, a remembered line reads as it did before.
    if current != nil, currentNames.captures.isEmpty, currentNames.items.isEmpty,
      var step = stepsByLine[line]
    {
      step.line = number
      require(step.neededCapabilities)
      add(step)
      return
    }
    let tokens = try SuiteTokenizer.tokens(of: line).get()
    guard let first = tokens.first else { return }
    if header == nil {
      guard first.text == "suite", !first.isQuoted else {
        throw SuiteSyntaxProblem(
          column: first.column,
          message: "expected the header 'suite <id> family undo|optimistic', found '\(first.text)'")
      }
      header = try parseHeader(tokens)
      return
    }
    if first.text == "suite" && !first.isQuoted {
      throw SuiteSyntaxProblem(column: first.column, message: "a file holds one suite")
    }
    if first.text == "case" && !first.isQuoted {
      try closeCase()
      current = try parseCaseHeader(tokens, line: number)
      currentNames = CaseNames()
      streamedSteps = 0
      return
    }
    if first.text == "values" && !first.isQuoted {
      try declareValues(tokens)
      return
    }
    if first.text == "requires" && !first.isQuoted, current != nil {
      guard current?.stepCount == 0, streamedSteps == 0 else {
        throw SuiteSyntaxProblem(
          column: first.column, message: "'requires' must come before the case's first step")
      }
      let requirements = try parseRequirements(tokens, from: 0)
      current?.requirements += requirements
      return
    }
    guard current != nil, let family = header?.family else {
      throw SuiteSyntaxProblem(
        column: first.column, message: "expected 'case <id>' before the first step")
    }
    if first.text == Self.variantWord && !first.isQuoted {
      try addVariant(tokens, family: family, line: number)
      return
    }
    let step = try parseStep(tokens, family: family, line: number)
    remember(step, line: line)
    require(step.neededCapabilities)
    add(step)
  }

  /// Keeps `step` in the current case, or holds it for ``onStep`` when a reader streams them
  /// (handing over the step held before it).
  private mutating func add(_ step: ContractStep) {
    guard onStep != nil else {
      current?.steps.append(step)
      return
    }
    streamedSteps += 1
    handOverHeldStep()
    heldStep = step
  }

  /// Hands the held step to ``onStep``, its `under` lines read.
  private mutating func handOverHeldStep() {
    if let step = heldStep, let onStep { onStep(step) }
    heldStep = nil
  }

  /// Reads `under ANSWER => key=value …`: what the step above expects, in place of its own for
  /// the keys stated, of a subject whose answer to a product rule is `ANSWER`.
  private mutating func addVariant(_ tokens: [SuiteToken], family: ContractFamily, line: Int)
    throws(SuiteSyntaxProblem)
  {
    let word = Self.variantWord
    guard var step = heldStep ?? current?.steps.last else {
      throw SuiteSyntaxProblem(
        column: tokens[0].column,
        message: "'\(word)' states the expectations of the step above it under one answer of a "
          + "product rule; write it after a step")
    }
    let answers = ProductRule.all(in: family).flatMap(\.choices)
    guard tokens.count > 1 else {
      throw SuiteSyntaxProblem(
        column: endColumn(tokens),
        message: "expected an answer of a product rule after '\(word)': one of "
          + answers.map(\.rawValue).joined(separator: ", "))
    }
    guard let answer = answers.first(where: { $0.rawValue == tokens[1].text }),
      let rule = ProductRule.answered(by: answer), !tokens[1].isQuoted
    else {
      throw unknownWord(tokens[1], expected: answers.map(\.rawValue), what: "product rule answer")
    }
    if let required = rule.choices.first(where: { current?.requirements.contains($0) == true }) {
      throw SuiteSyntaxProblem(
        column: tokens[1].column,
        message: "the case requires '\(required.rawValue)', an answer of the \(rule.name) rule, "
          + "so '\(word) \(answer.rawValue)' never judges a subject; drop one of them")
    }
    if step.variants.contains(where: { $0.answer == answer }) {
      throw SuiteSyntaxProblem(
        column: tokens[1].column,
        message: "the step above already states its expectations under '\(answer.rawValue)'")
    }
    guard tokens.count > 2, tokens[2].text == "=>", !tokens[2].isQuoted else {
      throw SuiteSyntaxProblem(
        column: tokens.count > 2 ? tokens[2].column : endColumn(tokens),
        message: "expected '=>' and the step's expectations under '\(answer.rawValue)'")
    }
    guard tokens.count > 3 else {
      throw SuiteSyntaxProblem(
        column: tokens[2].column + 2, message: "expected 'key=value' after '=>'")
    }
    var expectations: [Expectation] = []
    for token in tokens[3...] {
      let expectation = try parseExpectation(token, family: family)
      if expectations.contains(where: { $0.key == expectation.key }) {
        throw SuiteSyntaxProblem(
          column: token.column,
          message: "'\(expectation.key)' is expected twice under '\(answer.rawValue)'")
      }
      expectations.append(expectation)
    }
    step.variants.append(
      ExpectationVariant(answer: answer, expectations: expectations, line: line))
    if heldStep != nil {
      heldStep = step
    } else if let last = current.map({ $0.stepCount - 1 }) {
      current?.steps[last] = step
    }
  }

  /// Adds to the case's requirements what a step needs and the case does not say yet.
  private mutating func require(_ needed: [SubjectCapability]) {
    for capability in needed where current?.requirements.contains(capability) == false {
      current?.requirements.append(capability)
    }
  }

  /// Reads `values a b`: before the first case, values every case of the suite may name; in a
  /// case, before its first step, values that case may name.
  private mutating func declareValues(_ tokens: [SuiteToken]) throws(SuiteSyntaxProblem) {
    guard header?.family == .optimisticUpdates else {
      throw SuiteSyntaxProblem(
        column: tokens[0].column,
        message: "'values' declares optimistic record values; this "
          + "suite is of family undo")
    }
    guard current?.stepCount ?? 0 == 0 else {
      throw SuiteSyntaxProblem(
        column: tokens[0].column,
        message: "'values' must come before the case's first step (or before the suite's first "
          + "case, for every case)")
    }
    guard tokens.count > 1 else {
      throw SuiteSyntaxProblem(
        column: endColumn(tokens),
        message: "expected the values beyond on/off after 'values', such as requested")
    }
    for token in tokens.dropFirst() {
      if let problem = OptimisticValue.spellingProblem(token.text), !token.isQuoted {
        throw SuiteSyntaxProblem(column: token.column, message: problem)
      }
      guard !token.isQuoted, booleanValue(Substring(token.text)) == nil else {
        throw SuiteSyntaxProblem(
          column: token.column,
          message: "'\(token.text)' is already a value; 'values' declares values beyond on/off")
      }
      if current == nil {
        suiteValues.insert(token.text)
      } else {
        currentNames.values.insert(token.text)
      }
    }
  }

  /// The record value `text` spells: `on`/`off` (or yes/no, true/false), or a value the suite
  /// or the case declares; `nil` for any other word.
  private func optimisticValue(_ text: Substring) -> OptimisticValue? {
    if let flag = booleanValue(text) { return OptimisticValue(flag) }
    let word = String(text)
    guard
      suiteValues.contains(word) || currentNames.values.contains(word)
        || (acceptsAnyValue && OptimisticValue.spellingProblem(word) == nil)
    else { return nil }
    return OptimisticValue(word)
  }

  /// Why `text` is not a record value here, for the end of a message: "; declare ...".
  private func valueHint(_ text: String) -> String {
    if let problem = OptimisticValue.spellingProblem(text) { return "; \(problem)" }
    let known = ["on", "off"] + suiteValues.sorted() + currentNames.values.sorted()
    if let near = suggest(text, in: known) { return "; did you mean '\(near)'?" }
    return "; a value beyond on/off is declared first: 'values \(text)'"
  }

  /// Keeps `step` under the text of its line when reading that line again would give the same
  /// step: an undo-history action that defines no name (not `calculate`, `deliver` or `items`), no
  /// capture in the case so far (an expectation's value may name one) nor in the step, and no
  /// item loaded in the case (its keys and `select` name items).
  private mutating func remember(_ step: ContractStep, line: Substring) {
    guard currentNames.captures.isEmpty, step.captures.isEmpty, currentNames.items.isEmpty,
      stepsByLine.count < Self.rememberedLineLimit,
      case .undoHistory(let action) = step.action
    else { return }
    switch action {
    case .calculate, .deliver, .items, .select: return
    default: stepsByLine[line] = step
    }
  }

  mutating func finish() throws(SuiteReadError) -> ContractSuite {
    guard let header else {
      throw SuiteReadError(
        path: source, line: 0, column: 0,
        message: "empty suite: expected the header 'suite <id> family undo|optimistic'")
    }
    do {
      try closeCase()
    } catch {
      throw SuiteReadError(
        path: source, line: error.line ?? current?.line ?? 0, column: error.column,
        message: error.message)
    }
    guard !cases.isEmpty else {
      throw SuiteReadError(path: source, line: 0, column: 0, message: "the suite has no cases")
    }
    return ContractSuite(
      id: header.id, family: header.family, title: header.title, source: source, cases: cases)
  }

  private mutating func closeCase() throws(SuiteSyntaxProblem) {
    handOverHeldStep()
    guard var finished = current else { return }
    guard finished.stepCount > 0 || streamedSteps > 0 else {
      throw SuiteSyntaxProblem(
        column: 1, message: "case '\(finished.id)' has no steps", line: finished.line)
    }
    for rule in ProductRule.all where rule.choices.filter(finished.requirements.contains).count > 1
    {
      let answers = rule.choices.filter(finished.requirements.contains).map { "'\($0.rawValue)'" }
      throw SuiteSyntaxProblem(
        column: 1,
        message: "case '\(finished.id)' requires \(answers.joined(separator: " and ")), answers "
          + "of the one \(rule.name) rule; a case holds under one answer, or under every answer "
          + "when it requires none", line: finished.line)
    }
    current = nil
    finished.packSteps()
    cases.append(finished)
    caseIDs.insert(finished.id)
  }

  private func parseHeader(_ tokens: [SuiteToken]) throws(SuiteSyntaxProblem) -> (
    id: String, family: ContractFamily, title: String
  ) {
    let id = try identifier(tokens, at: 1, what: "a suite id after 'suite'")
    guard tokens.count > 2, tokens[2].text == "family" else {
      throw SuiteSyntaxProblem(
        column: tokens.count > 2 ? tokens[2].column : endColumn(tokens),
        message: "expected 'family undo|optimistic' after the suite id")
    }
    guard tokens.count > 3 else {
      throw SuiteSyntaxProblem(
        column: endColumn(tokens), message: "expected 'undo' or 'optimistic' after 'family'")
    }
    guard let family = ContractFamily(rawValue: tokens[3].text) else {
      throw SuiteSyntaxProblem(
        column: tokens[3].column,
        message: "unknown family '\(tokens[3].text)'; expected 'undo' or 'optimistic'")
    }
    let title = try optionalTitle(tokens, at: 4)
    if tokens.count > 5 {
      throw SuiteSyntaxProblem(
        column: tokens[5].column, message: "unexpected '\(tokens[5].text)' after the suite title")
    }
    return (id, family, title ?? id)
  }

  private mutating func parseCaseHeader(_ tokens: [SuiteToken], line: Int)
    throws(SuiteSyntaxProblem)
    -> ContractCase
  {
    let id = try identifier(tokens, at: 1, what: "a case id after 'case'")
    caseIDLookups += 1
    if caseIDs.contains(id) {
      throw SuiteSyntaxProblem(
        column: tokens[1].column, message: "duplicate case id '\(id)'")
    }
    var index = 2
    var title = id
    if let quoted = try optionalTitle(tokens, at: 2) {
      title = quoted
      index = 3
    }
    var requirements: [SubjectCapability] = []
    if index < tokens.count {
      guard tokens[index].text == "requires" else {
        throw SuiteSyntaxProblem(
          column: tokens[index].column,
          message: "expected 'requires <capability>' or the end of the line, found "
            + "'\(tokens[index].text)'")
      }
      requirements = try parseRequirements(tokens, from: index)
    }
    return ContractCase(id: id, title: title, requirements: requirements, steps: [], line: line)
  }

  /// Parses `requires cap[,cap] [cap]` starting at the `requires` word at `index`.
  private func parseRequirements(_ tokens: [SuiteToken], from index: Int)
    throws(SuiteSyntaxProblem) -> [SubjectCapability]
  {
    let known = header.map { SubjectCapability.known(in: $0.family) } ?? []
    guard index + 1 < tokens.count else {
      throw SuiteSyntaxProblem(
        column: endColumn(tokens), message: "expected a capability after 'requires'")
    }
    var requirements: [SubjectCapability] = []
    for token in tokens[(index + 1)...] {
      for name in token.text.split(separator: ",") {
        guard let capability = known.first(where: { $0.rawValue == name }) else {
          throw SuiteSyntaxProblem(
            column: token.column,
            message: "unknown capability '\(name)'; expected one of "
              + known.map(\.rawValue).joined(separator: ", "))
        }
        requirements.append(capability)
      }
    }
    return requirements
  }

  private mutating func parseStep(
    _ tokens: [SuiteToken], family: ContractFamily, line: Int
  ) throws(SuiteSyntaxProblem) -> ContractStep {
    let arrow = tokens.firstIndex { $0.text == "=>" && !$0.isQuoted }
    let actionTokens = Array(tokens[..<(arrow ?? tokens.endIndex)])
    guard !actionTokens.isEmpty else {
      throw SuiteSyntaxProblem(column: tokens[0].column, message: "expected an action before '=>'")
    }
    let action: ContractAction
    switch family {
    case .undoHistory: action = .undoHistory(try parseUndoAction(actionTokens))
    case .optimisticUpdates: action = .optimistic(try parseOptimisticAction(actionTokens))
    }
    var expectations: [Expectation] = []
    var captures: [Capture] = []
    if let arrow {
      let stated = Array(tokens[(arrow + 1)...])
      guard !stated.isEmpty else {
        throw SuiteSyntaxProblem(
          column: tokens[arrow].column + 2, message: "expected 'key=value' after '=>'")
      }
      // Captures first: a capture is taken before the step's comparisons, so a comparison may
      // name a capture made by the same step, wherever it is written on the line.
      var comparisons: [SuiteToken] = []
      var index = 0
      while index < stated.count {
        if index + 1 < stated.count, stated[index + 1].text == "as", !stated[index + 1].isQuoted {
          let capture = try parseCapture(stated, at: index, family: family)
          if captures.contains(where: { $0.key == capture.key }) {
            throw SuiteSyntaxProblem(
              column: stated[index].column,
              message: "'\(capture.key)' is captured twice in one step")
          }
          captures.append(capture)
          index += 3
        } else {
          comparisons.append(stated[index])
          index += 1
        }
      }
      for token in comparisons {
        let expectation = try parseExpectation(token, family: family)
        if expectations.contains(where: { $0.key == expectation.key }) {
          throw SuiteSyntaxProblem(
            column: token.column, message: "'\(expectation.key)' is expected twice in one step")
        }
        if case .capture(let name) = expectation.operand,
          captures.contains(where: { $0.name == name && $0.key == expectation.key })
        {
          throw SuiteSyntaxProblem(
            column: token.column,
            message: "'\(expectation.key)' is compared with '\(name)', its own capture in the same "
              + "step, which always holds; compare it in a later step")
        }
        expectations.append(expectation)
      }
    }
    return ContractStep(action: action, expectations: expectations, captures: captures, line: line)
  }

  // MARK: - Undo-history actions

  private mutating func parseUndoAction(_ tokens: [SuiteToken]) throws(SuiteSyntaxProblem)
    -> UndoHistoryAction
  {
    let verbs = UndoHistoryAction.Kind.verbs
    let verb = tokens[0]
    let action: UndoHistoryAction
    var used = 1
    switch verb.text {
    case "adjust":
      action = .adjust(try integer(tokens, at: 1, after: "adjust"))
      used = 2
    case "drag":
      let dragKinds = UndoHistoryAction.Kind.allCases.filter { $0.words.hasPrefix("drag ") }
      let phases = dragKinds.map { String($0.words.dropFirst("drag ".count)) }
      guard tokens.count > 1 else {
        let forms = dragKinds.map { String($0.grammar.dropFirst("drag ".count)) }
        throw SuiteSyntaxProblem(
          column: endColumn(tokens),
          message: "expected " + forms.dropLast().joined(separator: ", ") + " or "
            + (forms.last ?? ""))
      }
      switch tokens[1].text {
      case "began": action = .dragBegan
      case "moved":
        action = .dragMoved(try integer(tokens, at: 2, after: "drag moved"))
        used = 3
      case "ended": action = .dragEnded
      case "cancelled", "canceled": action = .dragCancelled
      default:
        throw unknownWord(tokens[1], expected: phases, what: "drag phase")
      }
      used = max(used, 2)
    case "load":
      action = .load(try integer(tokens, at: 1, after: "load"))
      used = 2
    case "switch":
      let document = try identifier(tokens, at: 1, what: "a document id after 'switch'")
      action = .switchDocument(document, try integer(tokens, at: 2, after: "switch \(document)"))
      used = 3
    case "undo": action = .undo
    case "redo": action = .redo
    case "calculate":
      guard tokens.count > 1, tokens[1].text == "as" else {
        throw SuiteSyntaxProblem(
          column: tokens.count > 1 ? tokens[1].column : endColumn(tokens),
          message: "expected 'calculate as <name>'")
      }
      let name = try identifier(tokens, at: 2, what: "a calculation name after 'calculate as'")
      if currentNames.calculations.contains(name) {
        throw SuiteSyntaxProblem(
          column: tokens[2].column, message: "calculation '\(name)' is already started in this case"
        )
      }
      currentNames.calculations.insert(name)
      action = .calculate(name)
      used = 3
    case "deliver":
      let name = try identifier(tokens, at: 1, what: "a calculation name after 'deliver'")
      guard currentNames.calculations.contains(name) else {
        throw SuiteSyntaxProblem(
          column: tokens[1].column,
          message: "no 'calculate as \(name)' earlier in this case")
      }
      action = .deliver(name, try integer(tokens, at: 2, after: "deliver \(name)"))
      used = 3
    case "levels":
      let count = try integer(tokens, at: 1, after: "levels")
      guard count >= 0 else {
        throw SuiteSyntaxProblem(
          column: tokens[1].column, message: "levels must be 0 (unlimited) or more")
      }
      action = .levels(count)
      used = 2
    case "wait":
      let length = try waitLength(tokens)
      action = .wait(length)
      used = tokens.count > 2 && tokens[1].text == "window" ? 4 : 2
    case "items":
      let items = try itemValues(tokens)
      currentNames.items.formUnion(items.map(\.id))
      action = .items(items)
      used = tokens.count
    case "select":
      guard tokens.count > 1 else {
        throw SuiteSyntaxProblem(
          column: endColumn(tokens), message: "expected item ids after 'select', such as a,b")
      }
      action = .select(try itemList(tokens[1]))
      used = 2
    default:
      throw unknownWord(verb, expected: verbs + [Self.variantWord], what: "action")
    }
    try expectEnd(tokens, after: used)
    return action
  }

  // MARK: - Optimistic actions

  private mutating func parseOptimisticAction(_ tokens: [SuiteToken]) throws(SuiteSyntaxProblem)
    -> OptimisticAction
  {
    let verbs = OptimisticAction.Kind.verbs
    let verb = tokens[0]
    switch verb.text {
    case "records", "session":
      let records = try recordValues(tokens)
      for record in records where currentNames.records.insert(record.id).inserted {
        currentNames.recordOrder.append(record.id)
      }
      return verb.text == "records" ? .records(records) : .session(records)
    case "tap":
      let record = try knownRecord(tokens, at: 1)
      let request = try writeName(tokens, at: 2, after: "the record")
      return .tap(record: record, request: request)
    case "respond":
      let name = try identifier(tokens, at: 1, what: "a request or sync name")
      if currentNames.syncs.contains(name) {
        return .respondToSync(request: name, outcome: try syncOutcome(tokens, name: name))
      }
      if currentNames.refreshes.contains(name) {
        return .respondToRefresh(request: name, outcome: try refreshOutcome(tokens, name: name))
      }
      if let records = currentNames.batches[name] {
        return .respondToBatch(
          request: name, outcome: try batchOutcome(tokens, name: name, records: records))
      }
      let request = try knownRequest(tokens, at: 1)
      return .respond(request: request, outcome: try writeOutcome(tokens, name: request))
    case "cancel":
      if tokens.count > 1, let use = currentNames.use(of: tokens[1].text),
        use == "a sync" || use == "a refresh" || use == "a batch"
      {
        throw SuiteSyntaxProblem(
          column: tokens[1].column,
          message: "'\(tokens[1].text)' is \(use); 'cancel' applies to writes named by 'tap'")
      }
      let request = try knownRequest(tokens, at: 1)
      try expectEnd(tokens, after: 2)
      return .cancel(request: request)
    case "sort":
      guard tokens.count > 1 else {
        throw SuiteSyntaxProblem(
          column: endColumn(tokens), message: "expected record ids after 'sort', such as a,b,c")
      }
      let order = try recordList(tokens[1])
      try expectEnd(tokens, after: 2)
      return .sort(order)
    case "sync":
      let record = try knownRecord(tokens, at: 1)
      guard tokens.count > 2 else { return .sync(record: record, request: nil) }
      if tokens[2].text == "as" && !tokens[2].isQuoted {
        let name = try newName(tokens, at: 3, what: "a sync name after 'as'")
        currentNames.syncs.insert(name)
        try expectEnd(tokens, after: 4)
        return .sync(record: record, request: name)
      }
      guard !tokens[2].isQuoted, let value = optimisticValue(Substring(tokens[2].text)) else {
        throw SuiteSyntaxProblem(
          column: tokens[2].column,
          message: "expected 'as <name>', or a value such as on or off for a sync answered at "
            + "once, after 'sync \(record)', found '\(tokens[2].text)'"
            + valueHint(tokens[2].text))
      }
      try expectEnd(tokens, after: 3)
      return .syncRoundTrip(record: record, value: value)
    case "read":
      let record = try knownRecord(tokens, at: 1)
      guard tokens.count > 2, tokens[2].text == "as", !tokens[2].isQuoted else {
        throw SuiteSyntaxProblem(
          column: tokens.count > 2 ? tokens[2].column : endColumn(tokens),
          message: "expected 'read \(record) as <name>': a read is named so it can be answered")
      }
      let name = try newName(tokens, at: 3, what: "a read name after 'as'")
      currentNames.syncs.insert(name)
      try expectEnd(tokens, after: 4)
      return .read(record: record, request: name)
    case "filter":
      guard tokens.count > 1 else {
        throw SuiteSyntaxProblem(
          column: endColumn(tokens), message: "expected a value such as on, or none, after 'filter'"
        )
      }
      let value: OptimisticValue?
      if tokens[1].text == "none" {
        value = nil
      } else if !tokens[1].isQuoted, let shown = optimisticValue(Substring(tokens[1].text)) {
        value = shown
      } else {
        throw SuiteSyntaxProblem(
          column: tokens[1].column,
          message: "expected a value such as on, or none, after 'filter', found "
            + "'\(tokens[1].text)'" + valueHint(tokens[1].text))
      }
      try expectEnd(tokens, after: 2)
      return .filter(value)
    case "refresh":
      guard tokens.count > 1 else { return .refresh(request: nil) }
      guard tokens[1].text == "as", !tokens[1].isQuoted else {
        throw SuiteSyntaxProblem(
          column: tokens[1].column, message: "expected 'as <name>' or the end of the line")
      }
      let name = try newName(tokens, at: 2, what: "a refresh name after 'as'")
      currentNames.refreshes.insert(name)
      try expectEnd(tokens, after: 3)
      return .refresh(request: name)
    case "batch":
      return try batch(tokens)
    case "set":
      let record = try knownRecord(tokens, at: 1)
      let value = try value(tokens, at: 2, after: "set \(record)")
      let request = try writeName(tokens, at: 3, after: "the value")
      return .choose(record: record, value: value, request: request)
    case "wait":
      let length = try waitLength(tokens, base: "timeout")
      try expectEnd(tokens, after: tokens.count > 2 && tokens[1].text == "timeout" ? 4 : 2)
      return .wait(length)
    case "confirm":
      let record = try knownRecord(tokens, at: 1)
      let request = try writeName(tokens, at: 2, after: "the record")
      return .confirm(record: record, request: request)
    case "decline":
      let record = try knownRecord(tokens, at: 1)
      try expectEnd(tokens, after: 2)
      return .decline(record: record)
    default:
      throw unknownWord(verb, expected: verbs + [Self.variantWord], what: "action")
    }
  }

  /// The name a user's write takes from `as NAME` at `index`, the step's end; `nil` when the
  /// step ends before it.
  private mutating func writeName(_ tokens: [SuiteToken], at index: Int, after what: String)
    throws(SuiteSyntaxProblem) -> String?
  {
    guard tokens.count > index else { return nil }
    guard tokens[index].text == "as", !tokens[index].isQuoted else {
      throw SuiteSyntaxProblem(
        column: tokens[index].column, message: "expected 'as <request name>' after \(what)")
    }
    let name = try newName(tokens, at: index + 1, what: "a request name after 'as'")
    currentNames.requests.insert(name)
    try expectEnd(tokens, after: index + 2)
    return name
  }

  private func writeOutcome(_ tokens: [SuiteToken], name: String) throws(SuiteSyntaxProblem)
    -> ServerOutcome
  {
    guard tokens.count > 2 else {
      throw SuiteSyntaxProblem(
        column: endColumn(tokens), message: "expected saved on|off, rejected or unknown")
    }
    switch tokens[2].text {
    case "saved":
      let value = try value(tokens, at: 3, after: "saved")
      try expectEnd(tokens, after: 4)
      return .saved(value)
    case "rejected":
      try expectEnd(tokens, after: 3)
      return .rejected
    case "unknown":
      try expectEnd(tokens, after: 3)
      return .unknown
    case "read", "failed":
      throw SuiteSyntaxProblem(
        column: tokens[2].column,
        message: "'\(name)' is a write; expected saved on|off, rejected or unknown")
    default:
      throw unknownWord(tokens[2], expected: ["saved", "rejected", "unknown"], what: "outcome")
    }
  }

  private func syncOutcome(_ tokens: [SuiteToken], name: String) throws(SuiteSyntaxProblem)
    -> SyncOutcome
  {
    guard tokens.count > 2 else {
      throw SuiteSyntaxProblem(column: endColumn(tokens), message: "expected read on|off or failed")
    }
    switch tokens[2].text {
    case "read":
      let value = try value(tokens, at: 3, after: "read")
      try expectEnd(tokens, after: 4)
      return .value(value)
    case "failed":
      try expectEnd(tokens, after: 3)
      return .failed
    case "saved", "rejected", "unknown":
      throw SuiteSyntaxProblem(
        column: tokens[2].column, message: "'\(name)' is a sync; expected read on|off or failed")
    default:
      throw unknownWord(tokens[2], expected: ["read", "failed"], what: "sync outcome")
    }
  }

  private func refreshOutcome(_ tokens: [SuiteToken], name: String) throws(SuiteSyntaxProblem)
    -> RefreshOutcome
  {
    guard tokens.count > 2 else {
      throw SuiteSyntaxProblem(
        column: endColumn(tokens), message: "expected 'list a=on b=off' or failed")
    }
    switch tokens[2].text {
    case "list":
      let records = try recordValues(Array(tokens[2...]))
      for record in records where !currentNames.records.contains(record.id) {
        throw unknownRecord(record.id, column: tokens[2].column)
      }
      return .list(records)
    case "failed":
      try expectEnd(tokens, after: 3)
      return .failed
    case "saved", "rejected", "unknown", "read":
      throw SuiteSyntaxProblem(
        column: tokens[2].column,
        message: "'\(name)' is a refresh; expected 'list a=on b=off' or failed")
    default:
      throw unknownWord(tokens[2], expected: ["list", "failed"], what: "refresh outcome")
    }
  }

  /// `batch a,b [as NAME]`: two or more distinct known records, and the batch's name.
  private mutating func batch(_ tokens: [SuiteToken]) throws(SuiteSyntaxProblem)
    -> OptimisticAction
  {
    guard tokens.count > 1 else {
      throw SuiteSyntaxProblem(
        column: endColumn(tokens), message: "expected record ids after 'batch', such as a,b")
    }
    let records = try recordList(tokens[1])
    if let twice = records.indices.first(where: { records[..<$0].contains(records[$0]) }) {
      throw SuiteSyntaxProblem(
        column: tokens[1].column,
        message: "record '\(records[twice])' is listed twice; a batch writes each record once")
    }
    guard records.count > 1 else {
      throw SuiteSyntaxProblem(
        column: tokens[1].column,
        message: "a batch carries two or more records; write 'tap \(records[0])' for one")
    }
    guard tokens.count > 2 else { return .batch(records: records, request: nil) }
    guard tokens[2].text == "as", !tokens[2].isQuoted else {
      throw SuiteSyntaxProblem(
        column: tokens[2].column, message: "expected 'as <batch name>' after the records")
    }
    let name = try newName(tokens, at: 3, what: "a batch name after 'as'")
    currentNames.batches[name] = records
    try expectEnd(tokens, after: 4)
    return .batch(records: records, request: name)
  }

  /// The answer to the batch `name`: `saved` and `each` name every record of the batch, once.
  private func batchOutcome(_ tokens: [SuiteToken], name: String, records: [String])
    throws(SuiteSyntaxProblem) -> BatchOutcome
  {
    let every = records.map { "\($0)=on" }.joined(separator: " ")
    guard tokens.count > 2 else {
      throw SuiteSyntaxProblem(
        column: endColumn(tokens),
        message: "expected 'saved \(every)', rejected, unknown or 'each \(every)'")
    }
    switch tokens[2].text {
    case "saved":
      let values = try recordValues(Array(tokens[2...]))
      try expectBatch(records, named: values.map(\.id), in: tokens, name: name)
      return .saved(values)
    case "each":
      var outcomes: [BatchRecordOutcome] = []
      for token in tokens.dropFirst(3) {
        let parts = token.text.split(separator: "=", omittingEmptySubsequences: false)
        let outcome: ServerOutcome? =
          switch parts.count == 2 ? parts[1] : "" {
          case "rejected": .rejected
          case "unknown": .unknown
          case let word: optimisticValue(word).map { .saved($0) }
          }
        guard parts.count == 2, isIdentifier(parts[0]), let outcome else {
          throw SuiteSyntaxProblem(
            column: token.column,
            message: "expected 'id=on', 'id=off' (or a value the case declares), 'id=rejected' or "
              + "'id=unknown', found "
              + "'\(token.text)'")
        }
        outcomes.append(BatchRecordOutcome(id: String(parts[0]), outcome: outcome))
      }
      try expectBatch(records, named: outcomes.map(\.id), in: tokens, name: name)
      return .each(outcomes)
    case "rejected":
      try expectEnd(tokens, after: 3)
      return .rejected
    case "unknown":
      try expectEnd(tokens, after: 3)
      return .unknown
    case "read", "failed", "list":
      throw SuiteSyntaxProblem(
        column: tokens[2].column,
        message: "'\(name)' is a batch; expected saved, rejected, unknown or each")
    default:
      throw unknownWord(
        tokens[2], expected: ["saved", "rejected", "unknown", "each"], what: "batch outcome")
    }
  }

  /// Checks that an answer to the batch `name` names each of its `records` exactly once.
  private func expectBatch(
    _ records: [String], named ids: [String], in tokens: [SuiteToken], name: String
  ) throws(SuiteSyntaxProblem) {
    for (offset, id) in ids.enumerated() {
      let column = tokens[3 + offset].column
      guard records.contains(id) else {
        throw SuiteSyntaxProblem(
          column: column,
          message: "record '\(id)' is not in the batch '\(name)'; it carries "
            + records.joined(separator: ", "))
      }
      if ids[..<offset].contains(id) {
        throw SuiteSyntaxProblem(column: column, message: "record '\(id)' is listed twice")
      }
    }
    if let missing = records.first(where: { !ids.contains($0) }) {
      throw SuiteSyntaxProblem(
        column: endColumn(tokens),
        message: "the answer to the batch '\(name)' does not name '\(missing)'; name every "
          + "record of the batch: " + records.joined(separator: ", "))
    }
  }

  /// A new request, sync or capture name at `index`: an identifier that names nothing else in
  /// the case and is not a number or a value word.
  private func newName(_ tokens: [SuiteToken], at index: Int, what: String)
    throws(SuiteSyntaxProblem) -> String
  {
    let name = try identifier(tokens, at: index, what: what)
    if let use = currentNames.use(of: name) {
      throw SuiteSyntaxProblem(
        column: tokens[index].column, message: "'\(name)' already names \(use) in this case")
    }
    if Int(name) != nil || booleanValue(Substring(name)) != nil || name == "none" {
      throw SuiteSyntaxProblem(
        column: tokens[index].column,
        message: "'\(name)' reads as a value; choose a name with a letter that is not a value word")
    }
    return name
  }

  /// The records of `records a=off b=on` (and of `session`); a row written `b@a` shows the
  /// entity of row `a`, listed before it on the same line, and takes its value.
  private func recordValues(_ tokens: [SuiteToken]) throws(SuiteSyntaxProblem) -> [RecordValue] {
    let sharing = tokens.dropFirst().filter { $0.text.contains("@") }
    let own = try idValues(
      [tokens[0]] + tokens.dropFirst().filter { !$0.text.contains("@") },
      missing: "expected records such as a=on b=off",
      form: "'id=on' or 'id=off' (or a value declared with 'values')", noun: "record",
      value: optimisticValue, hint: { valueHint(String($0)) }
    ).map { RecordValue(id: $0.id, value: $0.value) }
    guard !sharing.isEmpty else { return own }
    var records: [RecordValue] = []
    for token in tokens.dropFirst() {
      let parts = token.text.split(separator: "@", omittingEmptySubsequences: false)
      guard parts.count == 2 else {
        if let record = own.first(where: { token.text.hasPrefix("\($0.id)=") }) {
          records.append(record)
        }
        continue
      }
      guard isIdentifier(parts[0]), isIdentifier(parts[1]) else {
        throw SuiteSyntaxProblem(
          column: token.column,
          message: "expected 'id@row' (a row showing the entity of an earlier row), found "
            + "'\(token.text)'")
      }
      let id = String(parts[0])
      let row = String(parts[1])
      guard !records.contains(where: { $0.id == id }), !own.contains(where: { $0.id == id })
      else {
        throw SuiteSyntaxProblem(column: token.column, message: "record '\(id)' is listed twice")
      }
      guard let shown = records.first(where: { $0.id == row }), shown.entity == nil else {
        throw SuiteSyntaxProblem(
          column: token.column,
          message: "'\(token.text)' must name a row with a value of its own listed before it, "
            + "such as a=off \(id)@a")
      }
      records.append(RecordValue(id: id, value: shown.value, entity: row))
    }
    return records
  }

  /// The items of `items a=10 b=20`: ids with whole-number values, each listed once.
  private func itemValues(_ tokens: [SuiteToken]) throws(SuiteSyntaxProblem) -> [ItemValue] {
    try idValues(
      tokens, missing: "expected items such as a=10 b=20 after 'items'",
      form: "'id=N' such as a=10", noun: "item", value: { Int($0) }
    ).map { ItemValue(id: $0.id, value: $0.value) }
  }

  /// The `id=value` pairs after a step's first word, each id listed once.
  ///
  /// - Parameters:
  ///   - tokens: The step's tokens, its word first.
  ///   - missing: The message when no pair follows the word.
  ///   - form: How a pair is written, for the message when one is not.
  ///   - noun: What an id names (`record`, `item`), for the message when one is listed twice.
  ///   - value: Reads a value; `nil` when the text is not one.
  ///   - hint: What to add to the message about a value that does not read.
  /// - Returns: The pairs, in order.
  /// - Throws: ``SuiteSyntaxProblem`` naming the column of a missing, malformed or repeated pair.
  private func idValues<Value>(
    _ tokens: [SuiteToken], missing: String, form: String, noun: String,
    value: (Substring) -> Value?, hint: (Substring) -> String = { _ in "" }
  ) throws(SuiteSyntaxProblem) -> [(id: String, value: Value)] {
    guard tokens.count > 1 else {
      throw SuiteSyntaxProblem(column: endColumn(tokens), message: missing)
    }
    var pairs: [(id: String, value: Value)] = []
    for token in tokens.dropFirst() {
      let parts = token.text.split(separator: "=", omittingEmptySubsequences: false)
      guard parts.count == 2, isIdentifier(parts[0]), let read = value(parts[1]) else {
        let extra = parts.count == 2 && isIdentifier(parts[0]) ? hint(parts[1]) : ""
        throw SuiteSyntaxProblem(
          column: token.column, message: "expected \(form), found '\(token.text)'\(extra)")
      }
      if pairs.contains(where: { $0.id == parts[0] }) {
        throw SuiteSyntaxProblem(
          column: token.column, message: "\(noun) '\(parts[0])' is listed twice")
      }
      pairs.append((String(parts[0]), read))
    }
    return pairs
  }

  /// The ids of `select a,b`: items an earlier `items` step loaded, each named once.
  private func itemList(_ token: SuiteToken) throws(SuiteSyntaxProblem) -> [String] {
    var ids: [String] = []
    for part in token.text.split(separator: ",", omittingEmptySubsequences: false) {
      guard isIdentifier(part) else {
        throw SuiteSyntaxProblem(
          column: token.column, message: "expected item ids separated by commas, such as a,b")
      }
      guard currentNames.items.contains(String(part)) else {
        throw unknownItem(String(part), column: token.column)
      }
      guard !ids.contains(String(part)) else {
        throw SuiteSyntaxProblem(column: token.column, message: "item '\(part)' is selected twice")
      }
      ids.append(String(part))
    }
    return ids
  }

  private func unknownItem(_ id: String, column: Int) -> SuiteSyntaxProblem {
    SuiteSyntaxProblem(
      column: column,
      message: "no item '\(id)' in this case; load it first with 'items \(id)=N'")
  }

  private func recordList(_ token: SuiteToken) throws(SuiteSyntaxProblem) -> [String] {
    var ids: [String] = []
    for part in token.text.split(separator: ",", omittingEmptySubsequences: false) {
      guard isIdentifier(part) else {
        throw SuiteSyntaxProblem(
          column: token.column, message: "expected record ids separated by commas, such as a,b,c")
      }
      guard currentNames.records.contains(String(part)) else {
        throw unknownRecord(String(part), column: token.column)
      }
      ids.append(String(part))
    }
    return ids
  }

  private func knownRecord(_ tokens: [SuiteToken], at index: Int) throws(SuiteSyntaxProblem)
    -> String
  {
    let id = try identifier(tokens, at: index, what: "a record id")
    guard currentNames.records.contains(id) else {
      throw unknownRecord(id, column: tokens[index].column)
    }
    return id
  }

  private func knownRequest(_ tokens: [SuiteToken], at index: Int) throws(SuiteSyntaxProblem)
    -> String
  {
    let name = try identifier(tokens, at: index, what: "a request name")
    guard currentNames.requests.contains(name) else {
      throw SuiteSyntaxProblem(
        column: tokens[index].column,
        message:
          "no request named '\(name)' earlier in this case; name one with 'tap <id> as \(name)', "
          + "'set <id> <value> as \(name)', 'sync <id> as \(name)', 'read <id> as \(name)', "
          + "'refresh as \(name)' or 'batch <id>,<id> as \(name)'")
    }
    return name
  }

  private func unknownRecord(_ id: String, column: Int) -> SuiteSyntaxProblem {
    let known = currentNames.recordOrder
    return SuiteSyntaxProblem(
      column: column,
      message: known.isEmpty
        ? "unknown record '\(id)'; list the records first with 'records \(id)=off'"
        : "unknown record '\(id)'; this case's records are \(known.joined(separator: ", "))")
  }

  // MARK: - Expectations

  private func parseExpectation(_ token: SuiteToken, family: ContractFamily)
    throws(SuiteSyntaxProblem) -> Expectation
  {
    let text = token.text
    let relation: Expectation.Relation
    let key: String
    let valueText: Substring
    if let bang = Self.notEqualSign(in: text) {
      relation = .notEqual
      key = String(text[..<bang])
      valueText = text[text.utf8.index(bang, offsetBy: 2)...]
    } else if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
      relation = .equal
      key = String(text[..<equals])
      valueText = text[text.index(after: equals)...]
    } else {
      throw SuiteSyntaxProblem(
        column: token.column,
        message: "expected 'key=value', 'key!=value' or 'key as name', found '\(text)'")
    }
    guard !key.isEmpty, !valueText.isEmpty else {
      throw SuiteSyntaxProblem(
        column: token.column,
        message: "expected 'key\(relation.rawValue)value', found '\(text)'")
    }
    let valueColumn = token.column + key.count + relation.rawValue.count
    let type = try valueType(of: key, family: family, column: token.column)
    if let captured = currentNames.captures[String(valueText)] {
      guard captured == type else {
        throw SuiteSyntaxProblem(
          column: valueColumn,
          message: "'\(valueText)' holds \(captured.noun), but '\(key)' is \(type.noun)")
      }
      return Expectation(
        key: key, relation: relation, operand: .capture(String(valueText)), column: token.column)
    }
    let value = try literal(valueText, of: type, key: key, column: valueColumn)
    return Expectation(key: key, relation: relation, operand: .literal(value), column: token.column)
  }

  /// Where the first `!=` of `text` starts.
  private static func notEqualSign(in text: String) -> String.Index? {
    let utf8 = text.utf8
    var index = utf8.startIndex
    while let bang = utf8[index...].firstIndex(of: UInt8(ascii: "!")) {
      let next = utf8.index(after: bang)
      if next < utf8.endIndex, utf8[next] == UInt8(ascii: "=") { return bang }
      index = next
    }
    return nil
  }

  /// Parses `key as name` starting at `index`: the key's observed value is kept under `name`.
  private mutating func parseCapture(
    _ tokens: [SuiteToken], at index: Int, family: ContractFamily
  ) throws(SuiteSyntaxProblem) -> Capture {
    let keyToken = tokens[index]
    let type = try valueType(of: keyToken.text, family: family, column: keyToken.column)
    let name = try newName(tokens, at: index + 2, what: "a capture name after 'as'")
    currentNames.captures[name] = type
    return Capture(key: keyToken.text, name: name, column: keyToken.column)
  }

  private func literal(
    _ text: Substring, of type: StateKeys.ValueType, key: String, column: Int
  ) throws(SuiteSyntaxProblem) -> StateValue {
    var captureHint: String {
      isIdentifier(text) && Int(text) == nil
        ? " (no capture named '\(text)' earlier in this case)" : ""
    }
    switch type {
    case .int:
      guard let number = Int(text) else {
        if key == "inspector", text == "mixed" {
          throw SuiteSyntaxProblem(
            column: column,
            message: "'inspector' holds the value the inspector shows; state a mixed display "
              + "with 'mixed=yes'")
        }
        throw SuiteSyntaxProblem(
          column: column,
          message: "expected a whole number for '\(key)', found '\(text)'\(captureHint)")
      }
      return .int(number)
    case .bool:
      guard let flag = booleanValue(text) else {
        throw SuiteSyntaxProblem(
          column: column, message: "expected yes or no for '\(key)', found '\(text)'\(captureHint)")
      }
      return .bool(flag)
    case .recordValue:
      guard let value = optimisticValue(text) else {
        throw SuiteSyntaxProblem(
          column: column,
          message: "expected a value such as on or off for '\(key)', found '\(text)'"
            + (valueHint(String(text)).hasPrefix("; did you mean") || captureHint.isEmpty
              ? valueHint(String(text)) : captureHint))
      }
      return StateValue(value)
    case .requestName:
      if currentNames.syncs.contains(String(text)) {
        throw SuiteSyntaxProblem(
          column: column,
          message: "'\(text)' is a sync; '\(key)' holds the write in flight (a request named by "
            + "'tap <id> as <name>' or 'batch <ids> as <name>') or 'none'")
      }
      guard
        text == "none" || currentNames.requests.contains(String(text))
          || currentNames.batches[String(text)] != nil
      else {
        throw SuiteSyntaxProblem(
          column: column,
          message: "expected 'none' or a request named earlier in this case, found '\(text)'")
      }
      return .text(String(text))
    case .recordList:
      if text == "none" { return .list([]) }
      return .list(try recordList(SuiteToken(text: String(text), column: column, isQuoted: false)))
    }
  }

  private func valueType(of key: String, family: ContractFamily, column: Int)
    throws(SuiteSyntaxProblem) -> StateKeys.ValueType
  {
    switch family {
    case .undoHistory:
      return try valueType(
        of: key, column: column, plain: StateKeys.undoHistory + StateKeys.selectionKeys,
        fields: StateKeys.itemFields, placeholder: "<item>", owners: currentNames.items,
        unknownOwner: unknownItem)
    case .optimisticUpdates:
      return try valueType(
        of: key, column: column, plain: StateKeys.listKeys, fields: StateKeys.recordFields,
        placeholder: "<id>", owners: currentNames.records, unknownOwner: unknownRecord)
    }
  }

  /// The type of `key`: one of the family's `plain` keys, or `OWNER.FIELD` for an owner (a
  /// record or an item) an earlier step named and one of its `fields`.
  private func valueType(
    of key: String, column: Int, plain: [(key: String, type: StateKeys.ValueType, meaning: String)],
    fields: [(key: String, type: StateKeys.ValueType, meaning: String)], placeholder: String,
    owners: Set<String>, unknownOwner: (String, Int) -> SuiteSyntaxProblem
  ) throws(SuiteSyntaxProblem) -> StateKeys.ValueType {
    if let known = plain.first(where: { $0.key == key }) { return known.type }
    let parts = key.split(separator: ".", maxSplits: 1)
    guard parts.count == 2 else {
      throw unknownKey(
        key, column: column,
        candidates: plain.map(\.key) + fields.map { "\(placeholder).\($0.key)" })
    }
    guard owners.contains(String(parts[0])) else {
      throw unknownOwner(String(parts[0]), column)
    }
    if let field = fields.first(where: { $0.key == parts[1] }) {
      return field.type
    }
    throw unknownKey(
      String(parts[1]), column: column + parts[0].count + 1, candidates: fields.map(\.key))
  }

  private func unknownKey(_ key: String, column: Int, candidates: [String]) -> SuiteSyntaxProblem {
    if let suggestion = suggest(key, in: candidates) {
      return SuiteSyntaxProblem(
        column: column, message: "unknown key '\(key)'; did you mean '\(suggestion)'?")
    }
    return SuiteSyntaxProblem(
      column: column,
      message: "unknown key '\(key)'; expected one of \(candidates.joined(separator: ", "))")
  }

  // MARK: - Words

  private func identifier(_ tokens: [SuiteToken], at index: Int, what: String)
    throws(SuiteSyntaxProblem) -> String
  {
    guard index < tokens.count else {
      throw SuiteSyntaxProblem(column: endColumn(tokens), message: "expected \(what)")
    }
    let token = tokens[index]
    guard !token.isQuoted, isIdentifier(Substring(token.text)) else {
      throw SuiteSyntaxProblem(
        column: token.column,
        message: "expected \(what) (letters, digits, '-' and '_'), found '\(token.text)'")
    }
    return token.text
  }

  /// The length after `wait`: `800ms`, `2s`, `window`, `window - 1ms` or `window + 1ms` — or,
  /// with `base` `timeout` (optimistic-update cases), `timeout`, `timeout - 1ms`, `timeout + 1ms`.
  private func waitLength(_ tokens: [SuiteToken], base: String = "window")
    throws(SuiteSyntaxProblem) -> WaitLength
  {
    let expected = "expected a length such as 800ms, 2s or \(base) after 'wait'"
    guard tokens.count > 1 else {
      throw SuiteSyntaxProblem(column: endColumn(tokens), message: expected)
    }
    let first = tokens[1]
    guard first.text == base else {
      guard let milliseconds = WaitLength.milliseconds(reading: Substring(first.text)) else {
        throw SuiteSyntaxProblem(
          column: first.column,
          message: "\(expected), found '\(first.text)'; lengths are whole milliseconds (ms) or "
            + "seconds (s), at most \(WaitLength.longest / 1000)s")
      }
      return .fixed(milliseconds: milliseconds)
    }
    guard tokens.count > 2 else { return base == "window" ? .window() : .timeout() }
    let sign = tokens[2]
    guard sign.text == "+" || sign.text == "-" else {
      throw SuiteSyntaxProblem(
        column: sign.column,
        message: "expected '+' or '-' after 'wait \(base)', found '\(sign.text)'"
          + (sign.text.count > 1 && (sign.text.hasPrefix("+") || sign.text.hasPrefix("-"))
            ? "; write the sign apart: 'wait \(base) \(sign.text.prefix(1)) \(sign.text.dropFirst())'"
            : ""))
    }
    guard tokens.count > 3,
      let milliseconds = WaitLength.milliseconds(reading: Substring(tokens[3].text))
    else {
      throw SuiteSyntaxProblem(
        column: tokens.count > 3 ? tokens[3].column : endColumn(tokens),
        message: "expected a length such as 1ms after 'wait \(base) \(sign.text)'")
    }
    let offset = sign.text == "-" ? -milliseconds : milliseconds
    return base == "window" ? .window(plus: offset) : .timeout(plus: offset)
  }

  private func integer(_ tokens: [SuiteToken], at index: Int, after context: String)
    throws(SuiteSyntaxProblem) -> Int
  {
    guard index < tokens.count else {
      throw SuiteSyntaxProblem(
        column: endColumn(tokens), message: "expected a whole number after '\(context)'")
    }
    guard let number = Int(tokens[index].text) else {
      throw SuiteSyntaxProblem(
        column: tokens[index].column,
        message: "expected a whole number after '\(context)', found '\(tokens[index].text)'")
    }
    return number
  }

  /// A record value at `index`: `on`, `off` or another value word.
  private func value(_ tokens: [SuiteToken], at index: Int, after context: String)
    throws(SuiteSyntaxProblem) -> OptimisticValue
  {
    guard index < tokens.count else {
      throw SuiteSyntaxProblem(
        column: endColumn(tokens), message: "expected a value such as on or off after '\(context)'")
    }
    let token = tokens[index]
    guard !token.isQuoted, let value = optimisticValue(Substring(token.text)) else {
      throw SuiteSyntaxProblem(
        column: token.column,
        message: "expected a value such as on or off after '\(context)', found '\(token.text)'"
          + valueHint(token.text))
    }
    return value
  }

  private func optionalTitle(_ tokens: [SuiteToken], at index: Int) throws(SuiteSyntaxProblem)
    -> String?
  {
    guard index < tokens.count, tokens[index].isQuoted else { return nil }
    return tokens[index].text
  }

  private func expectEnd(_ tokens: [SuiteToken], after count: Int) throws(SuiteSyntaxProblem) {
    if tokens.count > count {
      throw SuiteSyntaxProblem(
        column: tokens[count].column,
        message: "unexpected '\(tokens[count].text)'; expected '=>' or the end of the line")
    }
  }

  private func unknownWord(_ token: SuiteToken, expected: [String], what: String)
    -> SuiteSyntaxProblem
  {
    if let suggestion = suggest(token.text, in: expected) {
      return SuiteSyntaxProblem(
        column: token.column,
        message: "unknown \(what) '\(token.text)'; did you mean '\(suggestion)'?")
    }
    return SuiteSyntaxProblem(
      column: token.column,
      message:
        "unknown \(what) '\(token.text)'; expected one of \(expected.joined(separator: ", "))")
  }

  private func endColumn(_ tokens: [SuiteToken]) -> Int {
    guard let last = tokens.last else { return 1 }
    return last.column + last.text.count + (last.isQuoted ? 2 : 0) + 1
  }
}

/// Whether `text` is a non-empty run of letters, digits, `-` and `_`.
func isIdentifier(_ text: Substring) -> Bool {
  guard !text.isEmpty else { return false }
  var isASCII = true
  for byte in text.utf8 {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      continue
    case 0x80...:
      isASCII = false
    default:
      return false
    }
  }
  return isASCII || text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
}

/// The boolean a suite word spells: yes/no, on/off, true/false.
func booleanValue(_ text: Substring) -> Bool? {
  switch text {
  case "yes", "on", "true": true
  case "no", "off", "false": false
  default: nil
  }
}

/// The candidate within edit distance 2 of `word`, if there is one.
func suggest(_ word: String, in candidates: [String]) -> String? {
  Spelling.closest(to: word, in: candidates, maximumDistance: 2)
}
