/// A document that libxml2 could not read, with the place where reading stopped.
package struct LibXML2Error: Error, Equatable, Sendable, CustomStringConvertible {
  /// The document's name as given by the caller, usually a file path.
  package var documentName: String
  /// The 1-based line where libxml2 stopped, or 0 when it reported none.
  package var line: Int
  /// libxml2's own description of the problem.
  package var message: String

  /// Creates an error for `documentName` at `line`.
  package init(documentName: String, line: Int, message: String) {
    self.documentName = documentName
    self.line = line
    self.message = message
  }

  /// The error as one line: `'path':line: message`.
  package var description: String {
    "'\(documentName)':\(line): \(message)"
  }
}
