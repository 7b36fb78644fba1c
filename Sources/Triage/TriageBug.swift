/// A bug a runner recorded for a test (Swift Testing's `.bug(_:id:_:)` trait).
package struct TriageBug: Sendable, Codable, Equatable {
  /// The bug's address, when recorded.
  package var url: String?
  /// The bug's identifier in its tracker, when recorded.
  package var id: String?
  /// The bug's title, when recorded.
  package var title: String?

  /// Creates a bug.
  package init(url: String? = nil, id: String? = nil, title: String? = nil) {
    self.url = url
    self.id = id
    self.title = title
  }

  /// The bug as one line: its id, title and address, those recorded.
  package var text: String {
    let parts = [id, title.map { "\"\($0)\"" }, url].compactMap { $0 }
    return parts.isEmpty ? "(a bug without id, title or address)" : parts.joined(separator: " ")
  }
}
