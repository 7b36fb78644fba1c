import ResultFiles
import Testing

/// The libxml2 link works and its reader reports errors with the document and line.
@Suite("libxml2 wrappers")
struct LibXML2Tests {
  @Test("The library loaded at run time is the 2.9 series the headers describe")
  func versionsAgree() {
    #expect(LibXML2.compiledVersion.hasPrefix("2."))
    let runtime = LibXML2.runtimeVersion
    #expect(Int(runtime).map { $0 >= 20_900 } == true, "runtime version \(runtime)")
    let dotted = LibXML2.compiledVersion.split(separator: ".").compactMap { Int($0) }
    #expect(dotted.count == 3)
    #expect(dotted.first == Int(runtime).map { $0 / 10_000 })
  }

  @Test("A well-formed document is read to the end and its elements counted")
  func readsWellFormedDocument() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites><testsuite name="a &amp; b"><testcase name="x"/></testsuite></testsuites>
      """
    #expect(try LibXML2.checkWellFormed(Array(xml.utf8), documentName: "ok.xml") == 3)
  }

  @Test("An ill-formed document gives an error naming the document and the line")
  func reportsIllFormedDocument() {
    let xml = "<testsuites>\n<testsuite name=\"a<b\">\n</testsuites>\n"
    #expect {
      try LibXML2.checkWellFormed(Array(xml.utf8), documentName: "bad.xml")
    } throws: { error in
      guard let error = error as? LibXML2Error else { return false }
      return error.documentName == "bad.xml" && error.line == 2
        && error.description.hasPrefix("'bad.xml':2: ")
    }
  }

  @Test("Empty input and text without a root element are errors, not documents")
  func rejectsEmptyAndRootless() {
    #expect(throws: LibXML2Error.self) {
      try LibXML2.checkWellFormed([], documentName: "empty.xml")
    }
    #expect(throws: LibXML2Error.self) {
      try LibXML2.checkWellFormed(Array("just text".utf8), documentName: "text.xml")
    }
  }

  @Test("External entities are never loaded")
  func doesNotExpandExternalEntities() throws {
    let xml = """
      <?xml version="1.0"?>
      <!DOCTYPE r [<!ENTITY leak SYSTEM "file:///etc/hostname">]>
      <r>&leak;</r>
      """
    #expect(try LibXML2.checkWellFormed(Array(xml.utf8), documentName: "xxe.xml") == 1)
  }
}
