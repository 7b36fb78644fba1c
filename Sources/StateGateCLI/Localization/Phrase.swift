import Contracts

/// A fixed phrase a person reads around the localized failure-class texts: headings and
/// pointers of `explain` and `list`, and the overview's exit-status line.
///
/// Each language's table is its own file (`Phrase+Japanese.swift` …) with a switch over every
/// phrase, every exit status and every family, so the compiler checks none is missing; a test
/// checks that the identifiers a phrase quotes (`stategate explain CLASS`) appear in every
/// language.
enum Phrase: CaseIterable {
  /// `failure classes:` before the list `explain` prints without a class.
  case failureClasses
  /// What `explain` without a class suggests next.
  case explainOne
  /// The heading of `explain`'s typical causes.
  case typicalCauses
  /// The heading of `explain`'s place to look first.
  case whereToLook
  /// The heading of the failure classes in `list`.
  case listedClasses
  /// The heading of the overview's exit statuses.
  case exitStatuses
  /// What separates the items of a list in a sentence.
  case listSeparator
  /// What ends a list that stands as a sentence (the overview's exit statuses).
  case listEnd

  /// The phrase in `language`.
  func text(in language: Language) -> String {
    switch language {
    case .english: english
    case .japanese: japanese
    case .traditionalChinese: traditionalChinese
    case .korean: korean
    }
  }
}

extension ExitStatus {
  /// What the status means, in a few words, in `language` (the overview's line).
  func meaning(in language: Language) -> String {
    switch language {
    case .english: englishMeaning
    case .japanese: japaneseMeaning
    case .traditionalChinese: traditionalChineseMeaning
    case .korean: koreanMeaning
    }
  }
}

extension ContractFamily {
  /// The family's name for people, in `language`.
  func name(in language: Language) -> String {
    switch language {
    case .english: displayName
    case .japanese: japaneseName
    case .traditionalChinese: traditionalChineseName
    case .korean: koreanName
    }
  }
}
