/// Why an `.xcresult` bundle, or a JSON file `xcresulttool` wrote, could not be read.
///
/// Every error names the file it concerns; its ``kind`` says whether the input is missing,
/// damaged or records a run that did not finish, and so the verdict it earns (never `passed`).
package struct XCResultError: Error, Equatable, Sendable, CustomStringConvertible {
  /// How the input failed.
  package enum Kind: String, Equatable, Sendable {
    /// The path does not exist.
    case missing
    /// The input is damaged or not what it claims: unknown version, missing or truncated object,
    /// corrupt frame, an encoding that does not parse, a database without its tables.
    case malformed
  }

  /// The file (or bundle) at fault.
  package var path: String
  /// What is wrong, as a lowercase phrase.
  package var reason: String
  /// How the input failed.
  package var kind: Kind

  /// Creates an error.
  package init(path: String, reason: String, kind: Kind = .malformed) {
    self.path = path
    self.reason = reason
    self.kind = kind
  }

  /// `'PATH': REASON`.
  package var description: String { "'\(path)': \(reason)" }
}
