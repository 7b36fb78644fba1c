import Foundation
import ResultFiles
import Testing

/// The path of a fixture copied into the test bundle.
func fixture(_ name: String) throws -> String {
  let url = try #require(
    Bundle.module.url(
      forResource: (name as NSString).deletingPathExtension,
      withExtension: (name as NSString).pathExtension, subdirectory: "Fixtures"))
  return url.path
}

/// Names that tend to break XML writers: markup, entities, quotes, ANSI colour, control bytes.
let hostileName = "a <b> & \"c\" 'd' \u{1B}[31mred\u{1B}[0m \u{0}\u{7}\u{B}\u{FFFE} ]]> end"

/// A report with every result kind and hostile text everywhere.
func sampleReport() -> JUnitReport {
  JUnitReport(suites: [
    JUnitReport.Suite(
      name: "undo-history", package: "editor", timestamp: "2026-11-30T05:00:00",
      hostname: "ci-host", timeSeconds: 1.23456,
      properties: [("subject", "editor"), ("weird", hostileName)],
      cases: [
        .init(className: "undo-history", name: "passes", timeSeconds: 0.0004, result: .passed),
        .init(
          className: "undo-history", name: hostileName, timeSeconds: 12.3456789,
          result: .failure(
            type: "group-boundary", message: "step 3 'undo': expected value=0, got \(hostileName)",
            body: "trail\n  \(hostileName)\n")),
        .init(
          className: "undo-history", name: "skipped", timeSeconds: 0,
          result: .skipped(message: "requires documents")),
        .init(
          className: "undo-history", name: "stopped", timeSeconds: 0.5,
          result: .error(type: "interrupted", message: "interrupted after step 2", body: "")),
      ], systemOut: "out \(hostileName)"),
    JUnitReport.Suite(
      name: "optimistic-updates", package: "favorites", timestamp: "2026-11-30T05:00:01",
      hostname: "ci-host", timeSeconds: 0, properties: [], cases: [], systemOut: ""),
  ])
}

/// The JUnit writer: libxml2's text writer, sanitised input, both schemas.
@Suite("JUnit writer")
struct JUnitWriterTests {
  @Test(
    "The file validates against the Jenkins and the Ant schema",
    arguments: ["jenkins-xunit-junit-10.xsd", "windyroad-JUnit.xsd"])
  func validatesAgainstSchema(schema: String) throws {
    let bytes = try JUnitWriter.bytes(of: sampleReport())
    let errors = try LibXML2.validate(bytes, documentName: "junit.xml", schemaPath: fixture(schema))
    #expect(errors.isEmpty, "\(errors)")
  }

  @Test("A file the schema rejects is reported, so validation can fail")
  func schemaRejectsBrokenFile() throws {
    let broken = Array("<testsuites><testsuite name='x'/></testsuites>".utf8)
    let errors = try LibXML2.validate(
      broken, documentName: "broken.xml", schemaPath: fixture("windyroad-JUnit.xsd"))
    #expect(!errors.isEmpty)
  }

  @Test("Hostile names round-trip as text: markup escaped, ANSI and forbidden characters gone")
  func hostileTextRoundTrips() throws {
    let text = String(decoding: try JUnitWriter.bytes(of: sampleReport()), as: UTF8.self)
    #expect(try LibXML2.checkWellFormed(Array(text.utf8), documentName: "junit.xml") > 0)
    #expect(
      text.contains(
        "name=\"a &lt;b&gt; &amp; &quot;c&quot; 'd' red \u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD} ]]&gt; end\""
      ))
    #expect(!text.contains("\u{1B}"))
    #expect(!text.contains("\u{7}"))
  }

  @Test("Times have three decimals and counts match the cases")
  func timesAndCounts() throws {
    let text = String(decoding: try JUnitWriter.bytes(of: sampleReport()), as: UTF8.self)
    #expect(
      text.contains(
        "<testsuite name=\"undo-history\" tests=\"4\" failures=\"1\" errors=\"1\" skipped=\"1\" "
          + "time=\"1.235\""))
    #expect(text.contains("time=\"12.346\""))
    #expect(text.contains("time=\"0.000\""))
    #expect(text.contains("<failure type=\"group-boundary\""))
    #expect(text.contains("<error type=\"interrupted\""))
  }

  @Test("XMLText removes escape sequences and characters XML 1.0 forbids, and caps length")
  func sanitising() {
    #expect(XMLText.sanitize("\u{1B}[1;31mbold\u{1B}[0m") == "bold")
    #expect(XMLText.sanitize("\u{1B}]0;title\u{7}after") == "after")
    #expect(XMLText.sanitize("tab\tnew\nline\r") == "tab\tnew\nline\r")
    #expect(XMLText.sanitize("nul\u{0}") == "nul\u{FFFD}")
    #expect(XMLText.sanitize("abcdef", limit: 3) == "abc [truncated]")
  }

  @Test("junitparser and junit2html read the file: names, counts, types and messages")
  func pythonConsumersReadIt() throws {
    let python = try #require(
      ProcessInfo.processInfo.environment["STATEGATE_PYTHON"],
      "make test sets STATEGATE_PYTHON (ci/python-consumers.sh)")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "stategate-junit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let junit = directory.appendingPathComponent("junit.xml")
    try Data(try JUnitWriter.bytes(of: sampleReport())).write(to: junit)
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../ci/junit-consumers.py").standardized.path
    let html = directory.appendingPathComponent("report.html").path
    let result = try ChildProcess.run(python, [script, junit.path, html])
    #expect(result.status == 0, "\(result.error)")
    let seen = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let suites = try #require(seen["suites"] as? [[String: Any]])
    #expect(suites.map { $0["name"] as? String } == ["undo-history", "optimistic-updates"])
    let first = suites[0]
    #expect(first["tests"] as? Int == 4)
    #expect(first["failures"] as? Int == 1)
    #expect(first["errors"] as? Int == 1)
    #expect(first["skipped"] as? Int == 1)
    let cases = try #require(first["cases"] as? [[String: Any]])
    let failing = try #require(
      cases.first { ($0["results"] as? [[String: Any]])?.first?["kind"] as? String == "failure" })
    #expect((failing["results"] as? [[String: Any]])?.first?["type"] as? String == "group-boundary")
    #expect((failing["name"] as? String)?.hasPrefix("a <b> & \"c\"") == true)
    #expect(FileManager.default.fileExists(atPath: html))
  }
}
