/// A pattern that names cases by `suite/case` (or `suite/case@subject`), as `--filter`,
/// `--require` and `diff --removed` take it.
///
/// A pattern with `*` matches a name as a whole, `*` matching any run of characters; one without
/// `*` matches anywhere in the name.
public struct CasePattern: Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written.
  public var text: String

  /// Creates a pattern from its text.
  public init(_ text: String) {
    self.text = text
  }

  /// Whether the pattern matches `name`.
  public func matches(_ name: String) -> Bool {
    text.contains("*") ? Self.glob(text, matches: name) : name.contains(text)
  }

  /// The pattern as written.
  public var description: String { text }

  /// Whether `name` matches `pattern` as a whole, where `*` matches any run of characters.
  public static func glob(_ pattern: String, matches name: String) -> Bool {
    globMatches(Array(pattern), Array(name))
  }

  private static func globMatches(_ pattern: [Character], _ text: [Character]) -> Bool {
    var p = 0
    var t = 0
    var star: Int?
    var resume = 0
    while t < text.count {
      if p < pattern.count && pattern[p] != "*" && pattern[p] == text[t] {
        p += 1
        t += 1
      } else if p < pattern.count && pattern[p] == "*" {
        star = p
        resume = t
        p += 1
      } else if let star {
        p = star + 1
        resume += 1
        t = resume
      } else {
        return false
      }
    }
    while p < pattern.count && pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}
