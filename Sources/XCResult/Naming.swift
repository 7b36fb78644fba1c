/// How a test of a bundle is named, the same whichever reader found it.
///
/// The identity is the test identifier (`Suite/Nested/testName()`): the suite is its parts but
/// the last, joined with `.`, as Swift Testing's JUnit and the event stream name a class; the name
/// is the function, with a parameterised case's arguments in place of its labels
/// (`testLogin("admin")`); the display name (`@Test("Login works")`) is shown, never identity.
enum Naming {
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
      let base = function.prefix { $0 != "(" }
      function = "\(base)(\(arguments))"
      shown = shown.map { "\($0) (\(arguments))" }
    }
    return (parts.joined(separator: "."), function, shown)
  }

  /// A suite identifier with `/` turned into `.`.
  static func dotted(_ identifier: String) -> String {
    identifier.split(separator: "/").joined(separator: ".")
  }
}
