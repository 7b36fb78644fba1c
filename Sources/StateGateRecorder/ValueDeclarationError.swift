/// Why a recorder refuses the value words an app declares.
public struct ValueDeclarationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The word refused.
  public let word: String
  /// Why, as a phrase.
  public let reason: String

  /// One line naming the word and why it cannot be a value.
  public var description: String {
    "cannot record value '\(word)': \(reason)"
  }
}
