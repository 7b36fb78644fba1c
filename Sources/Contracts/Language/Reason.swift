/// Why a failing case belongs to its class, as data: templates with their arguments, and observed
/// values that are never translated.
///
/// A classifier builds a reason from a ``ReasonTemplate`` and the values the experiment observed
/// (step numbers, keys, values, the text of an action); ``text(in:)`` phrases it in a language.
/// The English text is what every machine format records (`events.jsonl`, JUnit, `--format json`,
/// annotations), byte for byte what the classifier wrote before reasons became data; the console,
/// `summary.md` and the HTML report show the text in the language a person chose.
///
/// A reason read back from an archive, which records the English text only, is recovered by
/// ``init(english:)``; text no template matches stays as it was recorded.
package struct Reason: Hashable, Sendable, Codable {
  /// One piece of a reason.
  package enum Part: Hashable, Sendable, Codable {
    /// Text shown as it is in every language: an observed value, a key, a step's action, or a
    /// reason no template phrases yet.
    case data(String)
    /// A template with its arguments, by placeholder name.
    case template(ReasonTemplate, [String: Reason])
  }

  /// The pieces, shown one after the other.
  package var parts: [Part]

  /// Creates a reason of pieces shown one after the other.
  ///
  /// - Parameter parts: The pieces.
  package init(parts: [Part]) {
    self.parts = parts
  }

  /// Creates a reason that is the same text in every language.
  ///
  /// - Parameter data: The text.
  package init(_ data: String) {
    parts = [.data(data)]
  }

  /// Creates a reason from a template and its arguments.
  ///
  /// - Parameters:
  ///   - template: The template.
  ///   - arguments: A value for each of the template's placeholders, by name; a programmer error
  ///     (it traps in a debug build) when the names are not exactly the template's.
  package init(_ template: ReasonTemplate, _ arguments: [String: Reason] = [:]) {
    assert(
      Set(arguments.keys) == template.placeholders,
      "reason template '\(template.rawValue)' takes \(template.placeholders.sorted()), "
        + "not \(arguments.keys.sorted())")
    parts = [.template(template, arguments)]
  }

  /// The reason in `language`: each template in that language with its arguments in place.
  ///
  /// - Parameter language: The language to phrase it in.
  /// - Returns: The text; in English, the text every machine format records.
  package func text(in language: Language) -> String {
    parts.map { part in
      switch part {
      case .data(let text):
        return text
      case .template(let template, let arguments):
        return ReasonTemplate.Pattern(template.text(in: language)).filled {
          arguments[$0]?.text(in: language) ?? ""
        }
      }
    }.joined()
  }

  /// The reason in English, as machine formats record it.
  package var english: String { text(in: .english) }

  /// The reasons one after the other with `separator` (text shown as it is) between them.
  ///
  /// - Parameters:
  ///   - reasons: The reasons.
  ///   - separator: What goes between two of them, such as `"; "`.
  /// - Returns: One reason.
  package static func joined(_ reasons: [Reason], separator: String) -> Reason {
    var parts: [Part] = []
    for (index, reason) in reasons.enumerated() {
      if index > 0 { parts.append(.data(separator)) }
      parts += reason.parts
    }
    return Reason(parts: parts)
  }

  /// The reason with `transform` applied to every piece of data, in every argument (how a
  /// de-identified run scrubs the values a subject produced), the templates kept.
  ///
  /// - Parameter transform: What becomes of a piece of data.
  /// - Returns: The reason.
  package func mappingData(_ transform: (String) -> String) -> Reason {
    Reason(
      parts: parts.map { part in
        switch part {
        case .data(let text): .data(transform(text))
        case .template(let template, let arguments):
          .template(template, arguments.mapValues { $0.mappingData(transform) })
        }
      })
  }

  /// The pieces of `self` followed by those of `other`.
  package static func + (reason: Reason, other: Reason) -> Reason {
    Reason(parts: reason.parts + other.parts)
  }
}

extension Reason: ExpressibleByStringInterpolation {
  /// Creates a reason that is the same text in every language (an observed value).
  package init(stringLiteral value: String) {
    self.init(value)
  }
}
