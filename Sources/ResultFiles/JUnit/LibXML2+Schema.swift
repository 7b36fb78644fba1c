import CLibXML2

extension LibXML2 {
  /// Validates an XML document against an XML Schema file.
  ///
  /// The document is parsed without network access, DTD loading or entity substitution.
  ///
  /// - Parameters:
  ///   - bytes: The document.
  ///   - documentName: The name used in errors.
  ///   - schemaPath: The path of the `.xsd` file.
  /// - Returns: The validation errors, as `line: message`; empty when the document is valid.
  /// - Throws: ``LibXML2Error`` if the schema or the document cannot be read at all.
  package static func validate(_ bytes: [UInt8], documentName: String, schemaPath: String)
    throws(LibXML2Error) -> [String]
  {
    let sink = SchemaErrorSink()
    let context = Unmanaged.passUnretained(sink).toOpaque()
    guard let parserContext = xmlSchemaNewParserCtxt(schemaPath) else {
      throw LibXML2Error(documentName: schemaPath, line: 0, message: "cannot open the schema")
    }
    defer { xmlSchemaFreeParserCtxt(parserContext) }
    xmlSchemaSetParserStructuredErrors(parserContext, collectSchemaError, context)
    guard let schema = xmlSchemaParse(parserContext) else {
      throw LibXML2Error(
        documentName: schemaPath, line: 0,
        message: sink.messages.first ?? "the schema does not parse")
    }
    defer { xmlSchemaFree(schema) }
    guard let validation = xmlSchemaNewValidCtxt(schema) else {
      throw LibXML2Error(documentName: schemaPath, line: 0, message: "xmlSchemaNewValidCtxt failed")
    }
    defer { xmlSchemaFreeValidCtxt(validation) }
    xmlSchemaSetValidStructuredErrors(validation, collectSchemaError, context)
    let options = Int32(bitPattern: XML_PARSE_NONET.rawValue)
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { base in
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
          xmlReadMemory(characters, Int32(clamping: buffer.count), documentName, nil, options)
        }
      } ?? nil
    }
    guard let document else {
      throw LibXML2Error(
        documentName: documentName, line: 0, message: "the document does not parse")
    }
    defer { xmlFreeDoc(document) }
    sink.messages.removeAll()
    _ = xmlSchemaValidateDoc(validation, document)
    return sink.messages
  }
}

/// Collects schema errors instead of letting libxml2 print them.
private final class SchemaErrorSink {
  var messages: [String] = []
}

private func collectSchemaError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
  guard let context, let error else { return }
  let sink = Unmanaged<SchemaErrorSink>.fromOpaque(context).takeUnretainedValue()
  var message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
  while message.hasSuffix("\n") { message.removeLast() }
  sink.messages.append("\(error.pointee.line): \(message)")
}
