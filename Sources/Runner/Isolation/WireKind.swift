/// A message kind between a parent and its worker processes, spelt on the wire as its raw value.
///
/// A word this build does not know reads as a kind of its own (each conforming enum has an
/// `unknown(String)` case), so the receiver refuses it by name instead of failing to decode the
/// whole message; encoding writes the raw value back unchanged.
package protocol WireKind: Codable, Hashable, Sendable {
  /// The kind a word on the wire names; never fails.
  init(rawValue: String)
  /// The word on the wire.
  var rawValue: String { get }
}

extension WireKind {
  /// Reads the kind from its word.
  package init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
  }

  /// Writes the kind's word.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
