import ResultSchema

/// Replaces record and document ids with salted hashes for one run: the same id always gives
/// the same token within the run, and the salt is never written anywhere.
public final class Deidentifier: @unchecked Sendable {
  private let salt: [UInt8]
  private var tokens: [String: String] = [:]
  private var owners: [String: String] = [:]

  /// Creates a de-identifier with a fresh random salt.
  public convenience init() {
    var generator = SystemRandomNumberGenerator()
    self.init(salt: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
  }

  /// Creates a de-identifier with a given salt (tests use a fixed one).
  public init(salt: [UInt8]) {
    self.salt = salt
  }

  /// The token for `id`: `id-` and ten or more hex digits of HMAC-SHA-256(salt, id).
  public func token(for id: String) -> String {
    if let token = tokens[id] { return token }
    let digest = SHA256.hmac(key: salt, message: Array(id.utf8))
    var length = 5
    var token = Self.format(digest, bytes: length)
    while let owner = owners[token], owner != id, length < digest.count {
      length += 1
      token = Self.format(digest, bytes: length)
    }
    tokens[id] = token
    owners[token] = id
    return token
  }

  /// Replaces every token this de-identifier issued in `text` with its id again, for output
  /// that stays on the user's terminal.
  public func reidentify(_ text: String) -> String {
    guard !owners.isEmpty, text.contains("id-") else { return text }
    var result = ""
    var rest = Substring(text)
    while let start = rest.range(of: "id-") {
      result += rest[..<start.lowerBound]
      let hex = rest[start.upperBound...].prefix { $0.isHexDigit && !$0.isUppercase }
      let token = "id-" + hex
      if let id = owners[String(token)] {
        result += id
        rest = rest[start.upperBound...].dropFirst(hex.count)
      } else {
        result += "id-"
        rest = rest[start.upperBound...]
      }
    }
    return result + rest
  }

  private static func format(_ digest: [UInt8], bytes: Int) -> String {
    "id-"
      + digest.prefix(bytes).map { byte in
        let hex = String(byte, radix: 16)
        return hex.count == 1 ? "0" + hex : hex
      }.joined()
  }
}
