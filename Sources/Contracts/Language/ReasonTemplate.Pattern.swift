extension ReasonTemplate {
  /// A template's wording split into literal text and named placeholders (`{action}`).
  package struct Pattern: Hashable, Sendable {
    /// One piece of a pattern.
    package enum Segment: Hashable, Sendable {
      /// Text shown as it is.
      case literal(String)
      /// Where the argument of that name goes.
      case placeholder(String)
    }

    /// The pieces, in order.
    package var segments: [Segment]

    /// Splits `text` at its placeholders: a `{` followed by a name of letters and a `}`; any
    /// other brace is literal text.
    ///
    /// - Parameter text: A template's wording in one language.
    package init(_ text: String) {
      segments = []
      var literal = ""
      var rest = text[...]
      while let open = rest.firstIndex(of: "{") {
        literal += rest[..<open]
        let after = rest[rest.index(after: open)...]
        let name = after.prefix { $0.isLetter }
        let end = after[name.endIndex...]
        if !name.isEmpty, end.first == "}" {
          if !literal.isEmpty { segments.append(.literal(literal)) }
          literal = ""
          segments.append(.placeholder(String(name)))
          rest = end.dropFirst()
        } else {
          literal.append("{")
          rest = after
        }
      }
      literal += rest
      if !literal.isEmpty { segments.append(.literal(literal)) }
    }

    /// The names of the placeholders.
    package var placeholders: Set<String> {
      Set(
        segments.compactMap {
          if case .placeholder(let name) = $0 { return name }
          return nil
        })
    }

    /// The pattern with each placeholder replaced by `argument(name)`.
    ///
    /// - Parameter argument: The text of the argument of a placeholder's name.
    /// - Returns: The text.
    package func filled(_ argument: (String) -> String) -> String {
      segments.map {
        switch $0 {
        case .literal(let text): text
        case .placeholder(let name): argument(name)
        }
      }.joined()
    }
  }
}
