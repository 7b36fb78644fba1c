/// What a person reads about a failure class, in one language.
public struct FailureClassText: Sendable, Equatable {
  /// The class in one short line, as `stategate list` shows it.
  public var summary: String
  /// What the class means, in one sentence.
  public var definition: String
  /// Typical causes in code.
  public var typicalCauses: [String]
  /// Where to look first.
  public var whereToLook: String

  /// Creates a text.
  public init(summary: String, definition: String, typicalCauses: [String], whereToLook: String) {
    self.summary = summary
    self.definition = definition
    self.typicalCauses = typicalCauses
    self.whereToLook = whereToLook
  }
}

extension FailureClass {
  /// What a person reads about the class, in `language`.
  ///
  /// Each language's table is its own file with a switch over every class, so the compiler
  /// checks that every class has its text in every language.
  ///
  /// - Parameter language: The language to read it in.
  /// - Returns: The summary, definition, typical causes and where to look.
  public func text(in language: Language) -> FailureClassText {
    switch language {
    case .english:
      FailureClassText(
        summary: summary, definition: definition, typicalCauses: typicalCauses,
        whereToLook: whereToLook)
    case .japanese: japaneseText
    case .traditionalChinese: traditionalChineseText
    case .korean: koreanText
    }
  }
}
