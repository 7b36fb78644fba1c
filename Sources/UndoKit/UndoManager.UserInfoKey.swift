#if !canImport(Darwin)
import Foundation

extension UndoManager {
  /// A key for a value stored with the current group by `setActionUserInfoValue(_:forKey:)`.
  public struct UserInfoKey: Hashable, RawRepresentable, Sendable {
    /// The key's string.
    public var rawValue: String

    /// Creates a key from its string.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// Creates a key from its string.
    public init(_ rawValue: String) {
      self.rawValue = rawValue
    }
  }
}
#endif
