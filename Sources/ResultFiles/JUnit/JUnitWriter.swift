import CLibXML2

/// Writes a ``JUnitReport`` as XML through libxml2's `xmlTextWriter`.
///
/// This is the only code in stategate that writes XML. Every string is sanitised with
/// ``XMLText`` first.
///
/// The strict dialect is the subset both the Jenkins and the Ant schemas accept: `<testsuites>`
/// without attributes; each `<testsuite>` with `name`, `tests`, `failures`, `errors`, `skipped`,
/// `time`, `timestamp`, `hostname`, `id` and `package`, then `<properties>`, the `<testcase>`s,
/// `<system-out>` and `<system-err>`. The standard dialect adds `file` and `line` to each
/// `<testcase>` and a `<system-out>` with attachments to each failing one.
package enum JUnitWriter {
  /// Returns the report as UTF-8 XML bytes.
  ///
  /// - Throws: ``LibXML2Error`` if libxml2 fails (out of memory).
  package static func bytes(of report: JUnitReport) throws(LibXML2Error) -> [UInt8] {
    guard let buffer = xmlBufferCreate() else { throw failure("xmlBufferCreate") }
    defer { xmlBufferFree(buffer) }
    guard let writer = xmlNewTextWriterMemory(buffer, 0) else {
      throw failure("xmlNewTextWriterMemory")
    }
    var writerFreed = false
    defer {
      if !writerFreed { xmlFreeTextWriter(writer) }
    }
    let xml = TextWriter(writer: writer)
    try xml.check(xmlTextWriterSetIndent(writer, 1), "xmlTextWriterSetIndent")
    try xml.check(xmlTextWriterSetIndentString(writer, "  "), "xmlTextWriterSetIndentString")
    try xml.check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "StartDocument")
    try xml.start("testsuites")
    // xunitparser gathers every suite's properties into one table and refuses a name twice, so
    // the standard dialect writes each property once per file; readers take a later suite's
    // subject from its `package`.
    var propertyNames: Set<String> = []
    func written(_ name: String) -> Bool { !propertyNames.insert(name).inserted }
    for (index, suite) in report.suites.enumerated() {
      let counts = suite.counts
      try xml.start("testsuite")
      try xml.attribute("name", suite.name)
      try xml.attribute("tests", String(counts.tests))
      try xml.attribute("failures", String(counts.failures))
      try xml.attribute("errors", String(counts.errors))
      try xml.attribute("skipped", String(counts.skipped))
      try xml.attribute("time", junitTime(suite.timeSeconds))
      try xml.attribute("timestamp", suite.timestamp)
      try xml.attribute("hostname", suite.hostname)
      try xml.attribute("id", String(index))
      try xml.attribute("package", suite.package)
      try xml.start("properties")
      // The strict dialect's schemas admit no flaky element: a flaky pass is named in a
      // property of its suite instead, so it is not read as a plain pass.
      let flaky =
        report.dialect == .strict
        ? suite.cases.filter { !$0.flakyFailures.isEmpty }.map {
          (
            name: "flaky",
            value: "\($0.qualifiedName): passed after \($0.flakyFailures.count) failed "
              + "attempt\($0.flakyFailures.count == 1 ? "" : "s"): \($0.flakyFailures[0].message)"
          )
        } : []
      for property in suite.properties + flaky
      where report.dialect == .strict || !written(property.name) {
        try xml.start("property")
        try xml.attribute("name", property.name)
        try xml.attribute("value", property.value)
        try xml.end()
      }
      try xml.end()
      for testCase in suite.cases {
        try write(testCase, dialect: report.dialect, with: xml)
      }
      try xml.element("system-out", text: suite.systemOut)
      try xml.element("system-err", text: "")
      try xml.end()
    }
    try xml.end()
    try xml.check(xmlTextWriterEndDocument(writer), "EndDocument")
    xmlFreeTextWriter(writer)
    writerFreed = true
    guard let content = xmlBufferContent(buffer) else { return [] }
    return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
  }

  private static func write(
    _ testCase: JUnitReport.Case, dialect: JUnitReport.Dialect, with xml: TextWriter
  ) throws(LibXML2Error) {
    try xml.start("testcase")
    try xml.attribute("classname", testCase.className)
    try xml.attribute("name", testCase.qualifiedName)
    try xml.attribute("time", junitTime(testCase.timeSeconds))
    if dialect == .standard, let file = testCase.file {
      try xml.attribute("file", file)
      if let line = testCase.line {
        try xml.attribute("line", String(line))
      }
    }
    switch testCase.result {
    case .passed:
      break
    case .failure(let type, let message, let body), .error(let type, let message, let body):
      let isFailure = if case .failure = testCase.result { true } else { false }
      try xml.start(isFailure ? "failure" : "error")
      try xml.attribute("type", type)
      try xml.attribute("message", message)
      try xml.text(body)
      try xml.end()
    case .skipped(let message):
      try xml.start("skipped")
      try xml.attribute("message", message)
      try xml.end()
    }
    if dialect == .standard, testCase.result == .passed {
      for flaky in testCase.flakyFailures {
        try xml.start("flakyFailure")
        try xml.attribute("message", flaky.message)
        try xml.attribute("type", flaky.type)
        try xml.element("stackTrace", text: flaky.body)
        try xml.end()
      }
    }
    if dialect == .standard, testCase.result.isFailure, !testCase.attachments.isEmpty {
      // One attachment a line, nothing else on it: how Jenkins' junit-attachments plugin and
      // GitLab find them.
      try xml.element(
        "system-out",
        text: testCase.attachments.map { "[[ATTACHMENT|\($0)]]\n" }.joined())
    }
    try xml.end()
  }

  private static func failure(_ call: String) -> LibXML2Error {
    LibXML2Error(documentName: "junit.xml", line: 0, message: "\(call) failed")
  }
}

/// Thin checked wrappers over one `xmlTextWriter`.
private struct TextWriter {
  let writer: xmlTextWriterPtr

  func check(_ status: Int32, _ call: String) throws(LibXML2Error) {
    guard status >= 0 else {
      throw LibXML2Error(documentName: "junit.xml", line: 0, message: "xmlTextWriter\(call) failed")
    }
  }

  func start(_ name: String) throws(LibXML2Error) {
    try check(xmlTextWriterStartElement(writer, name), "StartElement(\(name))")
  }

  func end() throws(LibXML2Error) {
    try check(xmlTextWriterEndElement(writer), "EndElement")
  }

  func attribute(_ name: String, _ value: String) throws(LibXML2Error) {
    try check(
      xmlTextWriterWriteAttribute(writer, name, XMLText.sanitize(value)), "WriteAttribute(\(name))")
  }

  func text(_ value: String) throws(LibXML2Error) {
    try check(xmlTextWriterWriteString(writer, XMLText.sanitize(value)), "WriteString")
  }

  func element(_ name: String, text value: String) throws(LibXML2Error) {
    try start(name)
    try text(value)
    try check(xmlTextWriterFullEndElement(writer), "FullEndElement(\(name))")
  }
}
