import CLibXML2
import Foundation

/// Reads JUnit XML as a stream, one test case at a time, with memory that stays flat whatever the
/// file's size.
///
/// stategate reads the bytes itself and hands them to libxml2's streaming reader, so libxml2 never
/// opens the file (it would transparently decompress gzip). The reader never loads a DTD, never
/// substitutes entities and never touches the network; a document type declaration is refused
/// outright, as is compressed data. Hostile input gives an error with the path and line.
///
/// What the file says about itself is checked against what it lists: a suite that declares more
/// test cases, failures or errors than it holds, a count (`tests`, `failures`, `errors`,
/// `skipped`) that is not a whole number, a `<testcase>` inside another one, or a character XML
/// forbids outside `<system-out>`/`<system-err>` is reported in ``Summary/problems``. A test
/// case without a name (absent or empty) is a problem in every file: nothing tells it from
/// another. In stategate's own files (a suite names stategate as its `tool`), which never hold
/// reruns, a test case listed twice is a problem too. In other files a test case repeated right
/// after itself is a rerun (pytest-rerunfailures writes one `<testcase>` per attempt; the last one
/// decides), and one listed again later in its suite with another outcome contradicts itself: a
/// problem (the first ``repeatCheckLimit`` cases of a suite are checked). A `<failure>` or
/// `<error>` outside any test case is a failure of its suite, never lost.
package enum JUnitReader {
  /// The most bytes of a failure's text (and of its message) kept per test case: half from its
  /// start, half from its end.
  package static let textLimit = 65_536
  /// The most problems listed per file; the rest are counted in one last problem, so a damaged
  /// file of a million suites costs neither quadratic time nor memory.
  package static let problemLimit = 100
  /// The most test cases of one suite whose outcomes are kept to find one listed again later
  /// with another outcome; memory stays bounded on a suite of millions.
  package static let repeatCheckLimit = 100_000
  /// The name given to a failure or error found outside any `<testcase>`.
  package static let suiteLevelName = "(outside any test case)"

  /// How far the reading of one file has come.
  package struct Progress: Equatable, Sendable {
    /// The file being read.
    package var path: String
    /// The bytes read so far.
    package var bytesRead: Int
    /// The file's size in bytes.
    package var totalBytes: Int
  }

  /// Runs `body` with `progress` receiving the progress of every file read on this thread, once
  /// per chunk (64 kB): a progress line on a terminal wraps a triage of large files in it.
  ///
  /// - Note: A thread-local value, not a `TaskLocal`: binding a task-local outside any task traps
  ///   in a binary linked with the static Swift runtime (Swift 6.3, Linux).
  package static func withProgress<Result>(
    _ progress: (@Sendable (Progress) -> Void)?, _ body: () throws -> Result
  ) rethrows -> Result {
    let dictionary = Thread.current.threadDictionary
    let previous = dictionary[progressKey]
    dictionary[progressKey] = progress.map(ProgressReceiver.init)
    defer { dictionary[progressKey] = previous }
    return try body()
  }

  /// What receives this thread's reading progress, if anything.
  static var progress: (@Sendable (Progress) -> Void)? {
    (Thread.current.threadDictionary[progressKey] as? ProgressReceiver)?.receive
  }

  private static let progressKey = "stategate.JUnitReader.progress"

  /// A progress closure boxed for a thread dictionary.
  private final class ProgressReceiver: NSObject, Sendable {
    let receive: @Sendable (Progress) -> Void

    init(_ receive: @escaping @Sendable (Progress) -> Void) {
      self.receive = receive
    }
  }

  /// Streams the test cases of the JUnit file at `path` to `onCase`, in file order.
  ///
  /// Cases read before a fatal problem have already been handed to `onCase` when the error is
  /// thrown.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - onCase: Receives every test case.
  /// - Returns: What the suites declare about themselves, and what did not add up.
  /// - Throws: ``JUnitReadError`` naming the path and line.
  @discardableResult
  package static func read(path: String, onCase: (consuming JUnitCaseRecord) -> Void)
    throws(JUnitReadError)
    -> Summary
  {
    let source = try JUnitByteSource(path: path)
    defer { source.close() }
    let context = Unmanaged.passUnretained(source).toOpaque()
    var flags =
      XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOBLANKS.rawValue
      | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
    if source.encoding != .utf8 {
      flags |= XML_PARSE_IGNORE_ENC.rawValue
    }
    let options = Int32(bitPattern: flags)
    let encoding = source.encoding == .utf8 ? nil : "UTF-8"
    guard let reader = xmlReaderForIO(readChunk, nil, context, path, encoding, options) else {
      throw JUnitReadError(path: path, line: 0, message: "libxml2 could not start reading")
    }
    defer { xmlFreeTextReader(reader) }
    let sink = ReaderErrors()
    xmlTextReaderSetStructuredErrorHandler(
      reader, collectReaderProblem, Unmanaged.passUnretained(sink).toOpaque())
    var walker = Walker(path: path)
    while true {
      let status = xmlTextReaderRead(reader)
      if status == 0 { break }
      guard status == 1 else {
        let line = Int(xmlTextReaderGetParserLineNumber(reader))
        let message = sink.message ?? "not well-formed XML"
        throw JUnitReadError(
          path: path, line: sink.line ?? line,
          message: source.reachedEnd && walker.isInsideElement
            ? "truncated: the file ends before its elements close (\(message))" : message)
      }
      try walker.visit(reader, onCase: onCase)
    }
    if let message = sink.message {
      throw JUnitReadError(path: path, line: sink.line ?? 0, message: message)
    }
    guard walker.suitesSeen > 0 || walker.rootDeclared != nil else {
      throw JUnitReadError(
        path: path, line: 0, message: "not a JUnit report: no <testsuite> element")
    }
    var summary = walker.summary
    if source.otherReplacements > 0 {
      summary.problems.append(
        JUnitReadError(
          path: path, line: source.firstOtherReplacementLine ?? 0,
          message: "\(source.otherReplacements) character(s) XML forbids (control characters) "
            + "outside <system-out>/<system-err> were replaced by U+FFFD"))
    }
    summary.replacedInSystemText = source.systemTextReplacements
    return summary
  }

  /// What a file's suites say about themselves, to compare with what they list.
  package struct Summary: Equatable, Sendable {
    /// The number of `<testsuite>` elements.
    package var suites: Int
    /// The sum of the suites' `failures` and `errors` attributes.
    package var declaredFailures: Int
    /// What did not add up or could not be read exactly, each naming the path and line.
    ///
    /// The cases were still read. At most ``JUnitReader/problemLimit`` are listed, then one that
    /// counts the rest.
    package var problems: [JUnitReadError] = []
    /// Forbidden characters replaced inside `<system-out>`/`<system-err>` (text stategate does
    /// not read).
    package var replacedInSystemText = 0
    /// The `runId` properties of stategate's own suites.
    package var runIDs: Set<String> = []
  }
}

/// One `<testsuite>` (or the `<testsuites>` root) being read: what it declares and what it holds.
private struct SuiteFrame {
  var name: String
  var line: Int
  var isRoot: Bool
  var declaredTests: Int?
  var declaredFailures: Int?
  var readCases = 0
  var readFailures = 0
  var subject: String?
  var package: String?
  var runID: String?
  var tool: String?
}

/// The reader's state between nodes.
private struct Walker {
  let path: String
  var frames: [SuiteFrame] = []
  var suitesSeen = 0
  var declaredFailures = 0
  var rootDeclared: SuiteFrame?
  var sawRoot = false
  var current: JUnitCaseRecord?
  /// Test cases opened inside another test case, outermost first.
  var enclosing: [JUnitCaseRecord] = []
  var currentIsSuiteLevel = false
  var collectingText = false
  var text = Self.emptyText
  var openElements = 0
  var problems: [JUnitReadError] = []
  /// Problems found beyond ``JUnitReader/problemLimit``: counted, not kept.
  var problemsNotListed = 0
  var runIDs: Set<String> = []
  /// Whether a suite of this file named stategate as its tool: the default dialect writes each
  /// property once per file, so later suites carry the subject only as `package`.
  var isStategateFile = false
  /// The identities of the test cases of a stategate file read so far: stategate writes each
  /// case once, so a second one contradicts the first (there are no reruns to collapse).
  var ownCases: Set<String> = []
  /// The last class name read, shared by the next test case that has the same.
  var lastClassName = ""
  /// The last named test case of a file in another dialect (class and name), the outcome of its
  /// last attempt so far and the line of that attempt: attempts repeat right after each other.
  var lastCase: (key: String, shown: String, outcome: JUnitCaseRecord.Outcome, line: Int)?
  /// The named test cases of the current suite read before ``lastCase``, by class and name, with
  /// the outcome of their last attempt and its line (at most ``JUnitReader/repeatCheckLimit``).
  var suiteCases: [String: (outcome: JUnitCaseRecord.Outcome, line: Int)] = [:]

  /// Whether the reader is inside an element that has not closed yet.
  var isInsideElement: Bool { openElements > 0 }

  init(path: String) {
    self.path = path
  }

  static var emptyText: BoundedText {
    BoundedText(headLimit: JUnitReader.textLimit / 2, tailLimit: JUnitReader.textLimit / 2)
  }

  var summary: JUnitReader.Summary {
    var listed = problems
    if problemsNotListed > 0 {
      listed.append(
        JUnitReadError(
          path: path, line: 0,
          message: "\(problemsNotListed) more problems were found and are not listed (the first "
            + "\(JUnitReader.problemLimit) are)"))
    }
    return JUnitReader.Summary(
      suites: suitesSeen, declaredFailures: declaredFailures, problems: listed, runIDs: runIDs)
  }

  /// Keeps `problem` while fewer than ``JUnitReader/problemLimit`` are kept, else counts it.
  mutating func report(_ problem: JUnitReadError) {
    if problems.count < JUnitReader.problemLimit {
      problems.append(problem)
    } else {
      problemsNotListed += 1
    }
  }

  mutating func visit(_ reader: xmlTextReaderPtr, onCase: (consuming JUnitCaseRecord) -> Void)
    throws(JUnitReadError)
  {
    let type = xmlTextReaderNodeType(reader)
    // The line of the node itself: the parser's own line runs ahead of the node it hands over.
    // libxml2 keeps an element's line in 16 bits (65,535 means "or later"); past that, the
    // parser's line is the better guess.
    var line: Int {
      let node = xmlTextReaderCurrentNode(reader).map { Int(xmlGetLineNo($0)) } ?? 0
      return node > 0 && node < 65_535 ? node : Int(xmlTextReaderGetParserLineNumber(reader))
    }
    switch type {
    case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
      throw JUnitReadError(
        path: path, line: line, message: "document type declarations (DTDs) are not accepted")
    case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
      throw JUnitReadError(path: path, line: line, message: "entity references are not accepted")
    case Int32(XML_READER_TYPE_ELEMENT.rawValue):
      let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
      if !isEmpty {
        openElements += 1
      }
      try startElement(reader, line: line, isEmpty: isEmpty, onCase: onCase)
    case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
      openElements -= 1
      endElement(reader, onCase: onCase)
    case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
      Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
      if collectingText, let value = xmlTextReaderConstValue(reader) {
        text.append(UnsafeBufferPointer(start: value, count: strlen(value)))
      }
    default:
      break
    }
  }

  private mutating func startElement(
    _ reader: xmlTextReaderPtr, line: @autoclosure () -> Int, isEmpty: Bool,
    onCase: (consuming JUnitCaseRecord) -> Void
  ) throws(JUnitReadError) {
    let element = Element(xmlTextReaderConstLocalName(reader))
    if element == .other && sawRoot {
      return
    }
    if !sawRoot {
      sawRoot = true
      guard element == .testsuites || element == .testsuite else {
        throw JUnitReadError(
          path: path, line: line(),
          message: "not a JUnit report: the root element is <\(localName(reader))>, not "
            + "<testsuites> or <testsuite>")
      }
      if element == .testsuites {
        var root = SuiteFrame(name: "", line: line(), isRoot: true)
        root.declaredTests = declared(reader, "tests", line: line())
        root.declaredFailures = declaredSum(reader, line: line())
        _ = declared(reader, "skipped", line: line())
        rootDeclared = root
        frames.append(root)
        if isEmpty { endSuite() }
        return
      }
    }
    switch element {
    case .testsuite:
      suitesSeen += 1
      var frame = SuiteFrame(name: attribute(reader, "name") ?? "", line: line(), isRoot: false)
      frame.package = attribute(reader, "package")
      frame.declaredTests = declared(reader, "tests", line: line())
      frame.declaredFailures = declaredSum(reader, line: line())
      _ = declared(reader, "skipped", line: line())
      declaredFailures += frame.declaredFailures ?? 0
      closeSuiteCases()
      frames.append(frame)
      if isEmpty { endSuite() }
    case .property:
      guard current == nil, !frames.isEmpty, let key = attribute(reader, "name") else { return }
      let value = attribute(reader, "value")
      switch key {
      case "subject": frames[frames.count - 1].subject = value
      case "runId": frames[frames.count - 1].runID = value
      case "tool":
        frames[frames.count - 1].tool = value
        if value?.hasPrefix("stategate") == true { isStategateFile = true }
      default: break
      }
    case .testcase:
      if let outer = current {
        if currentIsSuiteLevel {
          finishCase(onCase)
        } else {
          enclosing.append(outer)
          report(
            JUnitReadError(
              path: path, line: line(),
              message: "a <testcase> inside the <testcase> of line \(outer.line)"))
        }
      }
      var className = ""
      var name = ""
      var time: String?
      forEachAttribute(reader) { attribute, value in
        switch attribute[0] {
        case UInt8(ascii: "c") where Self.equals(attribute, "classname"):
          className = Self.string(value, reusing: &lastClassName)
        case UInt8(ascii: "n") where Self.equals(attribute, "name"):
          name = Self.string(value)
        case UInt8(ascii: "t") where Self.equals(attribute, "time"):
          time = Self.string(value)
        default:
          break
        }
      }
      let frame = frames.count - 1
      current = JUnitCaseRecord(
        suite: frame >= 0 ? frames[frame].name : "", className: className, name: name, time: time,
        outcome: .passed, line: line())
      if frame >= 0 && isStategateFile {
        current?.subject = frames[frame].subject ?? frames[frame].package
      }
      // stategate names a case `CASE [SUBJECT]` so that every (suite, subject, case) is unique;
      // the identity keeps the case id and the subject apart, as older files wrote them.
      if let subject = current?.subject, let name = current?.name,
        name.hasSuffix(" [\(subject)]")
      {
        current?.name = String(name.dropLast(subject.count + 3))
      }
      currentIsSuiteLevel = false
      countCase()
      if isStategateFile, let record = current {
        checkOwnCase(record)
      } else if name.isEmpty {
        report(
          JUnitReadError(
            path: path, line: line(),
            message: "a <testcase> of class '\(className)' without a name (absent or empty): "
              + "nothing tells its result from another case's"))
      }
      if isEmpty {
        finishCase(onCase)
      }
    case .failure, .error, .skipped, .flakyFailure, .flakyError, .rerunFailure, .rerunError:
      let isFailure = element == .failure || element == .error
      if current == nil {
        guard isFailure else { return }
        let suite = frames.last?.name ?? ""
        current = JUnitCaseRecord(
          suite: suite, className: suite, name: JUnitReader.suiteLevelName, outcome: .passed,
          line: line())
        currentIsSuiteLevel = true
      }
      if isFailure {
        countFailure()
      }
      record(element, reader)
      if !isEmpty && isFailure && current?.text == nil {
        collectingText = true
        text.removeAll()
      } else if isEmpty && currentIsSuiteLevel {
        finishCase(onCase)
      }
    case .testsuites, .other:
      break
    }
  }

  /// Follows the named test cases of a file in another dialect: a case repeated right after
  /// itself is another attempt of it (the last one decides); one listed again later in its suite
  /// with another outcome than its last attempt had is a problem.
  private mutating func followCase(_ record: JUnitCaseRecord) {
    guard !isStategateFile, !record.name.isEmpty, !record.isSuiteLevel else { return }
    let key = record.className + "\u{0}" + record.name
    if lastCase?.key == key {
      lastCase?.outcome = record.outcome
      lastCase?.line = record.line
      return
    }
    commitLastCase()
    lastCase = (key, "'\(record.className)/\(record.name)'", record.outcome, record.line)
  }

  /// Files ``lastCase`` among the suite's cases, reporting it when it contradicts an earlier one.
  private mutating func commitLastCase() {
    guard let last = lastCase.take() else { return }
    if let earlier = suiteCases[last.key] {
      if earlier.outcome != last.outcome {
        report(
          JUnitReadError(
            path: path, line: last.line,
            message: "the case \(last.shown) is listed again, \(last.outcome.rawValue) here and "
              + "\(earlier.outcome.rawValue) at line \(earlier.line), not right after itself as "
              + "a rerun's attempts are: the file contradicts itself"))
      }
      suiteCases[last.key] = (last.outcome, last.line)
    } else if suiteCases.count < JUnitReader.repeatCheckLimit {
      suiteCases[last.key] = (last.outcome, last.line)
    }
  }

  /// Ends the following of the current suite's cases (a suite starts or ends).
  private mutating func closeSuiteCases() {
    commitLastCase()
    suiteCases.removeAll(keepingCapacity: true)
  }

  /// Reports a case of stategate's own file that has no name or repeats one already read.
  private mutating func checkOwnCase(_ record: JUnitCaseRecord) {
    let shown = "'\(record.className)/\(record.name)'" + (record.subject.map { " on \($0)" } ?? "")
    if record.name.isEmpty {
      report(
        JUnitReadError(
          path: path, line: record.line,
          message: "a <testcase> of \(shown) without a name: stategate names every case"))
      return
    }
    let identity = [record.suite, record.className, record.name, record.subject ?? ""]
      .joined(separator: "\u{0}")
    if !ownCases.insert(identity).inserted {
      report(
        JUnitReadError(
          path: path, line: record.line,
          message: "the case \(shown) is listed twice: stategate writes each case once (no "
            + "reruns), so the file contradicts itself"))
    }
  }

  /// The whole number an attribute declares; a value that is not one is a problem.
  private mutating func declared(_ reader: xmlTextReaderPtr, _ name: String, line: Int) -> Int? {
    guard let text = attribute(reader, name) else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let value = Int(trimmed), value >= 0 { return value }
    report(
      JUnitReadError(
        path: path, line: line, message: "\(name)='\(text)' is not a whole number of test cases"))
    return nil
  }

  /// The declared failures plus errors, when either is declared.
  private mutating func declaredSum(_ reader: xmlTextReaderPtr, line: Int) -> Int? {
    let failures = declared(reader, "failures", line: line)
    let errors = declared(reader, "errors", line: line)
    if failures == nil && errors == nil { return nil }
    return (failures ?? 0) + (errors ?? 0)
  }

  private mutating func countCase() {
    if !frames.isEmpty { frames[frames.count - 1].readCases += 1 }
  }

  private mutating func countFailure() {
    if !frames.isEmpty { frames[frames.count - 1].readFailures += 1 }
  }

  /// Closes the innermost suite: checks what it declared and adds what it held to its parent.
  private mutating func endSuite() {
    closeSuiteCases()
    guard let frame = frames.popLast() else { return }
    let what = frame.isRoot ? "<testsuites>" : "suite '\(frame.name)'"
    if let tests = frame.declaredTests, tests > frame.readCases {
      report(
        JUnitReadError(
          path: path, line: frame.line,
          message: "\(what) declares \(tests) test cases but lists \(frame.readCases); "
            + "cases were lost"))
    }
    if let failures = frame.declaredFailures, failures > frame.readFailures {
      report(
        JUnitReadError(
          path: path, line: frame.line,
          message: "\(what) declares \(failures) failures and errors but lists "
            + "\(frame.readFailures); failures were lost"))
    }
    if let runID = frame.runID, isStategateFile {
      runIDs.insert(runID)
    }
    if !frames.isEmpty {
      frames[frames.count - 1].readCases += frame.readCases
      frames[frames.count - 1].readFailures += frame.readFailures
    }
  }

  private mutating func record(_ element: Element, _ reader: xmlTextReaderPtr) {
    guard var record = current else { return }
    switch element {
    case .flakyFailure, .flakyError:
      record.isFlaky = true
    case .rerunFailure, .rerunError:
      break
    default:
      let outcome: JUnitCaseRecord.Outcome =
        element == .failure ? .failed : element == .error ? .error : .skipped
      let rank: [JUnitCaseRecord.Outcome: Int] = [.passed: 0, .skipped: 1, .error: 2, .failed: 3]
      if rank[outcome, default: 0] > rank[record.outcome, default: 0] {
        record.outcome = outcome
        record.type = attribute(reader, "type")
        record.message = attribute(reader, "message").map { message in
          var bounded = Self.emptyText
          bounded.append(message)
          record.omittedBytes = bounded.omittedBytes
          return bounded.omittedBytes == 0 ? message : bounded.text
        }
      }
    }
    current = record
  }

  private mutating func endElement(
    _ reader: xmlTextReaderPtr, onCase: (consuming JUnitCaseRecord) -> Void
  ) {
    switch Element(xmlTextReaderConstLocalName(reader)) {
    case .testsuite, .testsuites:
      if currentIsSuiteLevel { finishCase(onCase) }
      endSuite()
    case .testcase:
      finishCase(onCase)
    case .failure, .error:
      if collectingText {
        collectingText = false
        current?.text = text.text
        current?.omittedBytes += text.omittedBytes
        text.removeAll()
      }
      if currentIsSuiteLevel {
        finishCase(onCase)
      }
    default:
      break
    }
  }

  private mutating func finishCase(_ onCase: (consuming JUnitCaseRecord) -> Void) {
    if let record = current.take() {
      followCase(record)
      onCase(record)
    }
    current = enclosing.popLast()
    currentIsSuiteLevel = false
    collectingText = false
  }

  private func localName(_ reader: xmlTextReaderPtr) -> String {
    xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
  }

  private func attribute(_ reader: xmlTextReaderPtr, _ name: String) -> String? {
    guard let value = xmlTextReaderGetAttribute(reader, name) else { return nil }
    defer { stategate_xml_free(value) }
    return String(cString: value)
  }

  /// Calls `body` with the qualified name and the value of each attribute of the current element
  /// (what ``attribute(_:_:)`` finds by name, without copying every value).
  private func forEachAttribute(
    _ reader: xmlTextReaderPtr,
    _ body: (UnsafePointer<xmlChar>, UnsafePointer<xmlChar>) -> Void
  ) {
    guard xmlTextReaderMoveToFirstAttribute(reader) == 1 else { return }
    repeat {
      if let name = xmlTextReaderConstName(reader), let value = xmlTextReaderConstValue(reader) {
        body(name, value)
      }
    } while xmlTextReaderMoveToNextAttribute(reader) == 1
    xmlTextReaderMoveToElement(reader)
  }

  /// Whether the C string `name` is `literal`.
  fileprivate static func equals(_ name: UnsafePointer<xmlChar>, _ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    // strncmp stops at the end of a shorter name, so `name[count]` is read only when it exists.
    return literal.utf8Start.withMemoryRebound(to: CChar.self, capacity: count) { expected in
      name.withMemoryRebound(to: CChar.self, capacity: count) { strncmp($0, expected, count) }
    } == 0 && name[count] == 0
  }

  /// The C string `value` as a Swift string.
  private static func string(_ value: UnsafePointer<xmlChar>) -> String {
    String(decoding: UnsafeBufferPointer(start: value, count: strlen(value)), as: UTF8.self)
  }

  /// The C string `value` as a Swift string: `cached` when it holds the same text (a suite's test
  /// cases share their class name), else a new one that replaces it.
  private static func string(_ value: UnsafePointer<xmlChar>, reusing cached: inout String)
    -> String
  {
    let count = strlen(value)
    let isSame =
      cached.utf8.withContiguousStorageIfAvailable { bytes in
        bytes.count == count && bytes.baseAddress.map { memcmp($0, value, count) == 0 } == true
      } ?? false
    if !isSame {
      cached = String(decoding: UnsafeBufferPointer(start: value, count: count), as: UTF8.self)
    }
    return cached
  }
}

/// The elements the reader acts on, recognised on the C string without making a Swift string
/// for every element of a large file.
private enum Element: Equatable {
  case testsuites, testsuite, testcase, failure, error, skipped, flakyFailure, flakyError,
    rerunFailure, rerunError, property, other

  init(_ name: UnsafePointer<xmlChar>?) {
    guard let name else {
      self = .other
      return
    }
    let element: Element? =
      switch name[0] {
      case UInt8(ascii: "t"):
        Walker.equals(name, "testcase")
          ? .testcase
          : Walker.equals(name, "testsuite")
            ? .testsuite : Walker.equals(name, "testsuites") ? .testsuites : nil
      case UInt8(ascii: "f"):
        Walker.equals(name, "failure")
          ? .failure
          : Walker.equals(name, "flakyFailure")
            ? .flakyFailure : Walker.equals(name, "flakyError") ? .flakyError : nil
      case UInt8(ascii: "e"): Walker.equals(name, "error") ? .error : nil
      case UInt8(ascii: "s"): Walker.equals(name, "skipped") ? .skipped : nil
      case UInt8(ascii: "r"):
        Walker.equals(name, "rerunFailure")
          ? .rerunFailure : Walker.equals(name, "rerunError") ? .rerunError : nil
      case UInt8(ascii: "p"): Walker.equals(name, "property") ? .property : nil
      default: nil
      }
    self = element ?? .other
  }
}

/// libxml2's read callback: the next chunk of the ``JUnitByteSource``.
private func readChunk(
  _ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ count: Int32
) -> Int32 {
  guard let context, let buffer else { return -1 }
  return Unmanaged<JUnitByteSource>.fromOpaque(context).takeUnretainedValue().readChunk(
    into: buffer, count: count)
}

/// The first problem libxml2 reported for a reader.
private final class ReaderErrors {
  var line: Int?
  var message: String?
}

private func collectReaderProblem(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
  guard let context, let error else { return }
  let sink = Unmanaged<ReaderErrors>.fromOpaque(context).takeUnretainedValue()
  guard sink.message == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
  sink.line = error.pointee.line > 0 ? Int(error.pointee.line) : nil
  var message = error.pointee.message.map { String(cString: $0) } ?? "XML error"
  message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
  for hint in [" use XML_PARSE_HUGE option", ", use XML_PARSE_HUGE option", " try XML_PARSE_HUGE"] {
    if let range = message.range(of: hint) {
      message.removeSubrange(range.lowerBound...)
    }
  }
  sink.message = message
}
