/// A bug a runner recorded for a test (Swift Testing's `.bug(_:id:_:)` trait).
public struct TriageBug: Sendable, Codable, Equatable {
  /// The bug's address, when recorded.
  public var url: String?
  /// The bug's identifier in its tracker, when recorded.
  public var id: String?
  /// The bug's title, when recorded.
  public var title: String?

  /// Creates a bug.
  public init(url: String? = nil, id: String? = nil, title: String? = nil) {
    self.url = url
    self.id = id
    self.title = title
  }

  /// The bug as one line: its id, title and address, those recorded.
  public var text: String {
    let parts = [id, title.map { "\"\($0)\"" }, url].compactMap { $0 }
    return parts.isEmpty ? "(a bug without id, title or address)" : parts.joined(separator: " ")
  }
}
