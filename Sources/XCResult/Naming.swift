/// How a test of a bundle is named, the same whichever reader found it.
///
/// The identity is the test identifier (`Suite/Nested/testName()`): the suite is its parts but
/// the last, joined with `.`, as Swift Testing's JUnit and the event stream name a class; the name
/// is the function, with a parameterised case's arguments in place of its labels
/// (`testLogin("admin")`); the display name (`@Test("Login works")`) is shown, never identity.
package enum Naming {
  /// The suite, name and display name of one case.
  static func of(identifier: String, name: String, displayName: String?, arguments: String?)
    -> (suite: String, name: String, displayName: String?)
  {
    var parts = identifier.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    let last = parts.count > 1 ? parts.removeLast() : (name.isEmpty ? identifier : name)
    var function = name.isEmpty ? last : name
    if !function.contains("(") { function += "()" }
    var shown = displayName.flatMap { $0 == function || $0.isEmpty ? nil : $0 }
    if let arguments {
      let visible = escapingControls(arguments, keepingLineBreaks: false)
      let base = function.prefix { $0 != "(" }
      function = "\(base)(\(visible))"
      shown = shown.map { "\($0) (\(visible))" }
    }
    return (parts.joined(separator: "."), function, shown)
  }

  /// `text` with its control characters (XML cannot carry them) written as `\uXXXX`, as
  /// trainer writes them, so arguments such as `"\u{1}"` and `"\u{2}"` keep distinct names;
  /// tab, line feed and carriage return stay when `keepingLineBreaks`.
  package static func escapingControls(_ text: String, keepingLineBreaks: Bool) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      return text
    }
    var out = ""
    for scalar in text.unicodeScalars {
      let kept = keepingLineBreaks && [0x09, 0x0A, 0x0D].contains(scalar.value)
      if (scalar.value < 0x20 || scalar.value == 0x7F) && !kept {
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A suite identifier with `/` turned into `.`.
  static func dotted(_ identifier: String) -> String {
    identifier.split(separator: "/").joined(separator: ".")
  }
}
