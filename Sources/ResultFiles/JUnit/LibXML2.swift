import CLibXML2

/// The one place where stategate calls libxml2: thin wrappers that turn C results into Swift values.
///
/// No other module imports `CLibXML2`; everything that reads or writes XML goes through here.
package enum LibXML2 {
  /// The dotted version of the libxml2 headers the module was compiled against, such as `"2.9.14"`.
  package static let compiledVersion: String = LIBXML_DOTTED_VERSION

  /// The version number of the libxml2 library loaded at run time, such as `"20914"`.
  package static var runtimeVersion: String {
    String(cString: stategate_xml_parser_version())
  }

  /// Checks that `bytes` hold one well-formed XML document, reading them with the streaming reader.
  ///
  /// The reader never loads a DTD, never substitutes entities and never touches the network.
  ///
  /// - Parameters:
  ///   - bytes: The document's bytes, as stategate read them.
  ///   - documentName: The name used in errors, usually the file's path.
  /// - Returns: The number of elements in the document.
  /// - Throws: ``LibXML2Error`` naming the document, the line and libxml2's message.
  @discardableResult
  package static func checkWellFormed(_ bytes: [UInt8], documentName: String) throws(LibXML2Error)
    -> Int
  {
    let options = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOBLANKS.rawValue)
    let reader = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { base in
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
          xmlReaderForMemory(characters, Int32(clamping: buffer.count), documentName, nil, options)
        }
      } ?? nil
    }
    guard let reader else {
      throw LibXML2Error(documentName: documentName, line: 0, message: "the document is empty")
    }
    defer { xmlFreeTextReader(reader) }
    let sink = ReaderErrorSink()
    xmlTextReaderSetStructuredErrorHandler(
      reader, collectReaderError, Unmanaged.passUnretained(sink).toOpaque())
    var elements = 0
    while true {
      let status = xmlTextReaderRead(reader)
      if status == 1 {
        if xmlTextReaderNodeType(reader) == Int32(XML_READER_TYPE_ELEMENT.rawValue) {
          elements += 1
        }
        continue
      }
      if status == 0 && elements > 0 {
        return elements
      }
      let line = sink.line ?? Int(xmlTextReaderGetParserLineNumber(reader))
      throw LibXML2Error(
        documentName: documentName, line: line, message: sink.message ?? "no root element")
    }
  }
}

/// Keeps the first error libxml2 reports for a reader, instead of letting it print to stderr.
private final class ReaderErrorSink {
  var line: Int?
  var message: String?
}

/// The reader's structured error handler: records the first error in the ``ReaderErrorSink``.
private func collectReaderError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
  guard let context, let error else { return }
  let sink = Unmanaged<ReaderErrorSink>.fromOpaque(context).takeUnretainedValue()
  guard sink.message == nil else { return }
  sink.line = error.pointee.line > 0 ? Int(error.pointee.line) : nil
  sink.message = error.pointee.message.map { String(cString: $0).trimmingTrailingNewlines() }
}

extension String {
  fileprivate func trimmingTrailingNewlines() -> String {
    var text = self
    while text.last == "\n" || text.last == "\r" {
      text.removeLast()
    }
    return text
  }
}
