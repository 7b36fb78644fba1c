import CLibXML2
import Foundation

/// Reads JUnit XML as a stream, one test case at a time, with memory that stays flat whatever the
/// file's size.
///
/// stategate reads the bytes itself and hands them to libxml2's streaming reader, so libxml2 never
/// opens the file (it would transparently decompress gzip). The reader never loads a DTD, never
/// substitutes entities and never touches the network; a document type declaration is refused
/// outright, as is compressed data. Hostile input gives an error with the path and line.
public enum JUnitReader {
  /// The most characters of a failure's text kept per test case.
  public static let textLimit = 65_536

  /// Streams the test cases of the JUnit file at `path` to `onCase`, in file order.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - onCase: Receives every test case.
  /// - Returns: What the suites declare about themselves.
  /// - Throws: ``JUnitReadError`` naming the path and line.
  @discardableResult
  public static func read(path: String, onCase: (JUnitCaseRecord) -> Void) throws(JUnitReadError)
    -> Summary
  {
    let source = try FileSource(path: path)
    defer { source.close() }
    let context = Unmanaged.passUnretained(source).toOpaque()
    let options = Int32(
      bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue
        | XML_PARSE_NOBLANKS.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    guard let reader = xmlReaderForIO(readChunk, nil, context, path, nil, options) else {
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
    guard walker.suitesSeen > 0 else {
      throw JUnitReadError(
        path: path, line: 0, message: "not a JUnit report: no <testsuite> element")
    }
    return Summary(suites: walker.suitesSeen, declaredFailures: walker.declaredFailures)
  }

  /// What a file's suites say about themselves, to compare with what they list.
  public struct Summary: Equatable, Sendable {
    /// The number of `<testsuite>` elements.
    public var suites: Int
    /// The sum of the suites' `failures` and `errors` attributes.
    public var declaredFailures: Int
  }
}

/// The reader's state between nodes.
private struct Walker {
  let path: String
  var suites: [String] = []
  var suitesSeen = 0
  var declaredFailures = 0
  var sawRoot = false
  var current: JUnitCaseRecord?
  var collectingText = false
  var text = ""
  var openElements = 0

  /// Whether the reader is inside an element that has not closed yet.
  var isInsideElement: Bool { openElements > 0 }

  init(path: String) {
    self.path = path
  }

  mutating func visit(_ reader: xmlTextReaderPtr, onCase: (JUnitCaseRecord) -> Void)
    throws(JUnitReadError)
  {
    let type = xmlTextReaderNodeType(reader)
    var line: Int { Int(xmlTextReaderGetParserLineNumber(reader)) }
    switch type {
    case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
      throw JUnitReadError(
        path: path, line: line, message: "document type declarations (DTDs) are not accepted")
    case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
      throw JUnitReadError(path: path, line: line, message: "entity references are not accepted")
    case Int32(XML_READER_TYPE_ELEMENT.rawValue):
      if xmlTextReaderIsEmptyElement(reader) != 1 {
        openElements += 1
      }
      try startElement(reader, line: line, onCase: onCase)
    case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
      openElements -= 1
      endElement(reader, onCase: onCase)
    case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
      Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
      if collectingText, text.count < JUnitReader.textLimit,
        let value = xmlTextReaderConstValue(reader)
      {
        text += String(cString: value)
        if text.count > JUnitReader.textLimit {
          text = String(text.prefix(JUnitReader.textLimit)) + " [truncated]"
        }
      }
    default:
      break
    }
  }

  private mutating func startElement(
    _ reader: xmlTextReaderPtr, line: @autoclosure () -> Int, onCase: (JUnitCaseRecord) -> Void
  ) throws(JUnitReadError) {
    let element = Element(xmlTextReaderConstLocalName(reader))
    if element == .other && sawRoot {
      return
    }
    let name = localName(reader)
    let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
    if !sawRoot {
      sawRoot = true
      guard name == "testsuites" || name == "testsuite" else {
        throw JUnitReadError(
          path: path, line: line(),
          message:
            "not a JUnit report: the root element is <\(name)>, not <testsuites> or <testsuite>")
      }
    }
    switch name {
    case "testsuite":
      suitesSeen += 1
      declaredFailures +=
        (attribute(reader, "failures").flatMap { Int($0) } ?? 0)
        + (attribute(reader, "errors").flatMap { Int($0) } ?? 0)
      if !isEmpty {
        suites.append(attribute(reader, "name") ?? "")
      }
    case "testcase":
      current = JUnitCaseRecord(
        suite: suites.last ?? "", className: attribute(reader, "classname") ?? "",
        name: attribute(reader, "name") ?? "",
        timeSeconds: attribute(reader, "time").flatMap(Double.init),
        outcome: .passed, line: line())
      if isEmpty {
        finishCase(onCase)
      }
    case "failure", "error", "skipped", "flakyFailure", "flakyError", "rerunFailure", "rerunError":
      guard current != nil else { return }
      record(name, reader)
      if !isEmpty && (name == "failure" || name == "error") && current?.text == nil {
        collectingText = true
        text = ""
      }
    default:
      break
    }
  }

  private mutating func record(_ name: String, _ reader: xmlTextReaderPtr) {
    guard var record = current else { return }
    switch name {
    case "flakyFailure", "flakyError":
      record.isFlaky = true
    case "rerunFailure", "rerunError":
      break
    default:
      let outcome: JUnitCaseRecord.Outcome =
        name == "failure" ? .failed : name == "error" ? .error : .skipped
      let rank: [JUnitCaseRecord.Outcome: Int] = [.passed: 0, .skipped: 1, .error: 2, .failed: 3]
      if rank[outcome, default: 0] > rank[record.outcome, default: 0] {
        record.outcome = outcome
        record.type = attribute(reader, "type")
        record.message = attribute(reader, "message").map {
          String($0.prefix(JUnitReader.textLimit))
        }
      }
    }
    current = record
  }

  private mutating func endElement(_ reader: xmlTextReaderPtr, onCase: (JUnitCaseRecord) -> Void) {
    let element = Element(xmlTextReaderConstLocalName(reader))
    guard element != .other else { return }
    switch localName(reader) {
    case "testsuite":
      _ = suites.popLast()
    case "testcase":
      finishCase(onCase)
    case "failure", "error":
      if collectingText {
        collectingText = false
        current?.text = text
      }
    default:
      break
    }
  }

  private mutating func finishCase(_ onCase: (JUnitCaseRecord) -> Void) {
    if let record = current {
      onCase(record)
    }
    current = nil
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
}

/// Whether an element's name is one the reader acts on, decided on the C string without making a
/// Swift string for every element of a large file.
private enum Element: Equatable {
  case relevant
  case other

  private static let names: [[UInt8]] = [
    "testsuites", "testsuite", "testcase", "failure", "error", "skipped", "flakyFailure",
    "flakyError", "rerunFailure", "rerunError",
  ].map { Array($0.utf8) + [0] }

  init(_ name: UnsafePointer<xmlChar>?) {
    guard let name else {
      self = .other
      return
    }
    let isRelevant = Self.names.contains { candidate in
      candidate.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return false }
        return strcmp(
          UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self),
          UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)) == 0
      }
    }
    self = isRelevant ? .relevant : .other
  }
}

/// The bytes of a file as stategate reads them, handed to libxml2 in chunks.
private final class FileSource {
  let path: String
  private var descriptor: Int32
  /// Whether every byte has been handed to libxml2.
  private(set) var reachedEnd = false

  /// Opens the file and refuses compressed data by its magic bytes.
  init(path: String) throws(JUnitReadError) {
    self.path = path
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let missing = errno == ENOENT
      throw JUnitReadError(
        kind: missing ? .missing : .unreadable, path: path, line: 0,
        message: missing ? "no such file" : String(cString: strerror(errno)))
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      close()
      throw JUnitReadError(path: path, line: 0, message: "is a directory, not a JUnit file")
    }
    var magic = [UInt8](repeating: 0, count: 6)
    let count = magic.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 6, 0) }
    guard count > 0 else {
      close()
      throw JUnitReadError(path: path, line: 0, message: "the file is empty")
    }
    if let format = Self.compression(Array(magic.prefix(count))) {
      close()
      throw JUnitReadError(
        path: path, line: 0, message: "\(format)-compressed data, not XML; decompress it first")
    }
    var head = [UInt8](repeating: 0, count: 512)
    let headCount = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 512, 0) }
    let significant = head.prefix(max(0, headCount)).drop { byte in
      [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(byte)
    }
    if let first = significant.first, first != UInt8(ascii: "<") {
      close()
      throw JUnitReadError(
        path: path, line: 1, message: "not XML: the file does not start with '<'")
    }
  }

  /// The compression format `magic` starts, if any.
  private static func compression(_ magic: [UInt8]) -> String? {
    if magic.starts(with: [0x1F, 0x8B]) { return "gzip" }
    if magic.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return "xz" }
    if magic.starts(with: [0x42, 0x5A, 0x68]) { return "bzip2" }
    if magic.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) { return "zstd" }
    if magic.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "zip" }
    return nil
  }

  func readChunk(into buffer: UnsafeMutablePointer<CChar>, count: Int32) -> Int32 {
    while true {
      let result = Foundation.read(descriptor, buffer, Int(count))
      if result < 0 && errno == EINTR { continue }
      if result == 0 { reachedEnd = true }
      return Int32(result)
    }
  }

  func close() {
    if descriptor >= 0 {
      Foundation.close(descriptor)
      descriptor = -1
    }
  }
}

/// libxml2's read callback: the next chunk of the ``FileSource``.
private func readChunk(
  _ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ count: Int32
) -> Int32 {
  guard let context, let buffer else { return -1 }
  return Unmanaged<FileSource>.fromOpaque(context).takeUnretainedValue().readChunk(
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
